import FauthJSON
import Foundation
import Testing

/// A provider sign-in or reauthentication through `--browser` (issue 13) of an account with a second factor
/// (issue 12): the real `fauth` with `Tests/BrowserPerson/person.py` as the person stops at exit 9 as any first
/// factor does, keeps the pending step, leaves the session alone, and `fauth mfa verify --code` finishes it.
@Suite struct BrowserSecondFactorTests {
    static let email = "two-step@example.com"
    /// The person choosing the account already listed on the emulator's page.
    static let choose = ["PERSON_ACTION": "choose", "PERSON_EMAIL": email]

    /// A google.com account added on the emulator's page through `--browser` in `profile`, then a TOTP factor
    /// enrolled on it (the page verifies the email it makes up, as enrolling needs); returns its uid and the secret.
    static func providerAccountWithTOTP(_ setup: BrowserSignInTests.Setup, profile: String = "default") throws -> (
        uid: String, secret: String
    ) {
        let first = try setup.run(
            ["signin", "--json", "--profile", profile, "--provider", "google.com", "--browser"],
            person: ["PERSON_EMAIL": email])
        #expect(first.status == 0, "\(first.stderr)")
        let started = try setup.sandbox.run(["mfa", "enroll", "--totp", "--json", "--profile", profile])
        let secret = try #require(started.json["secret"]?.string, "\(started.stderr)")
        let enrolled = try setup.sandbox.run([
            "mfa", "enroll", "--profile", profile, "--code", try TOTPCode.now(secret),
        ])
        #expect(enrolled.status == 0, "\(enrolled.stderr)")
        return (try #require(first.json["user"]?["uid"]?.string), secret)
    }

    private func pendingPath(_ sandbox: FauthSandbox, profile: String = "default") -> String {
        sandbox.sessionPath(profile: profile) + ".mfa-pending"
    }

    /// What the browser was shown at the callback: a page that sends the person back to the terminal for the
    /// second factor, not a failure.
    private func expectSecondFactorPage(
        _ setup: BrowserSignInTests.Setup, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let callback = setup.steps()["callback"]
        #expect(callback?["status"]?.int == 200, sourceLocation: sourceLocation)
        let body = callback?["body"]?.string ?? ""
        #expect(body.contains("second factor") && !body.contains("failed"), "\(body)", sourceLocation: sourceLocation)
    }

    @Test func aBrowserSignInStopsAt9LeavingTheSessionAndMfaVerifyFinishesItAsTheProviderAccount() throws {
        let setup = try BrowserSignInTests.Setup()
        let (uid, secret) = try Self.providerAccountWithTOTP(setup, profile: "enrolling")
        // The profile's previous session: another user, so that what replaces it shows.
        let other = try setup.sandbox.signUp("other@example.com").json["user"]?["uid"]?.string
        let before = try #require(setup.sandbox.sessionBytes())

        let stopped = try setup.run(["signin", "--json", "--provider", "google.com", "--browser"], person: Self.choose)
        #expect(stopped.status == 9 && stopped.errorCode == "second-factor-required", "\(stopped.stderr)")
        #expect(stopped.error["mfa"]?["factors"]?.array?.map { $0["factorId"]?.string } == ["totp"])
        #expect(stopped.error["mfa"]?["next"] == "fauth mfa verify --code CODE")
        #expect(setup.sandbox.sessionBytes() == before, "the previous session is byte for byte the same")
        #expect(FileManager.default.fileExists(atPath: pendingPath(setup.sandbox)), "the pending step is kept")
        expectSecondFactorPage(setup)

        let fresh = try setup.run(
            ["signin", "--json", "--profile", "fresh", "--provider", "google.com", "--browser"], person: Self.choose)
        #expect(
            fresh.status == 9 && fresh.error["mfa"]?["next"] == "fauth mfa verify --code CODE --profile fresh",
            "\(fresh.stderr)")
        #expect(setup.sandbox.sessionBytes(profile: "fresh") == nil, "no session is written")
        #expect(FileManager.default.fileExists(atPath: pendingPath(setup.sandbox, profile: "fresh")))

        let done = try setup.sandbox.run(["mfa", "verify", "--json", "--code", try TOTPCode.now(secret)])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.json["providerId"] == "google.com")
        #expect(done.json["user"]?["uid"]?.string == uid && uid != other)
        #expect(setup.sandbox.session()?["user"]?["uid"]?.string == uid)
        #expect(setup.sandbox.session()?["user"]?["email"]?.string == Self.email)
        #expect(setup.sandbox.sessionBytes() != before, "the session is replaced")
        #expect(!FileManager.default.fileExists(atPath: pendingPath(setup.sandbox)))
        #expect(try setup.sandbox.run(["status"]).status == 0)
    }

    @Test func aBrowserReauthStopsAt9LeavingTheSessionAndMfaVerifyFinishesItForTheSameUser() throws {
        let setup = try BrowserSignInTests.Setup()
        let (uid, secret) = try Self.providerAccountWithTOTP(setup)
        let before = try #require(setup.sandbox.sessionBytes())

        let stopped = try setup.run(["reauth", "--json", "--provider", "google.com", "--browser"], person: Self.choose)
        #expect(stopped.status == 9 && stopped.errorCode == "second-factor-required", "\(stopped.stderr)")
        #expect(setup.sandbox.sessionBytes() == before, "the session is byte for byte the same")
        #expect(FileManager.default.fileExists(atPath: pendingPath(setup.sandbox)))
        expectSecondFactorPage(setup)

        let done = try setup.sandbox.run(["mfa", "verify", "--json", "--code", try TOTPCode.now(secret)])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.json["user"]?["uid"]?.string == uid && setup.sandbox.session()?["user"]?["uid"]?.string == uid)
        // The emulator's tokens are a function of the user, provider, factor and second (as Firebase's emulator's
        // are), so the new session may equal the old byte for byte: the finalize call is what shows it was renewed.
        #expect(setup.emulator.requestCount("mfaSignIn:finalize") == 1, "the second factor was sent")
        #expect(!FileManager.default.fileExists(atPath: pendingPath(setup.sandbox)))
    }
}
