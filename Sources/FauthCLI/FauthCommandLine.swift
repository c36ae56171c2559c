import FauthCore

/// The `fauth` program: parses argv, runs one command, prints its result or error, and returns the exit status.
public enum FauthCommandLine {
    /// Runs `fauth` with the arguments after the program name; returns the process exit status.
    public static func run(arguments: [String], context: CLIContext) -> Int32 {
        let wantsJSON = arguments.prefix { $0 != "--" }.contains("--json")
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments)
        } catch {
            return fail(ErrorRenderer.fauthError(error), json: wantsJSON, command: error.command, context: context)
        }
        if parsed.has("version") {
            context.writeOutput(HelpText.version + "\n")
            return 0
        }
        guard let name = parsed.command, name != "help", !parsed.has("help") else {
            return showHelp(parsed, context: context)
        }
        let invocation = Invocation(arguments: parsed, context: context)
        do {
            guard let command = implementations[name] else {
                throw FauthError(.internalError, message: "the command '\(name)' has no implementation")
            }
            let output = try command.run(invocation)
            if invocation.json {
                context.writeOutput(output.json.serialized() + "\n")
            } else if !output.text.isEmpty, output.isData || !parsed.has("quiet") {
                context.writeOutput(output.text)
            }
            return 0
        } catch let error as FauthError {
            return fail(error, json: invocation.json, command: name, context: context)
        } catch let error as UsageError {
            return fail(ErrorRenderer.fauthError(error), json: invocation.json, command: name, context: context)
        } catch {
            return fail(FauthError(.internalError, message: "\(error)"), json: invocation.json, command: name, context: context)
        }
    }

    /// The behaviour of every catalogued command but `help`, by name (a test checks it covers the catalogue).
    static let implementations: [String: any Command] = [
        "signup": SignUpCommand(), "signin": SignInCommand(), "link": LinkCommand(), "unlink": UnlinkCommand(),
        "reauth": ReauthCommand(), "providers": ProvidersCommand(), "signout": SignOutCommand(),
        "token": TokenCommand(), "status": StatusCommand(), "completion": CompletionCommand(),
    ]

    private static func showHelp(_ parsed: ParsedArguments, context: CLIContext) -> Int32 {
        let topic = parsed.command == "help" ? parsed.arguments.first : parsed.command
        guard let topic else {
            if parsed.command == nil, !parsed.has("help") {
                context.writeError(HelpText.overview())
                return ErrorCode.usage.exitStatus
            }
            context.writeOutput(HelpText.overview())
            return 0
        }
        guard let spec = CommandCatalog.command(named: topic) else {
            let error = UsageError("no help for unknown command '\(topic)'")
            return fail(ErrorRenderer.fauthError(error), json: parsed.has("json"), command: nil, context: context)
        }
        context.writeOutput(HelpText.page(for: spec))
        return 0
    }

    private static func fail(_ error: FauthError, json: Bool, command: String?, context: CLIContext) -> Int32 {
        context.writeError(ErrorRenderer.render(error, json: json, command: command))
        return error.exitStatus
    }
}

/// One fauth command's behaviour; its options and help live in `CommandCatalog`.
protocol Command: Sendable {
    /// Runs the command; failures are thrown as `FauthError` or `UsageError`.
    func run(_ invocation: Invocation) throws -> CommandOutput
}
