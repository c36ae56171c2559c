import Testing
import FauthCore
@testable import FauthCLI

@Suite struct ArgumentParserTests {
    @Test func globalOptionsGoBeforeOrAfterTheCommand() throws {
        let before = try ArgumentParser.parse(["--json", "--profile", "work", "token"])
        let after = try ArgumentParser.parse(["token", "--profile=work", "--json"])
        #expect(before == after)
        #expect(before.command == "token")
        #expect(before.value("profile") == "work")
        #expect(before.has("json"))
    }

    @Test func valuesStartingWithADashAreWrittenWithAnEqualsSign() throws {
        let parsed = try ArgumentParser.parse(["signin", "--email=-odd@example.com", "--password-stdin"])
        #expect(parsed.value("email") == "-odd@example.com")
        #expect(parsed.has("password-stdin"))
        #expect(try ArgumentParser.parse(["signin", "--password-file", "-"]).value("password-file") == "-")
    }

    @Test func anOptionNeverTakesTheNextOptionAsItsValue() {
        #expect(throws: FauthError.usage("option --email needs a value (EMAIL), not the option '--password-stdin'; write --email=--password-stdin for a value that starts with '-'")) {
            try ArgumentParser.parse(["signin", "--email", "--password-stdin"])
        }
        #expect(throws: FauthError.usage("option --email needs a value (EMAIL), not the option '--json'; write --email=--json for a value that starts with '-'")) {
            try ArgumentParser.parse(["providers", "--email", "--json"])
        }
        #expect(throws: FauthError.usage("option --timeout needs a value (SECONDS), not the option '-1'; write --timeout=-1 for a value that starts with '-'")) {
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
        #expect(parsed.has("quiet") && parsed.has("verbose"))
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
        #expect(throws: FauthError.usage("unknown option '--force-refresh'; it belongs after a command, e.g. 'fauth token --force-refresh'")) {
            try ArgumentParser.parse(["--force-refresh", "token"])
        }
    }

    @Test func unknownCommandsSuggestTheClosest() {
        #expect(throws: FauthError.usage("unknown command 'sigin'; did you mean 'signin'?")) { try ArgumentParser.parse(["sigin"]) }
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

    @Test func aFailedParseKeepsTheCommandItReachedForTheHint() {
        var parsed = ParsedArguments()
        #expect(throws: FauthError.usage("option --email needs a value (EMAIL)")) {
            try ArgumentParser.parse(["signin", "--email"], into: &parsed)
        }
        #expect(parsed.command == "signin")
    }

    @Test func suggestionsUseEditDistance() {
        #expect(Suggestion.distance("kitten", "sitting") == 3)
        #expect(Suggestion.distance("", "abc") == 3)
        #expect(Suggestion.distance("emial", "email") == 1)
        #expect(Suggestion.closest(to: "provders", among: ["providers", "signin"]) == "providers")
        #expect(Suggestion.closest(to: "zzz", among: ["providers", "signin"]) == nil)
    }
}
