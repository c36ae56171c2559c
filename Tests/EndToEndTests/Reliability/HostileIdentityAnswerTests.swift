import FauthJSON
import Foundation
import Testing

/// Issue 26, item 7: a server answer is checked before it is trusted. A refresh, sign-in, reauthentication, link or
/// update answered with an ID token that is not a JWT, or with another user's tokens, or a lookup that answers for
/// another user than the session's, is refused with its documented code and leaves the session file byte for byte
/// as it was.
@Suite struct HostileIdentityAnswerTests {
    /// One hostile answer: the command, the route answered, what it is answered with, and the code expected.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        let anonymous: Bool
        let answers: @Sendable (Identities) -> [(route: String, body: JSONValue)]
        let code: String
        let status: Int32

        var testDescription: String { name }
    }

    /// Real answers for the session's user ("holder") and for another user, taken from the emulator.
    struct Identities: Sendable {
        let holderSignIn: JSONValue
        let holderLookup: JSONValue
        let otherSignIn: JSONValue
        let otherRefresh: JSONValue
        let otherLookup: JSONValue

        /// `answer` with its ID token member replaced by a string that is not a JWT.
        static func withoutJWT(_ answer: JSONValue, key: String = "idToken") -> JSONValue {
            guard case .object(var object) = answer else { return answer }
            object[key] = "not-a-jwt"
            return .object(object)
        }
    }

    static let cases: [Case] = [
        Case(
            name: "refresh for another uid", arguments: ["token", "--force-refresh"], anonymous: false,
            answers: { [("token", $0.otherRefresh)] }, code: "internal-error", status: 1),
        Case(
            name: "refresh with a non-JWT", arguments: ["token", "--force-refresh"], anonymous: false,
            answers: { [("token", Identities.withoutJWT($0.otherRefresh, key: "id_token"))] },
            code: "malformed-jwt", status: 1),
        Case(
            name: "sign-in with a non-JWT", arguments: ["signin", "--email", "holder@example.com", "--password-stdin"],
            anonymous: false,
            answers: {
                [
                    ("accounts:signInWithPassword", Identities.withoutJWT($0.holderSignIn)),
                    ("accounts:lookup", $0.holderLookup),
                ]
            },
            code: "malformed-jwt", status: 1),
        Case(
            name: "reauth for another uid", arguments: ["reauth", "--password-stdin"], anonymous: false,
            answers: { [("accounts:signInWithPassword", $0.otherSignIn)] }, code: "user-mismatch", status: 6),
        Case(
            name: "reauth with a non-JWT", arguments: ["reauth", "--password-stdin"], anonymous: false,
            answers: {
                [
                    ("accounts:signInWithPassword", Identities.withoutJWT($0.holderSignIn)),
                    ("accounts:lookup", $0.holderLookup),
                ]
            }, code: "malformed-jwt", status: 1),
        Case(
            name: "link for another uid", arguments: ["link", "--email", "linked@example.com", "--password-stdin"],
            anonymous: true, answers: { [("accounts:signUp", $0.otherSignIn)] }, code: "internal-error", status: 1),
        Case(
            name: "update for another uid", arguments: ["update", "--display-name", "Pat"], anonymous: false,
            answers: { [("accounts:update", $0.otherSignIn)] }, code: "internal-error", status: 1),
        Case(
            name: "update with a non-JWT", arguments: ["update", "--display-name", "Pat"], anonymous: false,
            answers: { [("accounts:update", Identities.withoutJWT($0.holderSignIn))] },
            code: "malformed-jwt", status: 1),
        Case(
            name: "status looked up as another user", arguments: ["status"], anonymous: false,
            answers: { [("accounts:lookup", $0.otherLookup)] }, code: "internal-error", status: 1),
        Case(
            name: "unlink looked up as another user", arguments: ["unlink", "password"], anonymous: false,
            answers: { [("accounts:lookup", $0.otherLookup)] }, code: "internal-error", status: 1),
    ]

    @Test(arguments: cases)
    func aHostileIdentityIsRefusedAndTheSessionKept(_ hostile: Case) throws {
        let emulator = try RunningEmulator()
        let identity = "/identitytoolkit.googleapis.com/v1/accounts:"
        let password = "secret-pass-1"
        func credentials(_ email: String) -> JSONValue {
            ["email": .string(email), "password": .string(password), "returnSecureToken": true]
        }
        let sandbox = try FauthSandbox(emulator: emulator)
        let setup =
            hostile.anonymous
            ? try sandbox.run(["signin", "--anonymous"]) : try sandbox.signUp("holder@example.com")
        try #require(setup.status == 0, "\(setup.stderr)")
        if hostile.anonymous {
            emulator.call("POST", identity + "signUp?key=k", body: credentials("holder@example.com"))
        }
        emulator.call("POST", identity + "signUp?key=k", body: credentials("other@example.com"))
        func signIn(_ email: String) -> JSONValue {
            emulator.call("POST", identity + "signInWithPassword?key=k", body: credentials(email)).json
        }
        let holderSignIn = signIn("holder@example.com")
        let otherSignIn = signIn("other@example.com")
        let identities = Identities(
            holderSignIn: holderSignIn,
            holderLookup: emulator.call(
                "POST", identity + "lookup?key=k",
                body: ["idToken": holderSignIn["idToken"] ?? ""]
            ).json,
            otherSignIn: otherSignIn,
            otherRefresh: emulator.call(
                "POST", "/securetoken.googleapis.com/v1/token?key=k",
                body: [
                    "grant_type": "refresh_token", "refresh_token": otherSignIn["refreshToken"] ?? "",
                ]
            ).json,
            otherLookup: emulator.call(
                "POST", identity + "lookup?key=k",
                body: ["idToken": otherSignIn["idToken"] ?? ""]
            ).json)
        let before = try #require(sandbox.sessionBytes())
        for (route, body) in hostile.answers(identities) {
            emulator.inject(route: route, ["status": 200, "body": .string(body.serialized())])
        }
        let run = try sandbox.run(hostile.arguments + ["--json"], stdin: password)
        expectFailure(run, status: hostile.status, code: hostile.code)
        #expect(sandbox.sessionBytes() == before, "the session file changed: \(run.stderr)")
    }
}
