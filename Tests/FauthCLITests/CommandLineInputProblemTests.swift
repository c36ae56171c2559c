import FauthCore
import Foundation
import Testing

@testable import FauthCLI

/// The core names no option; the command line words its failures about inputs with the option that gave each, in
/// text and in JSON, run in-process.
@Suite struct CommandLineInputProblemTests {
    @Test func everyInputIsWordedWithAnOptionThatExists() {
        let options = Set(CommandCatalog.globalOptions.map { "--" + $0.name })
        for input in ConfigurationInput.allCases {
            #expect(options.contains(InputProblemText.option(input)), "\(input) → \(InputProblemText.option(input))")
        }
    }

    @Test(arguments: [
        (["--api-key="], "--api-key needs a non-empty value."),
        (["--session="], "--session needs a non-empty value."),
        (["--timeout", "0"], "--timeout: '0' is not a number of seconds above 0."),
        (["--timeout", "soon"], "--timeout: 'soon' is not a number of seconds."),
        (["--emulator", "localhost"], "--emulator: 'localhost' is not HOST:PORT (e.g. 127.0.0.1:9099 or [::1]:9099)."),
        (
            ["--endpoint", "http://example.com"],
            "--endpoint: 'http://example.com' is plain http to another machine (tokens would travel unencrypted); use https://."
        ),
        (
            ["--api-key", "k", "--ca-file", "/nonexistent/ca.pem"],
            "--ca-file: '/nonexistent/ca.pem' is not a readable file of CA certificates."
        ),
        (
            ["--emulator", "127.0.0.1:9", "--endpoint", "https://gw.example.com"],
            "--emulator and --endpoint name two backends: give one."
        ),
        ([], "No API key: pass --api-key, set FAUTH_API_KEY or pass --config FILE."),
    ])
    func configurationFailuresNameTheOption(options: [String], message: String) throws {
        let context = TestContext()
        try context.useTemporaryStateFolder()
        defer { context.removeStateFolder() }
        let json = context.run(["providers", "--email", "a@example.com", "--json"] + options)
        #expect(json.status == 2 && json.error?["code"] as? String == "usage")
        #expect(json.error?["message"] as? String == message)
        let text = context.run(["providers", "--email", "a@example.com"] + options)
        #expect(text.stderr.hasPrefix("fauth: \(message) (usage)\n"), "\(text.stderr)")
    }

    @Test func noHomeNamesTheSessionOption() {
        let context = TestContext()
        let run = context.run(["status", "--json"])
        #expect(run.status == 2)
        #expect(
            run.error?["message"] as? String == "Cannot find the session folder: HOME is not set to an absolute "
                + "path; set HOME, XDG_STATE_HOME or FAUTH_SESSION, or pass --session FILE.")
    }

    @Test func aReachedTimeoutAndAForeignSessionAreCompletedWithTheirOptions() {
        var timeout = FauthError(.networkError, message: "No complete answer from example.com: timeout after 2 s.")
        timeout.inputProblem = .limitReached(.timeout)
        #expect(
            ErrorRenderer.render(timeout, json: false, command: nil)
                .hasPrefix(
                    "fauth: No complete answer from example.com: timeout after 2 s (--timeout, FAUTH_TIMEOUT). (network-error)\n"
                ))
        var foreign = FauthError(.sessionBackendMismatch, message: "The session belongs elsewhere and is unchanged.")
        foreign.inputProblem = .sessionOfAnotherBackend
        #expect(
            ErrorRenderer.render(foreign, json: true, command: nil).contains(
                #""message":"The session belongs elsewhere and is unchanged: use another --profile or --session "#
                    + #"for that backend, stop naming it, or sign in again.""#))
        #expect(
            ErrorRenderer.render(FauthError(.networkError, message: "As is."), json: false, command: nil)
                .hasPrefix("fauth: As is. (network-error)\n"))
    }

    @Test(arguments: [
        (NextStep.sendSecondFactorCode(enrollmentId: "P1"), "run 'fauth mfa verify --factor P1' first."),
        (.beginSecondFactorEnrollment, "run 'fauth mfa enroll --phone NUMBER' or 'fauth mfa enroll --totp' first."),
        (.signInFirst, "run 'fauth signin' (or 'fauth reauth') first."),
        (.beginAgain(.enroll, providerId: "password", email: nil, totp: true), "run 'fauth mfa enroll --totp' again."),
        (
            .beginAgain(.enroll, providerId: "password", email: nil, totp: false),
            "run 'fauth mfa enroll --phone NUMBER' again."
        ),
        (
            .beginAgain(.reauth, providerId: "password", email: "ada@example.com", totp: false),
            "run 'fauth reauth --email ada@example.com' again."
        ),
        (
            .beginAgain(.signIn, providerId: "google.com", email: "ada@example.com", totp: false),
            "run 'fauth signin --provider google.com' again."
        ),
    ])
    func aNextStepIsWordedAsTheCommandToRun(step: NextStep, advice: String) {
        var error = FauthError(.missingMultiFactorSession, message: "It is gone.")
        error.nextStep = step
        #expect(
            ErrorRenderer.render(error, json: false, command: nil).hasPrefix(
                "fauth: It is gone: \(advice) (missing-multi-factor-session)\n"))
        #expect(ErrorRenderer.render(error, json: true, command: nil).contains(#""message":"It is gone: \#(advice)""#))
    }
}
