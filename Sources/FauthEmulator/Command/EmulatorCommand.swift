/// A bad command line; `fauth-emulator` prints the message and exits with status 2.
package struct EmulatorUsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. `unknown option --prot (did you mean --port?)`.
    package let description: String
}

/// What the `fauth-emulator` command line asks for.
package enum EmulatorCommand: Sendable, Equatable {
    /// Serve until SIGINT or SIGTERM.
    case serve(EmulatorOptions)
    /// Serve while running a command, then exit with its status.
    case exec(EmulatorOptions, command: [String])
    /// Print the usage text.
    case help
    /// Print the version; as a JSON object with `--json`.
    case version(json: Bool)

    /// The text printed by `--help`.
    package static let usage = """
        Usage: fauth-emulator [OPTIONS]
               fauth-emulator exec [OPTIONS] -- COMMAND [ARGS...]
               fauth-emulator exec [OPTIONS] 'SHELL COMMAND LINE'

        A local Firebase Authentication emulator, compatible with `firebase emulators:start --only auth`.

        The first form serves until SIGINT or SIGTERM and prints one line when ready:
          fauth-emulator listening on http://HOST:PORT (project ID)
        The exec form starts on a free port, runs COMMAND with FIREBASE_AUTH_EMULATOR_HOST and GCLOUD_PROJECT set,
        the folder of fauth-emulator first on PATH and XDG_STATE_HOME set to a fresh folder removed afterwards (so
        fauth's sessions in the command are its own, never the user's) and FAUTH_ENDPOINT removed (it names another
        backend), then stops and exits with the command's status. One argument holding a space is a shell command
        line, run with /bin/sh -c.

        Options:
          --host HOST             address to listen on (default 127.0.0.1)
          --port PORT             port to listen on; 0 picks a free one (default 9099; exec: a free port)
          --project ID            the default project, where API-key requests land (default demo-fauth);
                                  each project ID in a route's path has a state of its own
          --import DIR            load every project's accounts, config and tenants from an export directory
          --export-on-exit DIR    export every project's accounts, config and tenants to DIR on exit
          --max-connections N     connections held open at once; past it the longest-idle one is closed,
                                  or the newcomer gets 503 when all are busy (default 10000)
          --idle-timeout SECONDS  close a keep-alive connection idle this long (default 15)
          --request-memory MIB    request bytes held at once across connections; past it 503 (default 64)
          --sign-tokens           sign ID tokens and session cookies with RS256 and publish the keys where
                                  Google does (default: unsigned, alg none, as Firebase's emulator mints them)
          --quiet                 do not print email action links and SMS codes (printed as Firebase's
                                  emulator prints them: on stdout, under exec on stderr)
          -h, --help              print this help
          --version [--json]      print the version; with --json, with the commit and date of the build

        """

    /// The bytes a project ID may hold.
    private static let projectIdBytes = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._:".utf8)

    private static let valueOptions = [
        "--host", "--port", "--project", "--import", "--export-on-exit", "--max-connections",
        "--idle-timeout", "--request-memory",
    ]
    private static let flagOptions = ["--help", "-h", "--version", "--sign-tokens", "--quiet"]

    /// Parses the arguments that follow the program name.
    package static func parse(_ arguments: [String]) throws(EmulatorUsageError) -> EmulatorCommand {
        var remaining = arguments[...]
        let isExec = remaining.first == "exec"
        if isExec { remaining.removeFirst() }
        var options = EmulatorOptions()
        var command: [String] = []
        while let argument = remaining.popFirst() {
            if argument == "--" {
                command = Array(remaining)
                break
            }
            if argument == "--help" || argument == "-h" { return .help }
            if argument == "--version" { return .version(json: remaining.prefix { $0 != "--" }.contains("--json")) }
            if argument == "--json", remaining.prefix(while: { $0 != "--" }).contains("--version") {
                return .version(json: true)
            }
            if argument == "--sign-tokens" {
                options.signTokens = true
                continue
            }
            if argument == "--quiet" {
                options.quiet = true
                continue
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                guard isExec else { throw unexpectedArgument(argument) }
                command = [argument] + remaining
                break
            }
            let (name, inlineValue) = splitOption(argument)
            guard valueOptions.contains(name) else { throw unknownOption(name) }
            guard let value = inlineValue ?? remaining.popFirst() else {
                throw EmulatorUsageError(description: "option \(name) needs a value")
            }
            try apply(name, value, to: &options)
        }
        if isExec {
            guard !command.isEmpty else {
                throw EmulatorUsageError(
                    description: "exec needs a command: fauth-emulator exec [OPTIONS] -- COMMAND [ARGS...]")
            }
            return .exec(options, command: command)
        }
        if !command.isEmpty { throw unexpectedArgument(command[0]) }
        return .serve(options)
    }

    /// `--name=value` → (`--name`, `value`); `--name` → (`--name`, nil).
    private static func splitOption(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func apply(_ name: String, _ value: String, to options: inout EmulatorOptions)
        throws(EmulatorUsageError)
    {
        switch name {
        case "--host":
            guard !value.isEmpty else { throw EmulatorUsageError(description: "--host needs a non-empty value") }
            options.host = value.hasPrefix("[") && value.hasSuffix("]") ? String(value.dropFirst().dropLast()) : value
        case "--port":
            guard let port = Int(value), (0...65535).contains(port) else {
                throw EmulatorUsageError(description: "invalid port \(value): expected a number from 0 to 65535")
            }
            options.port = port
        case "--project":
            // It goes into every route's path (`/projects/{id}/…`): letters, digits and `-._:` only, as Google's project
            // IDs (with the old domain-scoped `example.com:name`) are.
            guard !value.isEmpty else { throw EmulatorUsageError(description: "--project needs a non-empty value") }
            guard value.utf8.allSatisfy({ Self.projectIdBytes.contains($0) }) else {
                throw EmulatorUsageError(
                    description: "invalid project ID \(value): use letters, digits, '-', '.', '_' or ':'")
            }
            options.projectId = value
        case "--import":
            options.importDirectory = value
        case "--max-connections":
            guard let count = Int(value), (1...1_000_000).contains(count) else {
                throw EmulatorUsageError(
                    description: "invalid --max-connections \(value): expected a number from 1 to 1000000")
            }
            options.maxConnections = count
        case "--idle-timeout":
            guard let seconds = Double(value), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                throw EmulatorUsageError(
                    description: "invalid --idle-timeout \(value): expected seconds, more than 0 and at most 86400")
            }
            options.idleTimeoutSeconds = seconds
        case "--request-memory":
            guard let mebibytes = Int(value), (1...65_536).contains(mebibytes) else {
                throw EmulatorUsageError(description: "invalid --request-memory \(value): expected MiB from 1 to 65536")
            }
            options.requestMemoryMiB = mebibytes
        default:
            options.exportOnExitDirectory = value
        }
    }

    private static func unknownOption(_ name: String) -> EmulatorUsageError {
        let suggestion = closest(to: name, among: valueOptions + flagOptions).map { " (did you mean \($0)?)" } ?? ""
        return EmulatorUsageError(description: "unknown option \(name)\(suggestion)")
    }

    private static func unexpectedArgument(_ argument: String) -> EmulatorUsageError {
        let suggestion = closest(to: argument, among: ["exec"]).map { " (did you mean \($0)?)" } ?? ""
        return EmulatorUsageError(description: "unexpected argument \(argument)\(suggestion)")
    }

    /// The candidate nearest to `word` by edit distance, when it is near enough to be a likely typo.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(word, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(1, min(3, best.0.count / 3)) ? best.0 : nil
    }

    /// The edit distance between two strings, over characters, where swapping two neighbours costs one
    /// (optimal string alignment).
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs)
        let right = Array(rhs)
        var distance = [[Int]](repeating: [Int](repeating: 0, count: right.count + 1), count: left.count + 1)
        for i in 0...left.count { distance[i][0] = i }
        for j in 0...right.count { distance[0][j] = j }
        for i in stride(from: 1, through: left.count, by: 1) {
            for j in stride(from: 1, through: right.count, by: 1) {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                distance[i][j] = min(distance[i - 1][j] + 1, distance[i][j - 1] + 1, distance[i - 1][j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    distance[i][j] = min(distance[i][j], distance[i - 2][j - 2] + 1)
                }
            }
        }
        return distance[left.count][right.count]
    }
}
