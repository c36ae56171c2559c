import FauthCore
import FauthJSON
import FauthTestSupport
import Foundation
import Testing

@testable import FauthCLI

/// Commands that reach a server, run in-process against a scripted transport: what is sent, what is printed,
/// how a server's answer becomes an exit status. Any request the test did not script fails it.
@Suite struct CommandLineServerTests {
    /// An unsigned JWT for user U1 of project demo-fauth, as the server would issue it.
    static let idToken =
        [#"{"alg":"none"}"#, #"{"aud":"demo-fauth","sub":"U1","auth_time":1700000000}"#]
        .map { Data($0.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "") }.joined(separator: ".")
        + "."

    static let signInReply = ScriptedTransport.Reply.json(
        200,
        JSONValue.object([
            "localId": "U1", "email": "ada@example.com", "idToken": .string(idToken), "refreshToken": "RT1",
            "expiresIn": "3600",
        ]).serialized())

    static func lookupReply(displayName: String? = nil) -> ScriptedTransport.Reply {
        var provider: JSONObject = ["providerId": "password", "rawId": "ada@example.com", "email": "ada@example.com"]
        provider["displayName"] = displayName.map(JSONValue.string)
        return .json(
            200,
            JSONValue.object([
                "users": [["localId": "U1", "email": "ada@example.com", "providerUserInfo": [.object(provider)]]]
            ]).serialized())
    }

    /// A backend without a password policy answers fauth's `GET /v2/passwordPolicy` so (Firebase's emulator's 501).
    static let noPasswordPolicy = ScriptedTransport.Reply.firebaseError(
        501, "identitytoolkit.getPasswordPolicy is not implemented in the Auth Emulator.")

    func context(_ transport: ScriptedTransport) throws -> TestContext {
        try TestContext.scripted(transport)
    }

    @Test func signupSendsTheStrippedPasswordAndPrintsTheUserThenTokenIsCached() throws {
        let transport = ScriptedTransport()
        transport.reply(to: "passwordPolicy", method: "GET", Self.noPasswordPolicy)
        transport.reply(to: "accounts:signUp", Self.signInReply)
        transport.reply(to: "accounts:lookup", Self.lookupReply())
        let context = try context(transport)
        defer { context.removeStateFolder() }
        context.standardInput = Array("pw-123456\n".utf8)
        let run = context.run(["signup", "--email", "ada@example.com", "--password-stdin"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "Signed up and signed in as ada@example.com (uid U1)\nproviders: password\n")
        #expect(run.stderr.isEmpty)
        let body = transport.requests(to: "accounts:signUp").first?.json
        #expect(body?["password"]?.string == "pw-123456")
        #expect(body?["email"]?.string == "ada@example.com")
        transport.expectAllRepliesUsed()

        let token = context.run(["token"])
        #expect(token.status == 0 && token.stdout == Self.idToken + "\n", "a fresh cached token needs no request")
        let json = context.run(["token", "--json"]).json as? [String: String]
        #expect(json?["idToken"] == Self.idToken)
        #expect(json?["expiresAt"] == "2023-11-14T23:13:20Z")
        #expect(transport.requests.count == 3, "the password policy, the sign-up and its lookup")
    }

    @Test func aServerRefusalBecomesItsCodeAndExitStatus() throws {
        let transport = ScriptedTransport()
        transport.reply(to: "accounts:signInWithPassword", .firebaseError(400, "INVALID_PASSWORD"))
        let context = try context(transport)
        defer { context.removeStateFolder() }
        context.environment["FAUTH_PASSWORD"] = "wrong-pass"
        let text = context.run(["signin", "--email", "ada@example.com"])
        #expect(text.status == 6)
        #expect(text.stdout.isEmpty)
        #expect(text.stderr.hasSuffix("(wrong-password)\n"), "\(text.stderr)")
        #expect(!text.stderr.contains("wrong-pass\n") && !text.stderr.contains("hint: run"))

        transport.reply(to: "accounts:signInWithPassword", .firebaseError(400, "SOMETHING_NEW : details"))
        let json = context.run(["signin", "--email", "ada@example.com", "--json"])
        #expect(json.status == 1)
        #expect(json.error?["code"] as? String == "internal-error")
        #expect((json.error?["server"] as? [String: Any])?["message"] as? String == "SOMETHING_NEW : details")
        transport.expectAllRepliesUsed()
    }

    @Test func verboseTracesTheRequestWithTheKeyRedactedAndNoBody() throws {
        let transport = ScriptedTransport()
        transport.reply(
            to: "accounts:createAuthUri", .json(200, #"{"signinMethods": ["password"], "registered": true}"#))
        let context = try context(transport)
        defer { context.removeStateFolder() }
        let run = context.run(["providers", "-v", "--email", "ada@example.com"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "password\n")
        #expect(
            run.stderr.contains("fauth: POST https://identitytoolkit.googleapis.com/v1/accounts:createAuthUri"),
            "\(run.stderr)")
        #expect(!run.stderr.contains("AIzaTESTKEY") && !run.stderr.contains("ada@example.com"), "\(run.stderr)")
    }
}
