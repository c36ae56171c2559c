import FauthCore

/// The `fauth` program: parses argv, runs one command, prints its result or error, and returns the exit status.
public enum FauthCommandLine {
    /// Runs `fauth` with the arguments after the program name; returns the process exit status.
    public static func run(arguments: [String], context: CLIContext) -> Int32 {
        var parsed = ParsedArguments()
        do {
            try ArgumentParser.parse(arguments, into: &parsed)
        } catch {
            let wantsJSON = arguments.prefix { $0 != "--" }.contains("--json")
            return fail(error, json: wantsJSON, command: parsed.command, context: context)
        }
        if parsed.has("version") {
            context.writeOutput(HelpText.version + "\n")
            return 0
        }
        // `COMMAND --help` is help on COMMAND; `fauth` alone prints the overview on stderr, as a usage error.
        guard let name = parsed.has("help") ? HelpCommand().spec.name : parsed.command,
              let command = CommandCatalog.command(named: name) else {
            context.writeError(HelpText.overview())
            return ErrorCode.usage.exitStatus
        }
        let invocation = Invocation(arguments: parsed, context: context)
        // A usage error points to the command's help; help's own errors point to the overview.
        let helpTopic = command is HelpCommand ? nil : name
        do {
            let output = try command.run(invocation)
            if invocation.json, let json = output.json {
                context.writeOutput(json.serialized() + "\n")
            } else if !output.text.isEmpty, output.isData || !parsed.has("quiet") {
                context.writeOutput(output.text)
            }
            return 0
        } catch let error as FauthError {
            return fail(error, json: invocation.json, command: helpTopic, context: context)
        } catch {
            return fail(FauthError(.internalError, message: "\(error)"), json: invocation.json, command: helpTopic, context: context)
        }
    }

    private static func fail(_ error: FauthError, json: Bool, command: String?, context: CLIContext) -> Int32 {
        context.writeError(ErrorRenderer.render(error, json: json, command: command))
        return error.exitStatus
    }
}
