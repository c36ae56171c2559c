import FauthCore
import Testing

@testable import FauthCLI

@Suite struct ArgumentParserTests {
    @Test func globalOptionsGoBeforeOrAfterTheCommand() throws {
        let before = try ArgumentParser.parse(["--json", "--profile", "work", "token"])
        let after = try ArgumentParser.parse(["token", "--profile=work", "--json"])
        #expect(before == after)
        #expect(before.command == "token")
        #expect(before.value(GlobalOptions.profile) == "work")
        #expect(before.has(GlobalOptions.json))
    }

    @Test func valuesStartingWithADashAreWrittenWithAnEqualsSign() throws {
        let parsed = try ArgumentParser.parse(["signin", "--email=-odd@example.com", "--password-stdin"])
        #expect(parsed.value(CredentialOptions.email) == "-odd@example.com")
        #expect(parsed.has(CredentialOptions.passwordStdin))
        #expect(
            try ArgumentParser.parse(["signin", "--password-file", "-"]).value(CredentialOptions.passwordFile) == "-")
    }

    @Test func anOptionNeverTakesTheNextOptionAsItsValue() {
        #expect(
            throws: FauthError.usage(
                "option --email needs a value (EMAIL), not the option '--password-stdin'; write --email=--password-stdin for a value that starts with '-'"
            )
        ) {
            try ArgumentParser.parse(["signin", "--email", "--password-stdin"])
        }
        #expect(
            throws: FauthError.usage(
                "option --email needs a value (EMAIL), not the option '--json'; write --email=--json for a value that starts with '-'"
            )
        ) {
            try ArgumentParser.parse(["providers", "--email", "--json"])
        }
        #expect(
            throws: FauthError.usage(
                "option --timeout needs a value (SECONDS), not the option '-1'; write --timeout=-1 for a value that starts with '-'"
            )
        ) {
            try ArgumentParser.parse(["token", "--timeout", "-1"])
        }
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try ArgumentParser.parse(["unlink", "--json", "--", "--weird"])
        #expect(parsed.arguments == ["--weird"])
        let command = try ArgumentParser.parse(["--", "status"])
        #expect(command.command == "status")
    }

    @Test func shortFlagsBundle() throws {
        let parsed = try ArgumentParser.parse(["-qv", "status"])
        #expect(parsed.has(GlobalOptions.quiet) && parsed.has(GlobalOptions.verbose))
    }

    @Test func unknownOptionsSuggestTheClosestName() {
        #expect(throws: FauthError.usage("unknown option '--emial'; did you mean '--email'?")) {
            try ArgumentParser.parse(["signin", "--emial", "x"])
        }
        #expect(throws: FauthError.usage("unknown option '--jsn'; did you mean '--json'?")) {
            try ArgumentParser.parse(["--jsn"])
        }
        #expect(throws: FauthError.usage("unknown option '-x'")) {
            try ArgumentParser.parse(["token", "-x"])
        }
    }

    @Test func aCommandOptionBeforeTheCommandSaysWhereItBelongs() {
        #expect(
            throws: FauthError.usage(
                "unknown option '--force-refresh'; it belongs after a command, e.g. 'fauth token --force-refresh'")
        ) {
            try ArgumentParser.parse(["--force-refresh", "token"])
        }
    }

    @Test func unknownCommandsSuggestTheClosest() {
        #expect(throws: FauthError.usage("unknown command 'sigin'; did you mean 'signin'?")) {
            try ArgumentParser.parse(["sigin"])
        }
        #expect(throws: FauthError.usage("unknown command 'frobnicate'")) { try ArgumentParser.parse(["frobnicate"]) }
    }

    @Test func passwordsOnArgvAreRefusedWithTheAlternatives() throws {
        let error = #expect(throws: FauthError.self) { try ArgumentParser.parse(["signin", "--password", "hunter2"]) }
        #expect(error?.message.contains("--password-stdin") == true)
        #expect(error?.message.contains("hunter2") == false)
    }

    @Test func valuesAndFlagsAreChecked() {
        #expect(throws: FauthError.usage("option --email needs a value (EMAIL)")) {
            try ArgumentParser.parse(["signin", "--email"])
        }
        #expect(throws: FauthError.usage("option --json takes no value")) {
            try ArgumentParser.parse(["token", "--json=yes"])
        }
        #expect(throws: FauthError.usage("option --profile is given twice with different values")) {
            try ArgumentParser.parse(["token", "--profile", "a", "--profile", "b"])
        }
        #expect(throws: FauthError.usage("unexpected argument 'extra'")) {
            try ArgumentParser.parse(["status", "extra"])
        }
    }

    @Test func lineParsesAreEqualWhenEachOptionHasTheSameValuesInTheSameOrder() throws {
        let scopes = ["signin", "--provider", "google.com", "--device", "--scope", "a", "--scope", "b"]
        let parsed = try ArgumentParser.parse(scopes + ["--json"])
        #expect(parsed.values(CredentialOptions.scope) == ["a", "b"])
        #expect(parsed.value(CredentialOptions.scope) == "b", "a repeatable option's value is its last")
        #expect(try ArgumentParser.parse(["--json"] + scopes) == parsed)
        #expect(try ArgumentParser.parse(scopes) != parsed, "one option fewer")
        #expect(try ArgumentParser.parse(scopes + ["--quiet"]) != parsed, "another option instead")
        let swapped = ["signin", "--provider", "google.com", "--device", "--scope", "b", "--scope", "a", "--json"]
        #expect(try ArgumentParser.parse(swapped) != parsed, "a repeatable option's values in another order")
        #expect(try ArgumentParser.parse(["token", "--json", "--json"]) == ArgumentParser.parse(["token", "--json"]))
    }

    @Test func theParseHandsBackTheCommandItMadeToReadTheLine() throws {
        for command in CommandCatalog.everyCommand {
            var parsed = ParsedArguments()
            let words = command.spec.name.split(separator: " ").map(String.init)
            let named = try ArgumentParser.parse(words + ["--help"], into: &parsed)
            #expect(named.map { ObjectIdentifier(type(of: $0)) } == ObjectIdentifier(type(of: command)))
            #expect(named?.spec.name == parsed.command)
        }
        var parsed = ParsedArguments()
        #expect(try ArgumentParser.parse(["--json", "--version"], into: &parsed) == nil)
    }

    @Test func aFailedParseKeepsTheCommandItReachedForTheHint() {
        var parsed = ParsedArguments()
        #expect(throws: FauthError.usage("option --email needs a value (EMAIL)")) {
            try ArgumentParser.parse(["signin", "--email"], into: &parsed)
        }
        #expect(parsed.command == "signin")
    }

    @Test func theDeclaredConstraintsRejectStraysWithOneMessageEach() {
        #expect(throws: FauthError.usage("--anonymous does not go with --email")) {
            try ArgumentParser.parse(["signin", "--anonymous", "--email", "a@example.com"])
        }
        #expect(throws: FauthError.usage("--nonce goes with --provider")) {
            try ArgumentParser.parse(["reauth", "--nonce", "n"])
        }
        #expect(throws: FauthError.usage("--port goes with --browser or --no-browser")) {
            try ArgumentParser.parse(["link", "--provider", "google.com", "--port", "1"])
        }
        #expect(throws: FauthError.usage("--session does not go with --all")) {
            try ArgumentParser.parse(["signout", "--all", "--session", "s.json"])
        }
        #expect(throws: FauthError.usage("--code-stdin does not go with --totp")) {
            try ArgumentParser.parse(["mfa", "enroll", "--totp", "--code-stdin"])
        }
        #expect(throws: FauthError.usage("--password-stdin goes with --code")) {
            try ArgumentParser.parse(["reset-password", "--email", "a@example.com", "--password-stdin"])
        }
    }

    @Test func helpAndVersionAreShownWhateverTheConstraintsSay() throws {
        #expect(
            try ArgumentParser.parse(["signin", "--anonymous", "--email", "a@example.com", "--help"]).command
                == "signin")
        #expect(try ArgumentParser.parse(["signout", "--all", "--session", "s", "--version"]).command == "signout")
    }

    @Test func subcommandsHaveTheirOwnOptions() throws {
        let enroll = try ArgumentParser.parse(["mfa", "enroll", "--phone", "+15555550100"])
        #expect(enroll.command == "mfa enroll" && enroll.arguments.isEmpty)
        #expect(enroll.value(MFAOptions.phone) == "+15555550100")
        #expect(try ArgumentParser.parse(["mfa", "unenroll", "ID1"]).arguments == ["ID1"])
        #expect(throws: FauthError.usage("unknown option '--phone'")) {
            try ArgumentParser.parse(["mfa", "verify", "--phone", "+15555550100"])
        }
        #expect(
            throws: FauthError.usage(
                "unknown option '--code'; it belongs after a command, e.g. 'fauth mfa verify --code'")
        ) {
            try ArgumentParser.parse(["mfa", "--code", "1", "verify"])
        }
        #expect(throws: FauthError.usage("unknown mfa subcommand 'enrol'; use one of: verify, enroll, list, unenroll"))
        {
            try ArgumentParser.parse(["mfa", "enrol"])
        }
        #expect(throws: FauthError.usage("unexpected argument 'extra'")) {
            try ArgumentParser.parse(["mfa", "list", "extra"])
        }
    }

    @Test func suggestionsUseEditDistance() {
        #expect(Suggestion.distance("kitten", "sitting") == 3)
        #expect(Suggestion.distance("", "abc") == 3)
        #expect(Suggestion.distance("emial", "email") == 1)
        #expect(Suggestion.closest(to: "provders", among: ["providers", "signin"]) == "providers")
        #expect(Suggestion.closest(to: "zzz", among: ["providers", "signin"]) == nil)
    }
}
