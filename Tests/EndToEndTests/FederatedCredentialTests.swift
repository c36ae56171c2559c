import FauthJSON
import Foundation
import Testing

/// Provider and custom-token credentials (issue 4): every provider signs in and links, the multi-provider flows
/// keep one uid, and every conflict comes back with its code, exit status and extra fields.
@Suite struct FederatedCredentialTests {
    /// A fake provider token as the emulator takes it: a strict JSON object of claims.
    static func claims(_ sub: String, email: String? = nil, verified: Bool = false, name: String? = nil) -> String {
        var object: JSONObject = ["sub": .string(sub)]
        if let email {
            object["email"] = .string(email)
            object["email_verified"] = .bool(verified)
        }
        if let name { object["name"] = .string(name) }
        return JSONValue.object(object).serialized()
    }

    /// The options that carry `token` for `provider`, in the form that provider needs.
    static func credentialOptions(_ provider: String, _ token: String) -> [String] {
        switch provider {
        case "facebook.com", "github.com": ["--provider", provider, "--access-token", token]
        case "twitter.com": ["--provider", provider, "--access-token", token, "--token-secret", "twitter-secret"]
        case "apple.com": ["--provider", provider, "--id-token", token, "--nonce", "raw-nonce"]
        default: ["--provider", provider, "--id-token", token]
        }
    }

    static let providers = ["google.com", "facebook.com", "github.com", "twitter.com", "apple.com", "oidc.example"]

