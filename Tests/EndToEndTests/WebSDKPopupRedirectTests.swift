import FauthJSON
import Foundation
import Testing

/// The Firebase JS SDK's `signInWithPopup` and `signInWithRedirect` against the emulator, in headless Chromium
/// (Debian's chromium and chromium-driver, installed by scripts/bootstrap; a missing one fails, never skips):
/// `Tests/BrowserPerson/chromium_web_sdk_app.py` serves a web app, from another origin, that plays the SDK's part
/// of both flows (npm is out of reach here), and adds an account on the emulator's handler page as a person would.
/// What it proves: the helper frame answers the SDK's `webStorageSupport` and hands over the auth event the handler
/// page made (posted from the popup, or left in session storage by the redirect, once only), and that event signs
/// in through `signInWithIdp`. Google's `gapi.iframes` is a stand-in written for the test (its wire format is not
/// public), so the frame's talk with the real library is not what this proves. Screenshots are kept in
/// `.build/test-artifacts/web-sdk/`.
@Suite(.serialized) struct WebSDKPopupRedirectTests {
    static let artifacts = DeviceSignInExternalTests.root.appendingPathComponent(".build/test-artifacts/web-sdk")

    /// Runs the app in `mode` (popup or redirect) against a fresh emulator; returns its logged steps by name.
    static func run(_ mode: String, emulator: RunningEmulator) throws -> [String: JSONValue] {
        for program in ["/usr/bin/chromium", "/usr/bin/chromedriver", "/usr/bin/openssl"] {
            try #require(
                FileManager.default.isExecutableFile(atPath: program), "\(program) is missing: run scripts/bootstrap")
        }
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let log = artifacts.appendingPathComponent("\(mode).log").path
        try? FileManager.default.removeItem(atPath: log)
        let app = try DeviceSignInExternalTests.python(
            "Tests/BrowserPerson/chromium_web_sdk_app.py", ["http://\(emulator.host)", mode],
            environment: [
                "PERSON_LOG": log, "PERSON_ARTIFACTS": artifacts.path, "PERSON_EMAIL": "grace@example.com",
                "PERSON_NAME": "Grace Hopper",
            ])
        #expect(try app.waitForExit(within: 600) == 0, "\(app.standardError)")
        var steps: [String: JSONValue] = [:]
        for line in ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n") {
            if let step = try? JSONValue.parse(String(line)), let name = step["step"]?.string { steps[name] = step }
        }
        #expect(steps["error"] == nil, "the browser side failed: \(String(describing: steps["error"]))")
        for name in mode == "stray" ? ["form", "result"] : ["chooser", "form", "signed-in"] {
            let png = FileManager.default.contents(
                atPath: artifacts.appendingPathComponent("web-sdk-\(mode)-\(name).png").path)
            #expect((png ?? Data()).starts(with: [0x89, 0x50, 0x4E, 0x47]), "no \(name) screenshot")
        }
        return steps
    }

    /// The entries of the app's log of kind `kind`, in order.
    static func entries(_ step: JSONValue?, _ kind: String) -> [JSONValue] {
        (step?["app"]?.array ?? []).filter { $0["kind"]?.string == kind }.compactMap { $0["detail"] }
    }

    /// What every run checks: the frame's answers, the event, and the sign-in it made.
    static func expectSignedIn(_ steps: [String: JSONValue], type: String, emulator: RunningEmulator) throws {
        let ready = steps["ready"]
        #expect(ready?["title"] == "app: ready")
        #expect(
            entries(ready, "authEvent").first
                == ["type": "unknown", "error": ["code": "auth/no-auth-event"]], "\(String(describing: ready))")
        for step in [ready, steps["result"]] {
            let storage = entries(step, "webStorageSupport").first?.array?.first
            #expect(storage?["status"] == "ACK" && storage?["webStorageSupport"] == true)
        }
        #expect(steps["chooser"]?["title"]?.string?.hasPrefix("Sign in with Google") == true)

        let result = try #require(steps["result"])
        #expect(result["title"] == "app: signed in", "\(result.serialized())")
        #expect(result["text"] == "Signed in as Grace Hopper <grace@example.com>")
        let handler = try #require(URLComponents(string: steps["chooser"]?["url"]?.string ?? ""))
        let eventId = try #require(handler.queryItems?.first { $0.name == "eventId" }?.value)
        #expect(handler.queryItems?.first { $0.name == "authType" }?.value == type)
        let event = try #require(entries(result, "authEvent").last)
        #expect(event["type"]?.string == type)
        #expect(event["eventId"]?.string == eventId)
        #expect(event["error"] == .null && event["postBody"] == "" && event["tenantId"] == .null)
        #expect((event["sessionId"]?.string?.count ?? 0) >= 20)
        let urlResponse = try #require(event["urlResponse"]?.string)
        #expect(urlResponse.hasPrefix("http://\(emulator.host)/emulator/auth/handler?providerId=google.com&id_token="))
        let signIn = try #require(entries(result, "signInWithIdp").first)
        #expect(signIn["status"] == 200, "\(signIn.serialized())")
        #expect(signIn["email"] == "grace@example.com" && signIn["displayName"] == "Grace Hopper")
        #expect(signIn["providerId"] == "google.com" && signIn["hasIdToken"] == true && signIn["isNewUser"] == true)
        let user = emulator.call(
            "POST", "/identitytoolkit.googleapis.com/v1/projects/\(emulator.projectId)/accounts:lookup",
            body: ["localId": [signIn["localId"] ?? .null]], bearerOwner: true)
        let linked = user.json["users"]?.array?.first?["providerUserInfo"]?.array?.first
        #expect(linked?["providerId"] == "google.com" && linked?["email"] == "grace@example.com")
    }

    @Test func signInWithPopupCompletes() throws {
        let emulator = try RunningEmulator()
        let steps = try Self.run("popup", emulator: emulator)
        try Self.expectSignedIn(steps, type: "signInViaPopup", emulator: emulator)
        // The SDK closes the popup once it has the event; the app did so too.
        #expect(steps["result"]?["windows"] == 1)
    }

    @Test func signInWithRedirectCompletesOnceAfterTheReturn() throws {
        let emulator = try RunningEmulator()
        let steps = try Self.run("redirect", emulator: emulator)
        try Self.expectSignedIn(steps, type: "signInViaRedirect", emulator: emulator)
        #expect(steps["result"]?["url"]?.string?.contains("/app.html?emulator=") == true)
        // The redirect's event is handed over once: reloaded, the app hears "no auth event".
        let reloaded = try #require(steps["reloaded"])
        #expect(reloaded["title"] == "app: ready")
        #expect(Self.entries(reloaded, "authEvent") == [["type": "unknown", "error": ["code": "auth/no-auth-event"]]])
    }

    @Test func theHandlerPageSaysSoWhenNoAppWaits() throws {
        let emulator = try RunningEmulator()
        let steps = try Self.run("stray", emulator: emulator)
        #expect(steps["stray"]?["title"] == "Account chosen · fauth-emulator")
        #expect(steps["stray"]?["text"]?.string?.hasPrefix("No app is waiting for this sign-in") == true)
    }
}
