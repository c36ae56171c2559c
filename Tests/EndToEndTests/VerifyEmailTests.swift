import Foundation
import Testing

/// `fauth verify-email` against the emulator: sending the email, applying its code or link, and `status` showing
/// `emailVerified` fresh from the server afterwards.
@Suite struct VerifyEmailTests {
    @Test func sendThenApplyTheLinkAndStatusShowsTheEmailVerified() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("verify@example.com")
        #expect(try sandbox.run(["status", "--json"]).json["user"]?["emailVerified"] == false)
        let sent = try sandbox.run(["verify-email", "--json"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.json["sent"] == true && sent.json["email"] == "verify@example.com")
        let link = try #require(emulator.lastOobCode(for: "verify@example.com", requestType: "VERIFY_EMAIL")).link
        let applied = try sandbox.run(["verify-email", "--json", "--code", link])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.json["verified"] == true && applied.json["emailVerified"] == true)
        #expect(applied.json["sessionUpdated"] == true)
        #expect(try sandbox.run(["status", "--json"]).json["user"]?["emailVerified"] == true)
        let token = try #require(try sandbox.run(["token"]).stdout.split(separator: ".").dropFirst().first)
        var payload = String(token).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        payload += String(repeating: "=", count: (4 - payload.count % 4) % 4)
        let claims =
            try JSONSerialization.jsonObject(with: try #require(Data(base64Encoded: payload))) as? [String: Any]
        #expect(claims?["email_verified"] as? Bool == true, "the session's token was refreshed")
    }

    @Test func theCodeAppliesWithoutASessionAndWorksOnce() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("other@example.com", profile: "owner")
        try sandbox.run(["verify-email", "--profile", "owner"])
        let code = try #require(emulator.lastOobCode(for: "other@example.com", requestType: "VERIFY_EMAIL")).code
        let applied = try sandbox.run(["verify-email", "--code", code])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(applied.stdout == "Verified other@example.com.\n")
        #expect(try sandbox.run(["status", "--json", "--profile", "owner"]).json["user"]?["emailVerified"] == true)
        expectFailure(
            try sandbox.run(["verify-email", "--json", "--code", code]), status: 8, code: "invalid-action-code")
    }

    @Test func aBogusCodeIsExit8AndSendingNeedsASession() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        expectFailure(
            try sandbox.run(["verify-email", "--json", "--code", "bogus-code"]), status: 8, code: "invalid-action-code")
        expectFailure(try sandbox.run(["verify-email", "--json"]), status: 4, code: "not-signed-in")
    }
}
