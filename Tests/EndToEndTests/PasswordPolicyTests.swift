import FauthJSON
import Foundation
import Testing

/// The project's password policy on the client: fetched from the emulator's `GET /v2/passwordPolicy`, checked before
/// `signup`, `link`, `update` and `reset-password --code`, cached beside the session.
@Suite struct PasswordPolicyTests {
    static func policy(_ state: String) -> JSONValue {
        [
            "fauth": [
                "passwordPolicy": [
                    "customStrengthOptions": [
                        "minPasswordLength": 10, "containsUppercaseCharacter": true,
                        "containsNumericCharacter": true, "containsNonAlphanumericCharacter": true,
                    ],
                    "enforcementState": .string(state),
                ]
            ]
        ]
    }

    @Test func enforceModeRefusesBeforeAnyRequestNamingEachUnmetRequirement() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        emulator.configure(Self.policy("ENFORCE"))
        let run = try sandbox.run(
            ["signup", "--json", "--email", "weak@example.com", "--password-stdin"], stdin: "lowercase1\n")
        expectFailure(run, status: 8, code: "password-does-not-meet-requirements")
        #expect(
            run.error["requirements"] == [
                ["rule": "minPasswordLength", "required": 10, "met": true],
                ["rule": "containsUppercaseCharacter", "required": true, "met": false],
                ["rule": "containsNumericCharacter", "required": true, "met": true],
                ["rule": "containsNonAlphanumericCharacter", "required": true, "met": false],
            ], "\(run.stderr)")
        #expect(emulator.requestCount("accounts:signUp") == 0, "refused before any request")
        #expect(emulator.requestCount("passwordPolicy") == 1)

        let text = try sandbox.run(["signup", "--email", "weak@example.com", "--password-stdin"], stdin: "short")
        #expect(text.status == 8)
        #expect(
            text.stderr.hasPrefix(
                "fauth: The password does not meet the project's password policy: it needs at least 10 "
                    + "characters, an upper case letter (A-Z), a digit (0-9), a symbol (one of "), "\(text.stderr)")
        #expect(
            emulator.requestCount("accounts:signUp") == 0 && emulator.requestCount("passwordPolicy") == 1,
            "the cached policy")

        let good = try sandbox.run(
            ["signup", "--json", "--email", "strong@example.com", "--password-stdin"], stdin: "Strong-pass-1")
        #expect(good.status == 0, "\(good.stderr)")
        #expect(good.json["warnings"] == nil && good.stderr.isEmpty)
        let folder = URL(fileURLWithPath: sandbox.sessionPath()).deletingLastPathComponent()
        let caches = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("password-policy-")
        }
        #expect(caches.count == 1 && caches.first?.hasSuffix(".cache") == true, "\(caches)")
        let cachePath = folder.appendingPathComponent(caches.first ?? "-").path
        let mode = try FileManager.default.attributesOfItem(atPath: cachePath)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let cached = try JSONValue.parse(Array(Data(contentsOf: URL(fileURLWithPath: cachePath))))
        #expect(cached["policy"]?["schemaVersion"] == 1 && cached["policy"]?["enforcementState"] == "ENFORCE")
    }

    @Test func enforceModeCoversLinkUpdateAndResetPassword() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("account@example.com", password: "Before-policy-1")
        try sandbox.run(["reset-password", "--email", "account@example.com"])
        let code = try #require(emulator.lastOobCode(for: "account@example.com", requestType: "PASSWORD_RESET")).code
        try sandbox.run(["signin", "--anonymous", "--profile", "anon"])
        emulator.configure(Self.policy("ENFORCE"))
        let counts = { ["accounts:signUp", "accounts:update", "accounts:resetPassword"].map(emulator.requestCount) }
        // The sign-up cached "no policy" (the emulator served none then): the first weak password reaches the server,
        // whose refusal has the policy fetched again and named; from then on it is checked before any request.
        let updates = emulator.requestCount("accounts:update")
        try expectSessionUnchanged(sandbox) {
            let refused = try sandbox.run(["update", "--json", "--password-stdin"], stdin: "weakpass")
            expectFailure(refused, status: 8, code: "password-does-not-meet-requirements")
            #expect(
                refused.error["requirements"]?.array?.isEmpty == false, "the refetched policy names the requirements")
        }
        #expect(emulator.requestCount("accounts:update") == updates + 1)
        let before = counts()
        try expectSessionUnchanged(sandbox) {
            expectFailure(
                try sandbox.run(["update", "--json", "--password-stdin"], stdin: "weakpass"),
                status: 8, code: "password-does-not-meet-requirements")
        }
        try expectSessionUnchanged(sandbox, profile: "anon") {
            expectFailure(
                try sandbox.run(
                    ["link", "--json", "--profile", "anon", "--email", "anon@example.com", "--password-stdin"],
                    stdin: "weakpass"), status: 8, code: "password-does-not-meet-requirements")
        }
        expectFailure(
            try sandbox.run(["reset-password", "--json", "--code", code, "--password-stdin"], stdin: "weakpass"),
            status: 8, code: "password-does-not-meet-requirements")
        #expect(counts() == before, "no request sent")
        #expect(
            try sandbox.run(["reset-password", "--code", code, "--password-stdin"], stdin: "After-policy-2!").status
                == 0)
        #expect(
            try sandbox.run(["signin", "--email", "account@example.com", "--password-stdin"], stdin: "After-policy-2!")
                .status == 0)
    }

    @Test func notifyModeProceedsAndWarnsOnStderrAndInTheJSONResult() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        emulator.configure(Self.policy("OFF"))
        let run = try sandbox.run(
            ["signup", "--json", "--email", "notify@example.com", "--password-stdin"], stdin: "lowercase")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["user"]?["email"] == "notify@example.com")
        let warning = try #require(run.json["warnings"]?.array?.first)
        #expect(warning["code"] == "password-does-not-meet-requirements")
        #expect(warning["requirements"]?.array?.filter { $0["met"] == false }.count == 4)
        #expect(
            run.stderr.hasPrefix(
                "fauth: warning: The password does not meet the project's password policy: it needs at least 10 characters"
            ))
        #expect(run.stderr.contains("Change it with `fauth update --new-password`."), "\(run.stderr)")

        let update = try sandbox.run(["update", "--password-stdin"], stdin: "stillweak")
        #expect(update.status == 0 && update.stderr.contains("fauth: warning:"), "\(update.stderr)")
        let strong = try sandbox.run(["update", "--json", "--password-stdin"], stdin: "Now-strong-pass-9")
        #expect(strong.status == 0 && strong.stderr.isEmpty && strong.json["warnings"] == nil, "\(strong.stderr)")
    }

    @Test func aServerSideRefusalRefetchesAStaleCachedPolicy() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        emulator.configure(Self.policy("OFF"))
        try sandbox.signUp("stale@example.com", password: "Strong-pass-1!")  // caches the notify-mode policy
        emulator.configure(Self.policy("ENFORCE"))
        let fetches = emulator.requestCount("passwordPolicy")
        let updates = emulator.requestCount("accounts:update")
        let refused = try sandbox.run(["update", "--json", "--password-stdin"], stdin: "weakpass")
        expectFailure(refused, status: 8, code: "password-does-not-meet-requirements")
        #expect(refused.error["server"]?["message"]?.string?.hasPrefix("PASSWORD_DOES_NOT_MEET_REQUIREMENTS") == true)
        #expect(refused.error["requirements"]?.array?.count == 4, "\(refused.stderr)")
        #expect(
            emulator.requestCount("accounts:update") == updates + 1
                && emulator.requestCount("passwordPolicy") == fetches + 1)
        expectFailure(
            try sandbox.run(["update", "--json", "--password-stdin"], stdin: "weakpass"),
            status: 8, code: "password-does-not-meet-requirements")
        #expect(
            emulator.requestCount("accounts:update") == updates + 1, "the refetched policy refuses before any request")
    }

    @Test func withoutAPolicyNothingChanges() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let run = try sandbox.run(
            ["signup", "--json", "--email", "free@example.com", "--password-stdin"], stdin: "lowercase")
        #expect(run.status == 0 && run.stderr.isEmpty && run.json["warnings"] == nil, "\(run.stderr)")
        #expect(
            emulator.requestCount("passwordPolicy") == 1, "asked; Firebase's emulator answers 501 and nothing is cached"
        )
    }
}
