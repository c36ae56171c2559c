import FauthJSON
import FauthTestSupport
import Foundation

/// One account as a scripted backend describes it: the ID tokens it issues (unsigned JWTs with the claims fauth
/// reads) and the answers to sign-in, lookup and refresh calls.
struct FakeAccount {
    var uid = "U1"
    var email: String? = "ada@example.com"
    var projectId = "demo-fauth"
    var signInProvider = "password"
    var providers: [String] = ["password"]

    /// An ID token for this account, as a JWT whose payload carries `aud`, `auth_time`, `sub` and the sign-in
    /// provider; `serial` makes successive tokens differ.
    func idToken(serial: Int = 1, authTime: Int = 1_700_000_000) -> String {
        let payload: JSONValue = [
            "aud": .string(projectId), "sub": .string(uid), "user_id": .string(uid), "serial": .number(Double(serial)),
            "auth_time": .number(Double(authTime)), "firebase": ["sign_in_provider": .string(signInProvider)],
        ]
        return [#"{"alg":"none","typ":"JWT"}"#, payload.serialized()].map(Self.base64URL).joined(separator: ".") + "."
    }

    /// The answer to `accounts:signUp`, `signInWithPassword` or `signInWithCustomToken`.
    func signInReply(serial: Int = 1, expiresIn: Int = 3600) -> ScriptedTransport.Reply {
        let body: JSONValue = [
            "localId": .string(uid), "email": email.map(JSONValue.string) ?? .null,
            "idToken": .string(idToken(serial: serial)),
            "refreshToken": .string("RT\(serial)"), "expiresIn": .string(String(expiresIn)),
        ]
        return .json(200, body.serialized())
    }

    /// The answer to `accounts:lookup`.
    func lookupReply() -> ScriptedTransport.Reply {
        var user: JSONObject = [
            "localId": .string(uid), "emailVerified": false,
            "providerUserInfo": .array(providers.map { ["providerId": .string($0), "rawId": .string(uid)] }),
        ]
        user["email"] = email.map(JSONValue.string)
        return .json(200, JSONValue.object(["users": [.object(user)]]).serialized())
    }

    /// The answer to a Secure Token refresh.
    func refreshReply(serial: Int, expiresIn: Int = 3600) -> ScriptedTransport.Reply {
        let body: JSONValue = [
            "id_token": .string(idToken(serial: serial)), "access_token": .string(idToken(serial: serial)),
            "refresh_token": .string("RT\(serial)"), "expires_in": .string(String(expiresIn)), "user_id": .string(uid),
            "project_id": .string(projectId),
        ]
        return .json(200, body.serialized())
    }

    /// Scripts a sign-up of this account: no password policy (Firebase's emulator's 501), the `accounts:signUp`
    /// answer and the lookup that follows it.
    func scriptSignUp(on transport: ScriptedTransport, serial: Int = 1) {
        Self.scriptNoPasswordPolicy(on: transport)
        transport.reply(to: "accounts:signUp", signInReply(serial: serial))
        transport.reply(to: "accounts:lookup", lookupReply())
    }

    /// Scripts the answer of a backend without a password policy to fauth's `GET /v2/passwordPolicy`, `times` times.
    static func scriptNoPasswordPolicy(on transport: ScriptedTransport, times: Int = 1) {
        for _ in 0..<times {
            transport.reply(
                to: "passwordPolicy", method: "GET",
                .firebaseError(501, "identitytoolkit.getPasswordPolicy is not implemented in the Auth Emulator."))
        }
    }

    private static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
