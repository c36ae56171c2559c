import FauthBuild
import FauthCore

/// The `fauth` program: parses argv, runs one command, prints its result or error, and returns the exit status.
package enum FauthCommandLine {
    /// Runs `fauth` with the argument bytes after the program name: each must be valid UTF-8 (emails, tokens and
    /// paths are never repaired into other text), else the run is a usage error naming the argument's position.
    package static func run(rawArguments: [[UInt8]], context: CLIContext) -> Int32 {
        var arguments: [String] = []
        for (index, bytes) in rawArguments.enumerated() {
            guard let argument = String(validating: bytes, as: UTF8.self) else {
                let error = FauthError.usage(
                    "argument \(index + 1) is not valid UTF-8: fauth takes its arguments as UTF-8 text")
                return fail(error, json: wantsJSON(rawArguments), command: nil, context: context)
            }
            arguments.append(argument)
        }
        return run(arguments: arguments, context: context)
    }

    /// Runs `fauth` with the arguments after the program name; returns the process exit status.
    package static func run(arguments: [String], context: CLIContext) -> Int32 {
        if arguments.first == ReferenceText.commandWord {
            do {
                try context.writeOutput(try ReferenceText.run(Array(arguments.dropFirst()), context: context))
                return 0
            } catch {
                let failure = error as? FauthError ?? FauthError(.internalError, message: "\(error)")
                return fail(failure, json: false, command: nil, context: context)
            }
        }
        var parsed = ParsedArguments()
        let named: (any Command)?
        do throws(FauthError) {
            named = try ArgumentParser.parse(arguments, into: &parsed)
            if let variable = context.malformedVariables.sorted().first(where: isRead) {
                throw FauthError.usage("the environment variable \(variable) is not valid UTF-8")
            }
        } catch {
            let wantsJSON = arguments.prefix { $0 != "--" }.contains("--json")
            return fail(error, json: wantsJSON, command: parsed.command, context: context)
        }
        let invocation = Invocation(arguments: parsed, context: context)
        // `COMMAND --help` is help on COMMAND. A usage error points to the command's help; help's to the overview.
        let command: (any Command)? = parsed.has(GlobalOptions.help) ? Help() : named
        let helpTopic = command is Help ? nil : parsed.command
        do {
            if parsed.has(GlobalOptions.version), invocation.json {
                // libcurl is loaded for --json and -v only: a plain --version stays as quick as it was.
                let document = FauthVersion.jsonObject(
                    program: "fauth", libraries: ["libcurl": CurlTransport.libraryJSON])
                try context.writeOutput(document.serialized() + "\n")
                return 0
            }
            if parsed.has(GlobalOptions.version) {
                let library = parsed.has(GlobalOptions.verbose) ? "HTTP: \(CurlTransport.libraryDescription)\n" : ""
                try context.writeOutput(HelpText.version + "\n" + library)
                return 0
            }
            // `fauth` alone prints the overview on stderr, as a usage error.
            guard let command else {
                context.writeError(HelpText.overview())
                return ErrorCode.usage.exitStatus
            }
            let output = try command.run(invocation)
            if invocation.json, let json = output.json {
                let result = invocation.warnings.adding(
                    to: output.namesSessionFile ? invocation.namingSessionFile(json) : json)
                try context.writeOutput(result.serialized() + "\n")
            } else if !output.text.isEmpty, output.isData || !parsed.has(GlobalOptions.quiet) {
                try context.writeOutput(output.text)
            }
            if !output.note.isEmpty, !invocation.json, !parsed.has(GlobalOptions.quiet) {
                context.writeError(output.note)
            }
            return 0
        } catch let error as FauthError {
            return fail(
                error, json: invocation.json, command: helpTopic, sessionFile: invocation.sessionFile,
                next: MFANextStep.next(for: error, arguments: parsed), context: context)
        } catch {
            return fail(
                FauthError(.internalError, message: "\(error)"), json: invocation.json, command: helpTopic,
                sessionFile: invocation.sessionFile, context: context)
        }
    }

    /// Whether `--json` is among the options (before any `--`): an option's value never starts with `-` unless
    /// written `--name=value`, so the word is always the flag; read before the arguments are parsed.
    static func wantsJSON(_ rawArguments: [[UInt8]]) -> Bool {
        rawArguments.prefix { $0 != Array("--".utf8) }.contains(Array("--json".utf8))
    }

    /// Whether fauth reads the environment variable `name` (the man page's ENVIRONMENT).
    private static func isRead(_ name: String) -> Bool {
        name.hasPrefix("FAUTH_") || name.hasPrefix("FIREBASE_")
            || ["HOME", "XDG_STATE_HOME", "CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR"].contains(name)
    }

    private static func fail(
        _ error: FauthError, json: Bool, command: String?, sessionFile: String? = nil, next: String? = nil,
        context: CLIContext
    ) -> Int32 {
        context.writeError(
            ErrorRenderer.render(error, json: json, command: command, sessionFile: sessionFile, next: next))
        return error.exitStatus
    }
}
