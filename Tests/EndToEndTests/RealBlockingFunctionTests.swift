import FauthJSON
import Foundation
import Testing

/// Blocking functions as users write them: Tests/BlockingFunctions/main.py, written with Firebase's Functions SDK for
/// Python (`firebase-functions`, `identity_fn`) and served by `functions-framework` on loopback (serve.py), called by
/// fauth-emulator while the real `fauth` binary signs up and signs in.
@Suite struct RealBlockingFunctionTests {
    /// serve.py running both functions on a free loopback port (killed when released).
    final class FunctionServer {
        let process: SpawnedProcess
        let port: String

        /// Starts serve.py with `environment` on top of a bare one; waits (generously: it imports Flask and the
        /// Admin SDK) for the port it prints.
        init(environment: [String: String]) throws {
            let python = PythonVenv.root.appendingPathComponent(".build/admin-sdk/bin/python")
            try #require(
                FileManager.default.isExecutableFile(atPath: python.path),
                "the Python SDKs are not installed: run scripts/bootstrap")
            let script = PythonVenv.root.appendingPathComponent("Tests/BlockingFunctions/serve.py").path
            process = try SpawnedProcess(
                path: python.path, rawArguments: [Array(script.utf8)],
                environment: [
                    "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "PYTHONDONTWRITEBYTECODE": "1",
                    // No Google credentials here: the Admin SDK must not wait for a metadata server to say so.
                    "NO_GCE_CHECK": "True",
                ].merging(environment) { $1 })
            port = try process.firstLine(within: 90)
            try #require(Int(port) != nil, "serve.py printed \(port)")
        }

        /// Points the emulator's `beforeCreate` and `beforeSignIn` triggers at the two functions.
        func register(with emulator: RunningEmulator) {
            emulator.configure([
                "blockingFunctions": [
                    "triggers": [
                        "beforeCreate": ["functionUri": .string("http://127.0.0.1:\(port)/before_create")],
                        "beforeSignIn": ["functionUri": .string("http://127.0.0.1:\(port)/before_sign_in")],
                    ]
                ]
            ])
        }
    }

    /// The account as the Admin API returns it.
    private func account(_ emulator: RunningEmulator, email: String) -> JSONValue? {
        emulator.call(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(emulator.projectId)/accounts:lookup",
            body: ["email": [.string(email)]], bearerOwner: true
        ).json["users"]?.array?.first
    }

    @Test func theHandlersAnswersLandOnTheAccountAndARaisedErrorBlocksTheSignUp() throws {
        let emulator = try RunningEmulator()
        // Emulator mode, as Firebase's emulator suite runs functions: the SDK checks the event JWT's issuer against
        // this project but not its signature (see the other test for what it refuses).
        let functions = try FunctionServer(environment: [
            "FIREBASE_AUTH_EMULATOR_HOST": emulator.host, "GOOGLE_CLOUD_PROJECT": emulator.projectId,
        ])
        functions.register(with: emulator)
        let sandbox = try FauthSandbox(emulator: emulator)

        let signup = try sandbox.signUp("reader@example.com")
        #expect(signup.status == 0, "\(signup.stderr)")
        let stored = try #require(account(emulator, email: "reader@example.com"))
        #expect(stored["displayName"] == "Created by password", "before_create's display name: \(stored)")
        let claims = try JSONValue.parse(Array((stored["customAttributes"]?.string ?? "").utf8))
        #expect(
            claims == ["role": "reader", "createdBy": "before_create", "signedInBy": "before_sign_in"],
            "before_create's claims, then before_sign_in's added to them")
        let token = try sandbox.run(["token", "--claims", "--json"])
        #expect(token.json["role"] == "reader" && token.json["signedInBy"] == "before_sign_in", "\(token.stdout)")
        #expect(token.json["signInMethod"] == "password", "before_sign_in's session claim: \(token.stdout)")

        let disabled = try sandbox.signUp("disabled@example.com")
        expectFailure(disabled, status: 6, code: "user-disabled")
        #expect(account(emulator, email: "disabled@example.com")?["disabled"] == true, "stored disabled")

        let blocked = try sandbox.signUp("blocked@example.com")
        expectFailure(blocked, status: 1, code: "blocking-cloud-function-error")
        #expect(
            blocked.error["message"] == "Unauthorized email blocked@example.com",
            "the HttpsError's message, as the client SDKs show it: \(blocked.stderr)")
        #expect(account(emulator, email: "blocked@example.com") == nil, "a blocked sign-up creates no account")
    }

    @Test func theSDKRefusesTheEventOfAnotherProjectOrOutsideEmulatorMode() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        // Started together: each takes seconds to import its SDKs.
        let otherProject = try FunctionServer(environment: [
            "FIREBASE_AUTH_EMULATOR_HOST": emulator.host, "GOOGLE_CLOUD_PROJECT": "another-project",
        ])
        let production = try FunctionServer(environment: ["GOOGLE_CLOUD_PROJECT": emulator.projectId])
        for (functions, email) in [(otherProject, "other@example.com"), (production, "unsigned@example.com")] {
            functions.register(with: emulator)
            let refused = try sandbox.signUp(email)
            // The SDK's token check fails (wrong issuer; no "kid", no RS256 signature) and it answers 500 INTERNAL.
            expectFailure(refused, status: 1, code: "blocking-cloud-function-error")
            #expect(refused.error["message"] == "INTERNAL", "\(refused.stderr)")
            #expect(account(emulator, email: email) == nil)
        }
    }
}
