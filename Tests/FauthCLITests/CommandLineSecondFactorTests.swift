import FauthCore
import FauthJSON
import FauthTestSupport
import Foundation
import Testing

@testable import FauthCLI

/// `fauth mfa verify` and the pending step a sign-in leaves at exit 9, in-process against a scripted server: what
/// is kept (and where, with which mode), what is printed, what is sent, and the clock that ends a pending step.
@Suite struct CommandLineSecondFactorTests {
    static let pendingCredential = "PENDING-CREDENTIAL-SECRET"

    /// A password sign-in answered with a pending credential and the given factors.
    static func challenge(_ factors: [JSONValue]) -> ScriptedTransport.Reply {
        .json(
            200,
            JSONValue.object([
                "localId": "U1", "email": "ada@example.com", "mfaPendingCredential": .string(pendingCredential),
                "mfaInfo": .array(factors),
            ]).serialized())
    }

    static let totpFactor: JSONValue = [
        "mfaEnrollmentId": "T1", "displayName": "laptop", "totpInfo": [:], "enrolledAt": "2026-01-02T03:04:05Z",
    ]
    static let phoneFactor: JSONValue = [
        "mfaEnrollmentId": "P1", "displayName": "work phone", "phoneInfo": "+15555550100",
    ]
    static let tokens = ScriptedTransport.Reply.json(
        200,
        JSONValue.object([
            "idToken": .string(CommandLineServerTests.idToken), "refreshToken": "RT-MFA",
        ]).serialized())

    private func signInStoppingAt9(_ context: TestContext, _ transport: ScriptedTransport, factors: [JSONValue])
        -> CommandLineResult
    {
        transport.reply(to: "accounts:signInWithPassword", Self.challenge(factors))
        context.environment["FAUTH_PASSWORD"] = "pw-123456"
        return context.run(["signin", "--json", "--email", "ada@example.com"])
    }

    private func pendingPath(_ context: TestContext, _ kind: PendingSecondFactorFile.Kind = .signIn) -> String {
        context.environment["XDG_STATE_HOME"]! + "/fauth/sessions/default.json" + kind.suffix
    }

