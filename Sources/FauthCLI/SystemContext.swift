#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FauthCore

extension CLIContext {
    /// The real process: its environment, file descriptors 0–2, `/dev/tty`, and the network (libcurl, or a plain
    /// socket for an emulator on this machine).
    public static func system() -> CLIContext {
        CLIContext(
            environment: SystemIO.environment(),
            writeOutput: { SystemIO.send($0, to: 1) },
            writeError: { SystemIO.send($0, to: 2) },
            readInput: { try SystemIO.readAll(descriptor: 0) },
            askSecret: { prompt, interrupt in
                switch PasswordPrompt.ask(prompt, interruptMessage: interrupt) {
                case .secret(let secret): return .secret(secret)
                case .noTerminal: return .noTerminal
                case .endOfInput: return .endOfInput
                }
            },
            transport: SystemTransport())
    }
}

/// Thin wrappers over the system calls the executable needs.
enum SystemIO {
    /// The environment as a dictionary (the first of duplicate names wins, as getenv does).
    /// Splits each entry at its first `=` byte (not by Characters, which would cost grapheme breaking at every start).
    static func environment() -> [String: String] {
        var count = 0
        while environ[count] != nil { count += 1 }
        var result: [String: String] = .init(minimumCapacity: count)
        for index in 0..<count {
            guard let entry = environ[index], let equals = strchr(entry, Int32(UInt8(ascii: "="))) else { continue }
            let name = String(decoding: UnsafeRawBufferPointer(start: entry, count: equals - entry), as: UTF8.self)
            if result[name] == nil { result[name] = String(cString: equals + 1) }
        }
        return result
    }

    /// Writes all of `text` to a descriptor, retrying short writes and EINTR; errors (a closed pipe) are dropped.
    static func send(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Reads a descriptor to its end.
    static func readAll(descriptor: Int32) throws -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FauthError(.usage, message: "cannot read standard input: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
        }
    }

    /// Reads a whole file.
    static func readFile(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FauthError(.usage, message: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        return try readAll(descriptor: descriptor)
    }
}
