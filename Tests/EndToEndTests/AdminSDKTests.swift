import FauthJSON
import Foundation
import Testing

/// Firebase's own Admin SDK for Python (installed by scripts/bootstrap) against fauth-emulator, with fauth seeing
/// what the administrator did: a user the SDK creates signs in, its custom tokens work, revoking its tokens and
/// disabling it end fauth's session with the documented codes, and deleting it removes it.
@Suite(.serialized) struct AdminSDKTests {
    /// Runs one step of Tests/AdminSDK/admin_sdk.py against `emulator` and returns its JSON answer.
    func admin(_ emulator: RunningEmulator, _ step: String, _ arguments: String...) throws -> JSONValue {
        try PythonVenv.run("admin_sdk.py", [emulator.projectId, step] + arguments, emulator: emulator)
    }

    @Test func whatTheAdminSDKDoesIsWhatFauthSees() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let uid = try #require(try admin(emulator, "create", "made@example.com", "secret-pass-1")["uid"]?.string)
        let signin = try sandbox.run(
            ["signin", "--json", "--email", "made@example.com", "--password-stdin"], stdin: "secret-pass-1")
        #expect(signin.status == 0, "\(signin.stderr)")
        #expect(signin.json["user"]?["uid"] == .string(uid))
        #expect(signin.json["user"]?["displayName"] == "Made by Admin")

        let token = try #require(try admin(emulator, "custom-token", uid)["token"]?.string)
        let custom = try sandbox.run(["signin", "--json", "--custom-token", "@-"], stdin: token)
        #expect(custom.status == 0, "\(custom.stderr)")
        #expect(custom.json["user"]?["uid"] == .string(uid))
        #expect(try admin(emulator, "get", "made@example.com")["claims"] == ["role": "admin"])

        Thread.sleep(forTimeInterval: 1.1)  // revocation is by whole seconds: tokens issued before it must be older
        _ = try admin(emulator, "revoke", uid)
        // The lookup refuses the revoked ID token; fauth refreshes once and retries (docs/design/errors.md). Firebase's
        // emulator still refreshes a revoked refresh token, so the call recovers there; Google's servers (the
        // emulator's refreshTokenRevocation extension) refuse the refresh, and only then is the session over.
        let recovered = try sandbox.run(["providers", "--json"])
        #expect(recovered.status == 0, "\(recovered.stderr)")
        emulator.configure(["fauth": ["refreshTokenRevocation": true]])
        Thread.sleep(forTimeInterval: 1.1)
        _ = try admin(emulator, "revoke", uid)
        let revoked = try sandbox.run(["providers", "--json"])
        expectFailure(revoked, status: 4, code: "user-token-expired")
        #expect(sandbox.sessionBytes() == nil, "a revoked session is removed")
        emulator.configure(["fauth": ["refreshTokenRevocation": .null]])

        #expect(
            try sandbox.run(["signin", "--email", "made@example.com", "--password-stdin"], stdin: "secret-pass-1")
                .status == 0)
        #expect(try admin(emulator, "disable", uid)["disabled"] == true)
        let disabled = try sandbox.run(["token", "--force-refresh", "--json"])
        expectFailure(disabled, status: 6, code: "user-disabled")
        #expect(sandbox.sessionBytes() == nil, "a disabled user's session is removed")
        expectFailure(
            try sandbox.run(
                ["signin", "--json", "--email", "made@example.com", "--password-stdin"], stdin: "secret-pass-1"),
            status: 6, code: "user-disabled")

        #expect(try admin(emulator, "delete", uid)["remaining"] == [])
        expectFailure(
            try sandbox.run(
                ["signin", "--json", "--email", "made@example.com", "--password-stdin"], stdin: "secret-pass-1"),
            status: 6, code: "user-not-found")
    }

    @Test func anAdminRevocationEndsTheRefreshTokenWithTheRevocationExtension() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let uid = try #require(try admin(emulator, "create", "revoked@example.com", "secret-pass-2")["uid"]?.string)
        #expect(
            try sandbox.run(["signin", "--email", "revoked@example.com", "--password-stdin"], stdin: "secret-pass-2")
                .status == 0)
        Thread.sleep(forTimeInterval: 1.1)  // revocation is by whole seconds: the session's refresh token must be older
        _ = try admin(emulator, "revoke", uid)
        // Firebase's emulator never revokes refresh tokens: without the extension the refresh still works.
        #expect(try sandbox.run(["token", "--force-refresh"]).status == 0)
        #expect(
            try sandbox.run(["signin", "--email", "revoked@example.com", "--password-stdin"], stdin: "secret-pass-2")
                .status == 0)
        Thread.sleep(forTimeInterval: 1.1)
        _ = try admin(emulator, "revoke", uid)
        emulator.configure(["fauth": ["refreshTokenRevocation": true]])
        let refused = try sandbox.run(["token", "--force-refresh", "--json"])
        expectFailure(refused, status: 4, code: "user-token-expired")
    }
}