    @Test func aSignInThatNeedsASecondFactorKeepsAPrivatePendingFileListsTheFactorsAndLeavesTheSessionAlone() throws {
        let transport = ScriptedTransport()
        transport.reply(to: "accounts:signInWithPassword", CommandLineServerTests.signInReply)
        transport.reply(to: "accounts:lookup", CommandLineServerTests.lookupReply())
        let context = try TestContext.scripted(transport)
        defer { context.removeStateFolder() }
        context.environment["FAUTH_PASSWORD"] = "pw-123456"
        #expect(context.run(["signin", "--email", "ada@example.com"]).status == 0)
        let sessionPath = context.environment["XDG_STATE_HOME"]! + "/fauth/sessions/default.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: sessionPath))

        let run = signInStoppingAt9(context, transport, factors: [Self.totpFactor, Self.phoneFactor])
        #expect(run.status == 9)
        let mfa = run.error?["mfa"] as? [String: Any]
        let factors = mfa?["factors"] as? [[String: Any]] ?? []
        #expect(factors.map { $0["uid"] as? String } == ["T1", "P1"])
        #expect(factors.map { $0["factorId"] as? String } == ["totp", "phone"])
        #expect(factors[1]["phoneNumber"] as? String == "+*******0100")
        #expect(factors[0]["enrolledAt"] as? String == "2026-01-02T03:04:05Z")
        #expect(mfa?["next"] as? String == "fauth mfa verify --factor ID")
        #expect(mfa?["expiresAt"] as? String == "2023-11-14T22:23:20Z", "ten minutes after the fixed clock")
        #expect(!run.stderr.contains(Self.pendingCredential) && !run.stderr.contains("5555550100"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: sessionPath)) == before,
            "the old session is byte for byte the same")
        let attributes = try FileManager.default.attributesOfItem(atPath: pendingPath(context))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        transport.reply(to: "accounts:signInWithPassword", Self.challenge([Self.totpFactor, Self.phoneFactor]))
        let plain = context.run(["signin", "--email", "ada@example.com", "--profile", "default"])
        #expect(plain.status == 9)
        #expect(
            plain.stderr.contains(
                "hint: finish with 'fauth mfa verify --factor ID --profile default'; factors: totp \"laptop\" (uid T1); phone +*******0100 \"work phone\" (uid P1)"
            ), "\(plain.stderr)")
    }

    @Test func aWrongTOTPCodeKeepsThePendingStepAndTheRightOneStartsTheSession() throws {
        let transport = ScriptedTransport()
        let context = try TestContext.scripted(transport)
        defer { context.removeStateFolder() }
        #expect(signInStoppingAt9(context, transport, factors: [Self.totpFactor]).status == 9)
        transport.reply(to: "accounts/mfaSignIn:finalize", .firebaseError(400, "INVALID_CODE"))
        let wrong = context.run(["mfa", "verify", "--json", "--code", "111111"])
        #expect(wrong.status == 6)
        #expect(wrong.error?["code"] as? String == "invalid-verification-code")
        #expect(FileManager.default.fileExists(atPath: pendingPath(context)), "kept for another try")

        transport.reply(to: "accounts/mfaSignIn:finalize", Self.tokens)
        transport.reply(to: "accounts:lookup", CommandLineServerTests.lookupReply())
        let right = context.run(["mfa", "verify", "--code", "222 222"])
        #expect(right.status == 0, "\(right.stderr)")
        #expect(
            right.stdout
                == "Signed in as ada@example.com (uid U1)\nproviders: password\nsecond factor: totp \"laptop\" (uid T1)\n"
        )
        let body = transport.requests(to: "accounts/mfaSignIn:finalize").last?.json
        #expect(body?["mfaPendingCredential"]?.string == Self.pendingCredential)
        #expect(body?["mfaEnrollmentId"]?.string == "T1")
        #expect(body?["totpVerificationInfo"]?["verificationCode"]?.string == "222222")
        #expect(!FileManager.default.fileExists(atPath: pendingPath(context)))
        #expect(context.run(["token"]).stdout == CommandLineServerTests.idToken + "\n")
        transport.expectAllRepliesUsed()
    }

    @Test func aPendingStepPastTenMinutesIsGoneAndTheErrorNamesTheSignInToRunAgain() throws {
        let transport = ScriptedTransport()
        let context = try TestContext.scripted(transport)
        defer { context.removeStateFolder() }
        #expect(signInStoppingAt9(context, transport, factors: [Self.totpFactor]).status == 9)
        context.now = context.now?.adding(seconds: PendingSecondFactor.lifetime + 1)
        let run = context.run(["mfa", "verify", "--json", "--code", "123456"])
        #expect(run.status == 6)
        #expect(run.error?["code"] as? String == "missing-multi-factor-session")
        #expect(
            (run.error?["message"] as? String)?.contains("run 'fauth signin --email ada@example.com' again") == true,
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: pendingPath(context)))
        let again = context.run(["mfa", "verify", "--code", "123456"])
        #expect(again.stderr.contains("No second-factor sign-in is pending") && again.status == 6)
        #expect(transport.requests(to: "accounts/mfaSignIn:finalize").isEmpty)
    }

    @Test func aPhoneFactorIsSentItsCodeThenFinishedAndSeveralFactorsNeedAChoice() throws {
        let transport = ScriptedTransport()
        let context = try TestContext.scripted(transport)
        defer { context.removeStateFolder() }
        #expect(signInStoppingAt9(context, transport, factors: [Self.totpFactor, Self.phoneFactor]).status == 9)
        let unchosen = context.run(["mfa", "verify", "--code", "123456"])
        #expect(unchosen.status == 2 && unchosen.stderr.contains("choose one with --factor ID"))

        transport.reply(
            to: "accounts/mfaSignIn:start", .json(200, #"{"phoneResponseInfo": {"sessionInfo": "SMS-SESSION"}}"#))
        context.secretAnswers = [.noTerminal]
        let sent = context.run(["mfa", "verify", "--json", "--factor", "P1"])
        #expect(sent.status == 0, "\(sent.stderr)")
        let json = sent.json as? [String: Any]
        #expect(json?["codeSent"] as? Bool == true)
        #expect(json?["next"] as? String == "fauth mfa verify --code CODE")
        #expect(!sent.stdout.contains("SMS-SESSION"))
        #expect(transport.requests(to: "accounts/mfaSignIn:start").first?.json?["mfaEnrollmentId"]?.string == "P1")

        transport.reply(to: "accounts/mfaSignIn:finalize", Self.tokens)
        transport.reply(to: "accounts:lookup", CommandLineServerTests.lookupReply())
        context.standardInput = Array("654321\n".utf8)
        let done = context.run(["mfa", "verify", "--code-stdin"])
        #expect(done.status == 0, "\(done.stderr)")
        let body = transport.requests(to: "accounts/mfaSignIn:finalize").first?.json
        #expect(body?["phoneVerificationInfo"]?["sessionInfo"]?.string == "SMS-SESSION")
        #expect(body?["phoneVerificationInfo"]?["code"]?.string == "654321")
        #expect(body?["mfaEnrollmentId"] == nil)
        transport.expectAllRepliesUsed()
    }

    @Test func onATerminalAMissingCodeIsAskedForAndEndOfInputCancels() throws {
        let transport = ScriptedTransport()
        let context = try TestContext.scripted(transport)
        defer { context.removeStateFolder() }
        #expect(signInStoppingAt9(context, transport, factors: [Self.totpFactor]).status == 9)
        context.secretAnswers = [.endOfInput]
        let cancelled = context.run(["mfa", "verify"])
        #expect(cancelled.status == 3 && cancelled.stderr.contains("(cancelled)"))
        #expect(FileManager.default.fileExists(atPath: pendingPath(context)))

        context.secretAnswers = [.noTerminal]
        let noTerminal = context.run(["mfa", "verify"])
        #expect(noTerminal.status == 2 && noTerminal.stderr.contains("a code is needed"))
        let noInput = context.run(["mfa", "verify", "--no-input"])
        #expect(noInput.status == 2)
        #expect(context.run(["mfa", "verify", "--code", "12ab56"]).status == 2, "a code is digits")
        #expect(context.run(["mfa", "verify", "--code", "1", "--code-stdin"]).status == 2)

        transport.reply(to: "accounts/mfaSignIn:finalize", Self.tokens)
        transport.reply(to: "accounts:lookup", CommandLineServerTests.lookupReply())
        context.secretAnswers = [.secret(Array("123456".utf8))]
        let typed = context.run(["mfa", "verify"])
        #expect(typed.status == 0, "\(typed.stderr)")
        #expect(context.prompts.last == "Code from your authenticator app: ")
        #expect(
            transport.requests(to: "accounts/mfaSignIn:finalize").first?.json?["totpVerificationInfo"]?[
                "verificationCode"]?.string == "123456")
    }

    @Test func mfaTakesAKnownSubcommandAndOnlyItsOptions() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        #expect(context.run(["mfa"]).stderr.contains("mfa needs a subcommand"))
        #expect(context.run(["mfa", "frobnicate"]).status == 2)
        #expect(context.run(["mfa", "verify", "extra"]).status == 2)
        let none = context.run(["mfa", "verify", "--json", "--code", "123456"])
        #expect(none.status == 6 && none.error?["code"] as? String == "missing-multi-factor-session")
    }

    @Test func eachMFASubcommandHasItsOwnHelp() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        let enroll = context.run(["mfa", "enroll", "--help"])
        #expect(enroll.status == 0 && enroll.stdout.hasPrefix("Enroll a second factor"), "\(enroll.stderr)")
        #expect(enroll.stdout.contains("Usage: fauth mfa enroll --phone NUMBER") && enroll.stdout.contains("--totp"))
        #expect(!enroll.stdout.contains("--factor"))
        #expect(context.run(["help", "mfa", "enroll"]).stdout == enroll.stdout)
        let mfa = context.run(["mfa", "--help"])
        #expect(mfa.stdout.contains("Subcommands:") && mfa.stdout.contains("  mfa unenroll  "), "\(mfa.stdout)")
        let stray = context.run(["mfa", "list", "--code", "1"])
        #expect(stray.status == 2 && stray.stderr.contains("hint: see 'fauth mfa list --help'"), "\(stray.stderr)")
    }

    static func lookupWithFactors(_ factors: [JSONValue]) -> ScriptedTransport.Reply {
        .json(
            200,
            JSONValue.object([
                "users": [
                    [
                        "localId": "U1", "email": "ada@example.com", "mfaInfo": .array(factors),
                        "providerUserInfo": [["providerId": "password", "email": "ada@example.com"]],
                    ]
                ]
            ]).serialized())
    }

    private func signedIn(_ transport: ScriptedTransport) throws -> TestContext {
        transport.reply(to: "accounts:signInWithPassword", CommandLineServerTests.signInReply)
        transport.reply(to: "accounts:lookup", CommandLineServerTests.lookupReply())
        let context = try TestContext.scripted(transport)
        context.environment["FAUTH_PASSWORD"] = "pw-123456"
        #expect(context.run(["signin", "--email", "ada@example.com"]).status == 0)
        return context
    }

    @Test func listUnenrollAndStatusShowTheFactorsWithPhonesMasked() throws {
        let transport = ScriptedTransport()
        let context = try signedIn(transport)
        defer { context.removeStateFolder() }
        let unmasked: JSONValue = [
            "mfaEnrollmentId": "P1", "displayName": "work phone", "phoneInfo": "+15555550100",
            "enrolledAt": "2026-01-01T00:00:00Z",
        ]
        transport.reply(to: "accounts:lookup", Self.lookupWithFactors([Self.totpFactor, unmasked]))
        let list = context.run(["mfa", "list", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        let factors = list.json as? [[String: Any]] ?? []
        #expect(factors.map { $0["uid"] as? String } == ["T1", "P1"])
        #expect(factors[1]["phoneNumber"] as? String == "+*******0100" && !list.stdout.contains("5555550100"))
        transport.reply(to: "accounts:lookup", Self.lookupWithFactors([Self.totpFactor]))
        #expect(context.run(["mfa", "list"]).stdout == "totp \"laptop\" (uid T1)\n")

        transport.reply(
            to: "accounts/mfaEnrollment:withdraw",
            .json(
                200,
                JSONValue.object([
                    "idToken": .string(CommandLineServerTests.idToken), "refreshToken": "RT-AFTER", "expiresIn": "3600",
                ]).serialized()))
        transport.reply(to: "accounts:lookup", Self.lookupWithFactors([unmasked]))
        let unenroll = context.run(["mfa", "unenroll", "T1", "--json"])
        #expect(unenroll.status == 0, "\(unenroll.stderr)")
        #expect((unenroll.json as? [String: Any])?["unenrolled"] as? String == "T1")
        #expect(
            transport.requests(to: "accounts/mfaEnrollment:withdraw").first?.json?["mfaEnrollmentId"]?.string == "T1")
        let sessionPath = context.environment["XDG_STATE_HOME"]! + "/fauth/sessions/default.json"
        #expect(
            try String(contentsOfFile: sessionPath, encoding: .utf8).contains("RT-AFTER"),
            "the new tokens replace the session's")

        transport.reply(to: "accounts/mfaEnrollment:withdraw", .firebaseError(400, "MFA_ENROLLMENT_NOT_FOUND"))
        let missing = context.run(["mfa", "unenroll", "NOPE", "--json"])
        #expect(missing.error?["code"] as? String == "multi-factor-info-not-found" && missing.status == 8)
        #expect(context.run(["mfa", "unenroll"]).status == 2)
        #expect(context.run(["mfa", "list", "--factor", "T1"]).status == 2)

        transport.reply(to: "accounts:lookup", Self.lookupWithFactors([unmasked]))
        let status = context.run(["status"])
        #expect(
            status.stdout.contains("second factors: phone +*******0100 \"work phone\" (uid P1)\n"), "\(status.stdout)")
        transport.reply(to: "accounts:lookup", Self.lookupWithFactors([]))
        let json = context.run(["status", "--json"]).json as? [String: Any]
        #expect((json?["secondFactors"] as? [Any])?.isEmpty == true)
        transport.expectAllRepliesUsed()
    }

    static let totpStart = ScriptedTransport.Reply.json(
        200,
        #"{"totpSessionInfo": {"sharedSecretKey": "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", "verificationCodeLength": 6, "hashingAlgorithm": "SHA1", "periodSec": 30, "sessionInfo": "TOTP-SESSION", "finalizeEnrollmentTime": "2030-01-01T00:00:00Z"}}"#
    )

    @Test func aTOTPEnrollmentPrintsTheSecretItsURIAndOnATerminalAQRCodeThatDecodesToIt() throws {
        let transport = ScriptedTransport()
        let context = try signedIn(transport)
        defer { context.removeStateFolder() }
        transport.reply(to: "accounts/mfaEnrollment:start", Self.totpStart)
        let json = context.run(["mfa", "enroll", "--totp", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = json.json as? [String: Any]
        let uri =
            "otpauth://totp/demo-fauth:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=demo-fauth&algorithm=SHA1&digits=6&period=30"
        #expect(object?["uri"] as? String == uri)
        #expect(object?["secret"] as? String == "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP")
        #expect(
            object?["digits"] as? Int == 6 && object?["period"] as? Int == 30
                && object?["algorithm"] as? String == "SHA1")
        #expect(transport.requests(to: "accounts/mfaEnrollment:start").first?.json?["totpEnrollmentInfo"] != nil)

        transport.reply(to: "accounts/mfaEnrollment:start", Self.totpStart)
        let piped = context.run(["mfa", "enroll", "--totp"])
        #expect(!piped.stdout.contains("█"), "no QR code when stdout is not a terminal")
        #expect(
            piped.stdout == "secret: JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP\nuri: \(uri)\n", "stdout carries the result only")
        #expect(piped.stderr == "Add it to your authenticator app, then: fauth mfa enroll --code CODE\n")
        transport.reply(to: "accounts/mfaEnrollment:start", Self.totpStart)
        let quiet = context.run(["mfa", "enroll", "--totp", "-q"])
        #expect(
            quiet.stdout == piped.stdout && quiet.stderr.isEmpty,
            "-q keeps the secret and drops the instruction: \(quiet)")
        context.outputIsTerminal = true
        transport.reply(to: "accounts/mfaEnrollment:start", Self.totpStart)
        let terminal = context.run(["mfa", "enroll", "--totp", "--display-name", "laptop"])
        #expect(terminal.stdout.hasPrefix("secret: JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP\nuri: \(uri)\n"))
        #expect(try HalfBlockQRImage.decode(terminal.stdout) == uri)

        transport.reply(to: "accounts/mfaEnrollment:finalize", .firebaseError(400, "INVALID_CODE"))
        #expect(context.run(["mfa", "enroll", "--code", "000000"]).status == 6)
        transport.reply(to: "accounts/mfaEnrollment:finalize", Self.tokens)
        transport.reply(to: "accounts:lookup", Self.lookupWithFactors([Self.totpFactor]))
        let done = context.run(["mfa", "enroll", "--code", "123456", "--json"])
        #expect(done.status == 0, "\(done.stderr)")
        #expect((done.json as? [String: Any])?["enrolled"] as? [String: Any] != nil)
        let body = transport.requests(to: "accounts/mfaEnrollment:finalize").last?.json
        #expect(body?["totpVerificationInfo"]?["sessionInfo"]?.string == "TOTP-SESSION")
        #expect(body?["totpVerificationInfo"]?["verificationCode"]?.string == "123456")
        #expect(body?["displayName"]?.string == "laptop")
        let again = context.run(["mfa", "enroll", "--code", "123456", "--json"])
        #expect(again.error?["code"] as? String == "missing-multi-factor-session", "the step is gone once finished")
        transport.expectAllRepliesUsed()
    }

    @Test(arguments: [
        (
            "UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors.", "unverified-email",
            Int32(8)
        ),
        ("CREDENTIAL_TOO_OLD_LOGIN_AGAIN", "requires-recent-login", 5),
        (
            "SECOND_FACTOR_EXISTS : Phone number already enrolled as second factor for this account.",
            "second-factor-already-enrolled", 7
        ),
        ("SECOND_FACTOR_LIMIT_EXCEEDED", "maximum-second-factor-count-exceeded", 7),
        ("UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor.", "unsupported-first-factor", 8),
        ("INVALID_PHONE_NUMBER : Invalid format.", "invalid-phone-number", 8),
    ])
    func aRefusedPhoneEnrollmentIsItsDocumentedCodeAndKeepsNoStep(message: String, code: String, status: Int32) throws {
        let transport = ScriptedTransport()
        let context = try signedIn(transport)
        defer { context.removeStateFolder() }
        transport.reply(to: "accounts/mfaEnrollment:start", .firebaseError(400, message))
        let run = context.run(["mfa", "enroll", "--phone", "+15555550100", "--json"])
        #expect(run.status == status && run.error?["code"] as? String == code, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: pendingPath(context, .enrollment)))
    }

    @Test func aPhoneEnrollmentSendsTheCodeThenFinishesAndBadCommandLinesAreRefused() throws {
        let transport = ScriptedTransport()
        let context = try signedIn(transport)
        defer { context.removeStateFolder() }
        #expect(context.run(["mfa", "enroll", "--phone", "+15555550100", "--totp"]).status == 2)
        #expect(context.run(["mfa", "enroll", "--phone", "+15555550100", "--code", "123456"]).status == 2)
        #expect(context.run(["mfa", "enroll", "--display-name", "x"]).status == 2)
        #expect(
            context.run(["mfa", "enroll", "--phone", "", "--json"]).error?["code"] as? String == "missing-phone-number")
        transport.reply(
            to: "accounts/mfaEnrollment:start", .json(200, #"{"phoneSessionInfo": {"sessionInfo": "SMS-ENROLL"}}"#))
        let sent = context.run(["mfa", "enroll", "--phone", "+15555550100", "--display-name", "work phone"])
        #expect(sent.stdout == "An SMS code was sent to phone +*******0100 \"work phone\".\n", "\(sent.stderr)")
        #expect(sent.stderr == "next: fauth mfa enroll --code CODE\n", "the next step goes to stderr, as --totp's does")
        #expect(
            transport.requests(to: "accounts/mfaEnrollment:start").first?.json?["phoneEnrollmentInfo"]?["phoneNumber"]?
                .string == "+15555550100")
        #expect(
            !(try String(contentsOfFile: pendingPath(context, .enrollment), encoding: .utf8)).contains("5555550100"))
        transport.reply(to: "accounts/mfaEnrollment:finalize", Self.tokens)
        transport.reply(to: "accounts:lookup", Self.lookupWithFactors([Self.phoneFactor]))
        context.secretAnswers = [.secret(Array("654321".utf8))]
        let done = context.run(["mfa", "enroll"])
        #expect(done.status == 0, "\(done.stderr)")
        let body = transport.requests(to: "accounts/mfaEnrollment:finalize").first?.json
        #expect(
            body?["phoneVerificationInfo"]?["sessionInfo"]?.string == "SMS-ENROLL"
                && body?["phoneVerificationInfo"]?["code"]?.string == "654321")
        #expect(body?["displayName"]?.string == "work phone")
        transport.expectAllRepliesUsed()
    }
}
