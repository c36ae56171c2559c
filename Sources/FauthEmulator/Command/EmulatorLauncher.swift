import FauthBuild
import Glibc

/// The `fauth-emulator` program: parses the command line, serves, runs `exec` commands, imports and exports.
package enum EmulatorLauncher {
    /// Runs the program with `arguments` (program name first) and returns its exit status.
    package static func run(arguments: [String]) -> Int32 {
        if let status = ExecGuard.runIfGuard(arguments: arguments, environment: currentEnvironment) {
            return status
        }
        let command: EmulatorCommand
        do {
            command = try EmulatorCommand.parse(Array(arguments.dropFirst()))
        } catch {
            Console.complain("\(error)\nTry 'fauth-emulator --help' for more information.")
            return 2
        }
        switch command {
        case .help:
            Console.print(EmulatorCommand.usage)
            return 0
        case .version(let json):
            Console.print(
                json
                    ? FauthVersion.jsonObject(program: "fauth-emulator", libraries: [:]).serialized() + "\n"
                    : "fauth-emulator \(FauthVersion.current)\n")
            return 0
        case .serve(let options):
            return serve(options)
        case .exec(let options, let command):
            return exec(command, options: options)
        }
    }

    private static func serve(_ options: EmulatorOptions) -> Int32 {
        let signals = SignalWaiter(blocking: [SIGINT, SIGTERM])
        guard let (emulator, server) = start(options, defaultPort: 9099) else { return 1 }
        let authority = EmulatorOptions.authority(host: options.host, port: server.port)
        Console.print("fauth-emulator listening on http://\(authority) (project \(options.projectId))\n")
        let messages = printMessages(of: emulator, to: STDOUT_FILENO, options)
        _ = signals.wait()
        server.stop()
        messages?.drain(seconds: 1)
        return export(emulator, options) ? 0 : 1
    }

    private static func exec(_ command: [String], options: EmulatorOptions) -> Int32 {
        let signals = SignalWaiter(blocking: [SIGINT, SIGTERM, SIGCHLD])
        guard let (emulator, server) = start(options, defaultPort: 0) else { return 1 }
        let authority = EmulatorOptions.authority(host: options.host, port: server.port)
        guard
            let stateHome = ExecEnvironment.makeStateFolder(
                temporaryDirectory: getenv("TMPDIR").map { String(cString: $0) })
        else {
            Console.complain("cannot create a state folder for the command: \(String(cString: strerror(errno)))")
            server.stop()
            return 1
        }
        // The command's standard output stays its own: the links and codes go to standard error.
        let messages = printMessages(of: emulator, to: STDERR_FILENO, options)
        let environment = ExecEnvironment.make(
            base: currentEnvironment(), authority: authority, projectId: options.projectId, stateHome: stateHome,
            binaries: executableDirectory())
        // The command runs under a guard that ends it if this process dies, even of SIGKILL; the guard stops a
        // command that will not stop, so here signals are only relayed to it.
        let status: Int32
        if let guarded = ExecGuard.guarded(command) {
            status = ExecRunner(signals: signals, stopGraceSeconds: nil).run(
                guarded, environment: environment + [ExecGuard.marker])
        } else {
            status = ExecRunner(signals: signals).run(command, environment: environment)
        }
        ExecEnvironment.removeTree(stateHome)
        server.stop()
        messages?.drain(seconds: 1)
        // A failed export fails a command that succeeded; a command that failed keeps its own status, which says more.
        return export(emulator, options) || status != 0 ? status : 1
    }

    /// Makes the emulator, imports if asked, binds and starts the server; complains and returns nil on failure.
    private static func start(_ options: EmulatorOptions, defaultPort: Int) -> (AuthEmulator, HTTPServer)? {
        signal(SIGPIPE, SIG_IGN)
        let emulator = AuthEmulator(projectId: options.projectId)
        if let directory = options.importDirectory, access(directory, F_OK) != 0, errno == ENOENT {
            // As Firebase's CLI does: a first run of `--import DIR --export-on-exit DIR` starts empty.
            Console.complain("warning: import folder \(directory) does not exist; starting with no accounts")
        } else if let directory = options.importDirectory {
            do {
                try emulator.importState(from: directory)
            } catch {
                Console.complain("cannot import \(directory): \(error)")
                return nil
            }
        }
        if options.signTokens {
            do {
                try emulator.signTokens()
            } catch {
                Console.complain("cannot sign tokens: \(error)")
                return nil
            }
        }
        let configuration = HTTPServerConfiguration(
            host: options.host, port: options.port ?? defaultPort,
            idleTimeoutSeconds: options.idleTimeoutSeconds,
            maxConnections: options.maxConnections,
            maxBufferedBytes: options.requestMemoryMiB << 20)
        do {
            let server = try HTTPServer(configuration: configuration, handler: { emulator.handle($0) })
            emulator.setLinkAuthority(EmulatorOptions.authority(host: options.host, port: server.port))
            if !isLoopback(options.host) {
                Console.complain(
                    "warning: listening on \(options.host), beyond this machine: anyone who can reach it can read and "
                        + "change every account (passwords are stored in clear), with no credential but `Bearer owner`")
            }
            server.start()
            return (emulator, server)
        } catch {
            Console.complain("\(error)")
            return nil
        }
    }

    /// Prints the emulator's email links and SMS codes on `descriptor` as Firebase's emulator prints them
    /// (`i  To sign in as …`), unless `--quiet`; the writer, to drain before exiting.
    private static func printMessages(of emulator: AuthEmulator, to descriptor: Int32, _ options: EmulatorOptions)
        -> ConsoleLineWriter?
    {
        guard !options.quiet else { return nil }
        let writer = ConsoleLineWriter(descriptor: descriptor)
        emulator.printMessages { line in writer.write("i  \(line)\n") }
        return writer
    }

    /// Exports when `--export-on-exit` was given; false (after complaining) when that fails.
    private static func export(_ emulator: AuthEmulator, _ options: EmulatorOptions) -> Bool {
        guard let directory = options.exportOnExitDirectory else { return true }
        do {
            try emulator.exportState(to: directory)
            return true
        } catch {
            Console.complain("cannot export to \(directory): \(error)")
            return false
        }
    }

    /// The folder holding the running executable (where `fauth` is built too).
    static func executableDirectory() -> String? {
        guard let path = executablePath(), let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// This program's path (`/proc/self/exe`), nil when it cannot be read.
    static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func currentEnvironment() -> [String] {
        var result: [String] = []
        var entry = environ
        while let pointer = entry.pointee {
            result.append(String(cString: pointer))
            entry += 1
        }
        return result
    }

    /// Whether `host` names this machine only: `localhost`, an address in 127.0.0.0/8, or `::1`.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