    @Test(arguments: providers)
    func eachProviderSignsInThenSignsInAgainIntoTheSameUser(provider: String) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let token = Self.claims("sub-\(provider)", email: "user@\(provider)", verified: true, name: "Pat")
        let first = try sandbox.run(["signin", "--json"] + Self.credentialOptions(provider, token))
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.json["providerId"] == .string(provider))
        #expect(first.json["isNewUser"] == true)
        let listed = try sandbox.run(["providers", "--json"]).json.array?.first
        #expect(listed?["providerId"] == .string(provider))
        #expect(listed?["uid"] == .string("sub-\(provider)"))
        #expect(listed?["email"] == .string("user@\(provider)"))
        #expect(listed?["displayName"] == "Pat")
        let again = try sandbox.run(["signin", "--json"] + Self.credentialOptions(provider, token))
        #expect(again.json["isNewUser"] == false)
        #expect(again.json["user"]?["uid"] == first.json["user"]?["uid"])
    }

    @Test(arguments: providers)
    func eachProviderLinksToAPasswordUser(provider: String) throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let created = try sandbox.signUp("linker@example.com")
        let run = try sandbox.run(
            ["link", "--json"] + Self.credentialOptions(provider, Self.claims("link-\(provider)")))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["providerId"] == .string(provider))
        #expect(run.json["user"]?["uid"] == created.json["user"]?["uid"])
        let ids = run.json["user"]?["providers"]?.array?.compactMap { $0["providerId"]?.string }
        #expect(Set(ids ?? []) == ["password", provider])
    }

    @Test func aPasswordUserLinksGoogleAndFacebookUnlinksOneAndSignsInWithGoogleAgain() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let uid = try sandbox.signUp("multi@example.com").json["user"]?["uid"]
        let google = Self.claims("g-multi", email: "multi@example.com", verified: true)
        #expect(try sandbox.run(["link", "--provider", "google.com", "--id-token", google]).status == 0)
        #expect(
            try sandbox.run(["link", "--provider", "facebook.com", "--access-token", Self.claims("fb-multi")]).status
                == 0)
        let three = try sandbox.run(["providers", "--json"]).json.array?.compactMap { $0["providerId"]?.string }
        #expect(Set(three ?? []) == ["password", "google.com", "facebook.com"])
        let unlinked = try sandbox.run(["unlink", "facebook.com", "--json"])
        #expect(unlinked.status == 0, "\(unlinked.stderr)")
        let two = try sandbox.run(["providers", "--json"]).json.array?.compactMap { $0["providerId"]?.string }
        #expect(Set(two ?? []) == ["password", "google.com"])
        try sandbox.run(["signout"])
        let again = try sandbox.run(["signin", "--json", "--provider", "google.com", "--id-token", google])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.json["user"]?["uid"] == uid)
        #expect(again.json["isNewUser"] == false)
    }

    @Test func aFacebookUserReauthenticatesAndLinksAPasswordForTheSameEmail() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let facebook = Self.claims("fb-only", email: "fbuser@example.com", verified: true)
        let created = try sandbox.run(["signin", "--json", "--provider", "facebook.com", "--access-token", facebook])
        let uid = created.json["user"]?["uid"]
        let reauth = try sandbox.run(["reauth", "--json", "--provider", "facebook.com", "--access-token", facebook])
        #expect(reauth.status == 0, "\(reauth.stderr)")
        #expect(reauth.json["user"]?["uid"] == uid)
        let link = try sandbox.run(
            ["link", "--json", "--email", "fbuser@example.com", "--password-stdin"], stdin: "secret-pass-1")
        #expect(link.status == 0, "\(link.stderr)")
        try sandbox.run(["signout"])
        let signin = try sandbox.run(
            ["signin", "--json", "--email", "fbuser@example.com", "--password-stdin"], stdin: "secret-pass-1")
        #expect(signin.status == 0, "\(signin.stderr)")
        #expect(signin.json["user"]?["uid"] == uid)
    }

    @Test func anAnonymousUserLinksGoogleAndKeepsItsUid() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let anonymous = try sandbox.run(["signin", "--anonymous", "--json"])
        let run = try sandbox.run([
            "link", "--json", "--provider", "google.com", "--id-token",
            Self.claims("g-anon", email: "anon@example.com", verified: true),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["user"]?["uid"] == anonymous.json["user"]?["uid"])
        #expect(run.json["user"]?["isAnonymous"] == false)
        #expect(run.json["user"]?["email"] == "anon@example.com")
    }

    @Test func anUnverifiedProviderEmailOfAnExistingAccountListsItsSignInMethods() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("exists@example.com")
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run([
                "signin", "--json", "--provider", "google.com", "--id-token",
                Self.claims("g-other", email: "exists@example.com"),
            ])
            expectFailure(run, status: 7, code: "account-exists-with-different-credential")
            #expect(run.error["email"] == "exists@example.com")
            #expect(run.error["signInMethods"] == ["password"])
        }
    }

    @Test func aCredentialOfAnotherAccountIsAlreadyInUse() throws {
        let emulator = try RunningEmulator()
        let owner = try FauthSandbox(emulator: emulator)
        let google = Self.claims("g-owned", email: "owner@example.com", verified: true)
        #expect(try owner.run(["signin", "--provider", "google.com", "--id-token", google]).status == 0)
        let other = try FauthSandbox(emulator: emulator)
        try other.signUp("someone@example.com")
        try expectSessionUnchanged(other) {
            let run = try other.run(["link", "--json", "--provider", "google.com", "--id-token", google])
            expectFailure(run, status: 7, code: "credential-already-in-use")
            #expect(run.error["email"] == "owner@example.com")
        }
    }

    @Test func aProviderEmailOfAnotherAccountIsAlreadyInUse() throws {
        let emulator = try RunningEmulator()
        let first = try FauthSandbox(emulator: emulator)
        try first.signUp("taken@example.com")
        let second = try FauthSandbox(emulator: emulator)
        try second.signUp("second@example.com")
        try expectSessionUnchanged(second) {
            let run = try second.run([
                "link", "--json", "--provider", "github.com", "--access-token",
                Self.claims("gh-1", email: "taken@example.com", verified: true),
            ])
            expectFailure(run, status: 7, code: "email-already-in-use")
        }
    }

    @Test func linkingAProviderTheAccountHasIsRefusedBeforeAnyRequest() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(
            try sandbox.run(["signin", "--provider", "github.com", "--access-token", Self.claims("gh-twice")]).status
                == 0)
        let before = emulator.requestCount("accounts:signInWithIdp")
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run([
                "link", "--json", "--provider", "github.com", "--access-token", Self.claims("gh-again"),
            ])
            expectFailure(run, status: 7, code: "provider-already-linked")
        }
        #expect(emulator.requestCount("accounts:signInWithIdp") == before)
    }

    @Test func reauthWithAnotherUsersProviderCredentialIsAMismatch() throws {
        let emulator = try RunningEmulator()
        let other = try FauthSandbox(emulator: emulator)
        let theirs = Self.claims("g-theirs", email: "theirs@example.com", verified: true)
        #expect(try other.run(["signin", "--provider", "google.com", "--id-token", theirs]).status == 0)
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(
            try sandbox.run(["signin", "--provider", "google.com", "--id-token", Self.claims("g-mine")]).status == 0)
        try expectSessionUnchanged(sandbox) {
            let run = try sandbox.run(["reauth", "--json", "--provider", "google.com", "--id-token", theirs])
            expectFailure(run, status: 6, code: "user-mismatch")
        }
    }

    @Test func malformedCredentialsAreRejected() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        expectFailure(
            try sandbox.run([
                "signin", "--json", "--provider", "google.com", "--id-token", #"{"email": "no-sub@example.com"}"#,
            ]),
            status: 6, code: "invalid-credential")
        expectFailure(
            try sandbox.run(["signin", "--json", "--custom-token", "not a token"]), status: 6,
            code: "invalid-custom-token")
        expectFailure(
            try sandbox.run(["signin", "--json", "--provider", "twitter.com", "--access-token", "x"]), status: 2,
            code: "usage")
        expectFailure(
            try sandbox.run(["signin", "--json", "--provider", "password", "--id-token", "x"]), status: 8,
            code: "invalid-provider-id")
        #expect(sandbox.sessionBytes() == nil)
    }

    @Test func aCredentialTheServerEchoesNeverReachesTheError() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let token = "ya29.SECRET-GOOGLE-ID-TOKEN"
        let json = try sandbox.run(["--json", "signin", "--provider", "google.com", "--id-token", "@-"], stdin: token)
        expectFailure(json, status: 6, code: "invalid-credential")
        #expect(
            json.error["message"]?.string?.hasPrefix("Unable to parse id_token: REDACTED ") == true, "\(json.stderr)")
        #expect(
            json.error["server"]?["message"]?.string?.hasPrefix(
                "INVALID_IDP_RESPONSE : Unable to parse id_token: REDACTED ") == true)
        let text = try sandbox.run(
            ["--verbose", "signin", "--provider", "google.com", "--id-token", "@-"], stdin: token)
        #expect(text.status == 6 && text.stderr.contains("Unable to parse id_token: REDACTED"), "\(text.stderr)")
        for run in [json, text] {
            #expect(!run.stderr.contains("SECRET"), "\(run.stderr)")
        }
    }

    @Test func customTokensSignInAndCreateTheUserOnce() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let token = #"{"uid": "custom-ada", "claims": {"admin": true}}"#
        let first = try sandbox.run(["signin", "--json", "--custom-token", token])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.json["user"]?["uid"] == "custom-ada")
        #expect(first.json["isNewUser"] == true)
        #expect(first.json["providerId"] == "custom")
        #expect(first.json["user"]?["isAnonymous"] == false)
        #expect(try sandbox.run(["signin", "--json", "--custom-token", token]).json["isNewUser"] == false)
    }

    @Test func tokensComeFromFilesAndStandardInput() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let file = sandbox.root.appendingPathComponent("google.jwt")
        try Data((Self.claims("g-file", email: "file@example.com", verified: true) + "\n").utf8).write(to: file)
        let fromFile = try sandbox.run(["signin", "--json", "--provider", "google.com", "--id-token", "@\(file.path)"])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.json["user"]?["email"] == "file@example.com")
        let fromStdin = try sandbox.run(
            ["signin", "--json", "--provider", "google.com", "--id-token", "@-"], stdin: Self.claims("g-stdin"))
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        #expect(fromStdin.json["isNewUser"] == true)
        let nonceFile = sandbox.root.appendingPathComponent("nonce.txt")
        try Data("raw-nonce\n".utf8).write(to: nonceFile)
        let apple = try sandbox.run([
            "signin", "--json", "--provider", "apple.com", "--id-token", Self.claims("a-file"), "--nonce",
            "@\(nonceFile.path)",
        ])
        #expect(apple.status == 0, "\(apple.stderr)")
        let missing = try sandbox.run([
            "signin", "--json", "--provider", "apple.com", "--id-token", Self.claims("a-file"),
            "--nonce", "@\(nonceFile.path).missing",
        ])
        expectFailure(missing, status: 2, code: "usage")
        let custom = try sandbox.run(["signin", "--json", "--custom-token", "@-"], stdin: #"{"uid": "from-stdin"}"#)
        #expect(custom.json["user"]?["uid"] == "from-stdin")
        let twice = try sandbox.run(
            ["signin", "--json", "--provider", "twitter.com", "--access-token", "@-", "--token-secret", "@-"],
            stdin: "x")
        expectFailure(twice, status: 2, code: "usage")
    }
}
