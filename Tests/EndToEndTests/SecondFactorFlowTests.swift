import FauthJSON
import FauthTestSupport
import Foundation
import Glibc
import Testing

/// The whole second-factor story with the real `fauth` against the real emulator: enrolling a TOTP factor (codes
/// computed with `TOTPCode` from the printed secret) and a phone factor (its code read from the emulator's
/// verificationCodes), a sign-in that stops at exit 9, finishing it with either factor, a wrong code, an expired
/// pending step, reauth through a second factor, unenroll, and the QR code read back from a real terminal.
@Suite struct SecondFactorFlowTests {
    static let email = "mfa-flow@example.com"

    /// The last SMS code the emulator "sent" to `phone`.
    static func smsCode(_ emulator: RunningEmulator, phone: String) -> String? {
        let codes =
            emulator.call("GET", "/emulator/v1/projects/\(emulator.projectId)/verificationCodes").json[
                "verificationCodes"]?.array ?? []
        return codes.last { $0["phoneNumber"]?.string == phone }?["code"]?.string
    }

    /// A signed-in user with a verified email and both factors enrolled through fauth; returns the TOTP secret and
    /// the factors' uids.
    static func enrolledUser(_ emulator: RunningEmulator, _ sandbox: FauthSandbox) throws -> (
        secret: String, totp: String, phone: String
    ) {
        let uid = try sandbox.signUp(email).json["user"]?["uid"]?.string ?? ""
        let unverified = try sandbox.run(["mfa", "enroll", "--totp", "--json"])
        #expect(unverified.status == 8 && unverified.errorCode == "unverified-email")
        emulator.call(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(emulator.projectId)/accounts:update",
            body: ["localId": .string(uid), "emailVerified": true], bearerOwner: true)
        let started = try sandbox.run(["mfa", "enroll", "--totp", "--display-name", "laptop", "--json"])
        #expect(started.status == 0, "\(started.stderr)")
        let secret = try #require(started.json["secret"]?.string)
        #expect(
            started.json["uri"]?.string?.hasPrefix("otpauth://totp/demo-fauth:mfa-flow%40example.com?secret=\(secret)&")
                == true)
        #expect(
            started.json["digits"]?.int == 6 && started.json["period"]?.int == 30 && started.json["algorithm"] == "SHA1"
        )
        let wrong = try sandbox.run(["mfa", "enroll", "--code", "000000", "--json"])
        #expect(wrong.status == 6 && wrong.errorCode == "invalid-verification-code")
        let enrolled = try sandbox.run(["mfa", "enroll", "--code", try TOTPCode.now(secret), "--json"])
        #expect(enrolled.status == 0, "\(enrolled.stderr)")

        #expect(
            try sandbox.run(["mfa", "enroll", "--phone", "+15555550100", "--display-name", "work phone"]).status == 0)
        let code = try #require(smsCode(emulator, phone: "+15555550100"))
        #expect(try sandbox.run(["mfa", "enroll", "--code-stdin"], stdin: code + "\n").status == 0)
        let again = try sandbox.run(["mfa", "enroll", "--phone", "+15555550100", "--json"])
        #expect(again.status == 7 && again.errorCode == "second-factor-already-enrolled")

        let list = try sandbox.run(["mfa", "list", "--json"]).json.array ?? []
        #expect(list.map { $0["factorId"]?.string } == ["totp", "phone"])
        #expect(list[1]["phoneNumber"] == "+*******0100")
        return (secret, list[0]["uid"]?.string ?? "", list[1]["uid"]?.string ?? "")
    }

    private func pendingPath(_ sandbox: FauthSandbox, profile: String = "default") -> String {
        sandbox.sessionPath(profile: profile) + ".mfa-pending"
    }

    @Test func aSignInStopsAt9ListingBothFactorsAndFinishesWithTOTPAfterAWrongCode() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let (secret, totpId, phoneId) = try Self.enrolledUser(emulator, sandbox)
        let before = try #require(sandbox.sessionBytes())

        let stopped = try sandbox.run(
            ["signin", "--json", "--email", Self.email, "--password-stdin"], stdin: "secret-pass-1")
        #expect(stopped.status == 9 && stopped.errorCode == "second-factor-required")
        let factors = stopped.error["mfa"]?["factors"]?.array ?? []
        #expect(factors.map { $0["uid"]?.string } == [totpId, phoneId])
        #expect(factors.map { $0["displayName"]?.string } == ["laptop", "work phone"])
        #expect(stopped.error["mfa"]?["next"] == "fauth mfa verify --factor ID")
        #expect(!stopped.stderr.contains("5555550100") && !stopped.stderr.contains("MfaPendingCredential"))
        #expect(sandbox.sessionBytes() == before, "the previous session is byte for byte the same")
        var info = stat()
        #expect(stat(pendingPath(sandbox), &info) == 0 && info.st_mode & 0o777 == 0o600)

        let fresh = try sandbox.run(
            ["signin", "--profile", "fresh", "--email", Self.email, "--password-stdin"], stdin: "secret-pass-1")
        #expect(fresh.status == 9 && sandbox.sessionBytes(profile: "fresh") == nil, "no session is written")

        let wrong = try sandbox.run(["mfa", "verify", "--json", "--factor", totpId, "--code", "000000"])
        #expect(wrong.status == 6 && wrong.errorCode == "invalid-verification-code")
        #expect(FileManager.default.fileExists(atPath: pendingPath(sandbox)), "kept for another try")
        #expect(sandbox.sessionBytes() == before)

        let done = try sandbox.run(["mfa", "verify", "--json", "--factor", totpId, "--code", try TOTPCode.now(secret)])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.json["secondFactor"]?["uid"]?.string == totpId)
        #expect(sandbox.sessionBytes() != before, "the session is replaced")
        #expect(!FileManager.default.fileExists(atPath: pendingPath(sandbox)))
        #expect(try sandbox.run(["status"]).status == 0)
    }

    @Test func aPhoneFactorFinishesTheSignInWithTheSMSCode() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let (_, _, phoneId) = try Self.enrolledUser(emulator, sandbox)
        let profile = ["--profile", "phone"]
        #expect(
            try sandbox.run(["signin", "--email", Self.email, "--password-stdin"] + profile, stdin: "secret-pass-1")
                .status == 9)
        let sent = try sandbox.run(["mfa", "verify", "--json", "--factor", phoneId] + profile)
        #expect(sent.status == 0 && sent.json["codeSent"] == true, "\(sent.stderr)")
        #expect(sent.json["next"] == "fauth mfa verify --code CODE --profile phone")
        let code = try #require(Self.smsCode(emulator, phone: "+15555550100"))
        let done = try sandbox.run(["mfa", "verify", "--code", code] + profile)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(sandbox.session(profile: "phone")?["user"]?["email"]?.string == Self.email)
        #expect(!FileManager.default.fileExists(atPath: pendingPath(sandbox, profile: "phone")))
    }

    /// A sign-in stopped at its second factor and an enrollment started meanwhile are kept in two files
    /// (`.mfa-pending`, `.mfa-enrollment`): neither replaces the other, and both finish.
    @Test func aPendingSignInAndAStartedEnrollmentBothFinish() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let (secret, totpId, _) = try Self.enrolledUser(emulator, sandbox)
        #expect(
            try sandbox.run(["signin", "--email", Self.email, "--password-stdin"], stdin: "secret-pass-1").status == 9)
        let started = try sandbox.run(["mfa", "enroll", "--phone", "+15555550199", "--display-name", "spare", "--json"])
        #expect(started.status == 0, "\(started.stderr)")
        #expect(FileManager.default.fileExists(atPath: pendingPath(sandbox)))
        #expect(FileManager.default.fileExists(atPath: sandbox.sessionPath(profile: "default") + ".mfa-enrollment"))
        let signedIn = try sandbox.run(["mfa", "verify", "--factor", totpId, "--code", try TOTPCode.now(secret)])
        #expect(signedIn.status == 0, "the sign-in's step survived the enrollment: \(signedIn.stderr)")
        let code = try #require(Self.smsCode(emulator, phone: "+15555550199"))
        let enrolled = try sandbox.run(["mfa", "enroll", "--code", code])
        #expect(enrolled.status == 0, "the enrollment survived the sign-in: \(enrolled.stderr)")
        #expect(try sandbox.run(["mfa", "list", "--json"]).json.array?.count == 3)
        #expect(!FileManager.default.fileExists(atPath: pendingPath(sandbox)))
        #expect(!FileManager.default.fileExists(atPath: sandbox.sessionPath(profile: "default") + ".mfa-enrollment"))
    }

    @Test func anExpiredPendingStepIsMissingMultiFactorSessionNamingTheSignIn() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let (secret, totpId, _) = try Self.enrolledUser(emulator, sandbox)
        #expect(
            try sandbox.run(["signin", "--email", Self.email, "--password-stdin"], stdin: "secret-pass-1").status == 9)
        // Age the step as ten minutes would: its expiry written into the past (the file stays 0600).
        let path = pendingPath(sandbox)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let expiry = try #require(JSONValue.parse(Array(text.utf8))["expiresAt"]?.string)
        try Data(text.replacingOccurrences(of: expiry, with: "2020-01-01T00:00:00Z").utf8).write(
            to: URL(fileURLWithPath: path))
        chmod(path, 0o600)
        let run = try sandbox.run(["mfa", "verify", "--json", "--factor", totpId, "--code", try TOTPCode.now(secret)])
        #expect(run.status == 6 && run.errorCode == "missing-multi-factor-session")
        #expect(run.error["message"]?.string?.contains("fauth signin --email \(Self.email)") == true, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(emulator.requestCount("mfaSignIn:finalize") == 0)
    }

    @Test func reauthGoesThroughTheSecondFactorAndUnenrollLeavesOneFactor() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let (secret, totpId, phoneId) = try Self.enrolledUser(emulator, sandbox)
        let before = try #require(sandbox.sessionBytes())
        let reauth = try sandbox.run(["reauth", "--json", "--password-stdin"], stdin: "secret-pass-1")
        #expect(reauth.status == 9 && reauth.errorCode == "second-factor-required", "\(reauth.stderr)")
        #expect(sandbox.sessionBytes() == before)
        let done = try sandbox.run(["mfa", "verify", "--json", "--factor", totpId, "--code", try TOTPCode.now(secret)])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(
            sandbox.session()?["refreshToken"] != (try JSONValue.parse(Array(before)))["refreshToken"], "new tokens")

        let unenrolled = try sandbox.run(["mfa", "unenroll", totpId, "--json"])
        #expect(unenrolled.status == 0, "\(unenrolled.stderr)")
        #expect(unenrolled.json["secondFactors"]?.array?.map { $0["uid"]?.string } == [phoneId])
        let list = try sandbox.run(["mfa", "list", "--json"]).json.array ?? []
        #expect(list.map { $0["uid"]?.string } == [phoneId])
        let missing = try sandbox.run(["mfa", "unenroll", totpId, "--json"])
        #expect(missing.status == 8 && missing.errorCode == "multi-factor-info-not-found")
        #expect(try sandbox.run(["status"]).stdout.contains("second factors: phone +*******0100 \"work phone\""))
    }

    @Test func theQRCodeOnATerminalDecodesToTheURIAndItsSecretFinishesTheEnrollment() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let uid = try sandbox.signUp(Self.email).json["user"]?["uid"]?.string ?? ""
        emulator.call(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(emulator.projectId)/accounts:update",
            body: ["localId": .string(uid), "emailVerified": true], bearerOwner: true)
        let terminal = try PseudoTerminal()
        let process = try SpawnedProcess(
            path: BuiltBinaries.fauth.path, rawArguments: ["mfa", "enroll", "--totp"].map { Array($0.utf8) },
            environment: sandbox.environment, controllingTerminal: terminal.slavePath, outputOnTerminal: true)
        let shown = terminal.read(until: "then: fauth mfa enroll --code CODE", within: 60)
        #expect(try process.waitForExit(within: 60) == 0, "\(process.standardError)")
        let uriLine = try #require(shown.split(whereSeparator: \.isNewline).first { $0.hasPrefix("uri: ") })
        let uri = String(uriLine.dropFirst(5))
        #expect(shown.contains("▀") || shown.contains("▄"), "a QR code is drawn on the terminal")
        let decoded = try #require(try HalfBlockQRImage.decode(shown), "zbarimg found no QR code")
        #expect(decoded == uri)
        let secret = try #require(
            decoded.split(separator: "?").last?.split(separator: "&").first { $0.hasPrefix("secret=") }?.dropFirst(7))
        let finished = try sandbox.run(["mfa", "enroll", "--code", try TOTPCode.now(String(secret))])
        #expect(finished.status == 0, "\(finished.stderr)")
    }
}
