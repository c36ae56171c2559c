#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import FauthCore

extension CLIContext {
    /// The real process: its environment, file descriptors 0–2, the file system, `/dev/tty`, the network (libcurl,
    /// or a plain socket for an emulator on this machine) and the system clock.
    public static func system() -> CLIContext {
        CLIContext(
            environment: SystemIO.environment(),
            writeOutput: { SystemIO.send($0, to: 1) },
            writeError: { SystemIO.send($0, to: 2) },
            readInput: { try SystemIO.readAll(descriptor: 0) },
            readFile: { try SystemIO.readFile($0) },
            askSecret: { prompt, interrupt in
                switch PasswordPrompt.ask(prompt, interruptMessage: interrupt) {
                case .secret(let secret): return .secret(secret)
                case .noTerminal: return .noTerminal
                case .endOfInput: return .endOfInput
                }
            },
            transport: SystemTransport(),
            now: { Date() })
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

    /// Writes all of `text` to a descriptor; errors (a closed pipe) are dropped.
    static func send(_ text: String, to descriptor: Int32) {
        try? FileDescriptorIO.writeAll(descriptor, Array(text.utf8))
    }

    /// Reads a descriptor to its end.
    static func readAll(descriptor: Int32) throws -> [UInt8] {
        do {
            return try FileDescriptorIO.readAll(descriptor, limit: .max) ?? []
        } catch {
            throw FauthError(.usage, message: "cannot read standard input: \(error.description)")
        }
    }

    /// Reads a whole file.
    static func readFile(_ path: String) throws -> [UInt8] {
        do {
            let descriptor = try FileDescriptorIO.openForReading(path, followingLinks: true)
            defer { close(descriptor) }
            return try FileDescriptorIO.readAll(descriptor, limit: .max) ?? []
        } catch {
            throw FauthError(.usage, message: "cannot read \(path): \(error.description)")
        }
    }
}
