import FauthCrypto
import FauthJSON
import Foundation
import Testing

/// fauth-emulator's signed tokens (`--sign-tokens`) checked by independent implementations: PyJWT with the JWKS it
/// serves, google-auth at its certificate URL, firebase-admin's verify_id_token and verify_session_cookie with the
/// signature checked (PythonClientsTests runs the REST clients with signing on too).
@Suite(.serialized) struct SignedTokenVerifierTests {
    /// Runs one step of Tests/AdminSDK/token_verifiers.py.
    func verifiers(_ emulator: RunningEmulator, _ step: String, _ arguments: [String]) throws -> JSONValue {
        try PythonVenv.run("token_verifiers.py", [emulator.projectId, step] + arguments, emulator: emulator)
    }

    /// A signing emulator, a user signed up with fauth, its ID token and a session cookie for it.
    func signedSession() throws -> (RunningEmulator, FauthSandbox, idToken: String, cookie: String) {
        let emulator = try RunningEmulator()
        try emulator.emulator.signTokens()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("signed@example.com").status == 0)
        let idToken = try #require(try sandbox.run(["token"]).stdout.split(separator: "\n").first.map(String.init))
        let cookie = try #require(
            emulator.call(
                "POST", "/identitytoolkit.googleapis.com/v1/projects/\(emulator.projectId):createSessionCookie",
                body: ["idToken": .string(idToken)], bearerOwner: true
            ).json["sessionCookie"]?.string)
        return (emulator, sandbox, idToken, cookie)
    }

    @Test func pyJWTAndGoogleAuthVerifyTheSignedTokens() throws {
        let (emulator, _, idToken, cookie) = try signedSession()
        let file = NSTemporaryDirectory() + "fauth-pyjwt-\(getpid())-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try JSONValue.array([.string(idToken), .string(cookie)]).serialized().write(
            toFile: file, atomically: true, encoding: .utf8)
        let ids = try verifiers(emulator, "pyjwt", ["id-token", file])["verdicts"]?.array ?? []
        #expect(ids.map { $0["valid"] } == [true, false], "the cookie is not an ID token: \(ids)")
        let cookies = try verifiers(emulator, "pyjwt", ["session-cookie", file])["verdicts"]?.array ?? []
        #expect(cookies.map { $0["valid"] } == [false, true], "\(cookies)")
        let google = try verifiers(emulator, "google-auth", [idToken])
        let uid = JWTPayload.decode(idToken)?["sub"]
        #expect(google["firebase"] == uid && google["plain"] == uid)
        #expect(google["iss"] == .string("https://securetoken.google.com/\(emulator.projectId)"))
    }

    @Test func firebaseAdminVerifiesWithTheSignatureChecked() throws {
        let (emulator, _, idToken, cookie) = try signedSession()
        let result = try verifiers(emulator, "admin", [idToken, cookie])
        let uid = try #require(JWTPayload.decode(idToken)?["sub"])
        #expect(result["emulated"] == [uid, uid])
        #expect(result["signed"] == [uid, uid])
        #expect(result["refusals"]?["cookie-as-id-token"]?.string?.contains("incorrect \"iss\"") == true)
        #expect(result["refusals"]?["tampered"]?.string != nil)
    }
}
