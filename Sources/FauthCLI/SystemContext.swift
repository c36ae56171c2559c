import FauthCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension CLIContext {
    /// The real process: its environment, file descriptors 0–2, the file system, `/dev/tty`, the network (libcurl,
    /// for every request) and the system clock.
    package static func system() -> CLIContext {
        let (environment, malformed) = SystemIO.environment()
        return CLIContext(
            environment: environment,
            malformedVariables: malformed,
            writeOutput: { try SystemIO.writeOutput($0) },
            writeError: { try? FileDescriptorIO.writeAll(2, Array($0.utf8)) },
            readInput: { try SystemIO.readStandardInput(limit: $0) },
            readFile: { try SystemIO.readFile($0, limit: $1, within: $2) },
            askSecret: { PasswordPrompt.ask($0, interruptMessage: $1, limit: $2) },
            hasTerminal: { PasswordPrompt.hasTerminal() },
            transport: CurlTransport(proxies: ProxySettings(environment: environment)),
            now: { UnixTime.now() },
            openBrowser: { BrowserLauncher.open($0, environment: environment) },
            catchingInterrupts: { try InterruptSignals.catching($0) },
            outputIsTerminal: isatty(1) == 1, inputAndErrorAreTerminals: isatty(0) == 1 && isatty(2) == 1)
    }
}

extension FauthCommandLine {
    /// Runs `fauth` as the process it is: its argv (as bytes, checked to be UTF-8) in the system context, Ctrl-C,
    /// SIGTERM, SIGHUP or SIGQUIT at any moment ending it with its error (`EndingSignal`). SIGPIPE is ignored, so that
    /// output to a pipe whose reader is gone fails with `io-error` (EPIPE) instead of killing fauth; what fauth starts
    /// (the browser) gets the default back.
    package static func main() -> Int32 {
        let arguments = SystemIO.arguments()
        signal(SIGPIPE, SIG_IGN)
        let json = wantsJSON(arguments)
        InterruptExit.install { ErrorRenderer.render(FauthError($0), json: json, command: nil) }
        return run(rawArguments: arguments, context: .system())
    }
}

/// Thin wrappers over the system calls the executable needs.
enum SystemIO {
    /// The arguments after the program name, as the bytes the kernel passed.
    static func arguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }

    /// The environment as a dictionary (the first of duplicate names wins, as getenv does), and the names whose
    /// values are not valid UTF-8 (left out of the dictionary rather than repaired into other text).
    /// Splits each entry at its first `=` byte (not by Characters, which would cost grapheme breaking at every start).
    static func environment() -> (values: [String: String], malformed: Set<String>) {
        var count = 0
        while environ[count] != nil { count += 1 }
        var result: [String: String] = .init(minimumCapacity: count)
        var malformed: Set<String> = []
        for index in 0..<count {
            guard let entry = environ[index], let equals = strchr(entry, Int32(UInt8(ascii: "="))) else { continue }
            let name = String(decoding: UnsafeRawBufferPointer(start: entry, count: equals - entry), as: UTF8.self)
            guard result[name] == nil, !malformed.contains(name) else { continue }
            // As a C string: the standard library's own validation, where `String(validating:as:)` ran its generic
            // code, unspecialised (0.05 M instructions for 35 variables).
            if let text = String(validatingCString: equals + 1) {
                result[name] = text
            } else {
                malformed.insert(name)
            }
        }
        return (result, malformed)
    }

    /// Writes all of `text` to standard output; a failure is `io-error`.
    static func writeOutput(_ text: String) throws {
        do {
            try FileDescriptorIO.writeAll(1, Array(text.utf8))
        } catch {
            throw FauthError(
                .ioError, message: "cannot write to standard output: \(error.description)",
                underlying: UnderlyingError(
                    domain: "posix", code: Int(error.code), message: "write: \(error.description)"))
        }
    }

    /// Reads standard input to its end; nil past `limit` bytes.
    static func readStandardInput(limit: Int) throws -> [UInt8]? {
        do {
            return try FileDescriptorIO.readAll(0, limit: limit)
        } catch {
            throw FauthError(.usage, message: "cannot read standard input: \(error.description)")
        }
    }

    /// Reads a file to its end within `seconds` (`InputFile`); nil past `limit` bytes.
    static func readFile(_ path: String, limit: Int, within seconds: Double) throws -> [UInt8]? {
        do throws(InputFile.Problem) {
            return try InputFile.read(path, limit: limit, within: seconds)
        } catch {
            if case .tooLarge = error { return nil }
            throw FauthError(.usage, message: "'\(path)' \(error.description)")
        }
    }
}
