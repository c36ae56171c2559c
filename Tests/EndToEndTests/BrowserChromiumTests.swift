import FauthJSON
import Foundation
import Testing

/// `signin --browser` in a real browser: headless Chromium (Debian's chromium and chromium-driver, which
/// scripts/bootstrap installs; a missing one fails this test, it is never skipped) driven by
/// `Tests/BrowserPerson/chromium_person.py` through chromedriver's WebDriver API. It clicks through the emulator's
/// page, adds an account, and the browser itself follows the redirect to fauth's listener. The screenshots are kept
/// in `.build/test-artifacts/browser-sign-in/`.
@Suite struct BrowserChromiumTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let artifacts = root.appendingPathComponent(".build/test-artifacts/browser-sign-in")

    @Test func headlessChromiumSignsInThroughTheEmulatorsPage() throws {
        for program in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
            try #require(
                FileManager.default.isExecutableFile(atPath: program),
                "\(program) is missing: run scripts/bootstrap (it installs chromium and chromium-driver)")
        }
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let log = sandbox.root.appendingPathComponent("chromium.log").path
        try? FileManager.default.removeItem(at: Self.artifacts)
        let run = try sandbox.run(
            ["signin", "--json", "--provider", "google.com", "--browser", "--timeout", "120"],
            environment: [
                "BROWSER": Self.root.appendingPathComponent("Tests/BrowserPerson/chromium_person.py").path,
                "PERSON_LOG": log, "PERSON_ARTIFACTS": Self.artifacts.path,
                "PERSON_EMAIL": "ada@example.com", "PERSON_NAME": "Ada Lovelace",
            ])
        var steps: [String: JSONValue] = [:]
        // The person logs its last step after fauth has answered: wait for it (or for its error), up to 120 s, a
        // deadline only a failure reaches (a loaded machine renders and closes Chromium slowly).
        let deadline = Date().addingTimeInterval(120)
        while steps["callback"] == nil, steps["error"] == nil, Date() < deadline {
            usleep(50_000)
            for line in ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n") {
                if let step = try? JSONValue.parse(String(line)), let name = step["step"]?.string { steps[name] = step }
            }
        }
        #expect(steps["error"] == nil, "the browser side failed: \(String(describing: steps["error"]))")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["user"]?["email"] == "ada@example.com")
        #expect(run.json["user"]?["displayName"] == "Ada Lovelace")
        #expect(steps["page"]?["title"]?.string?.hasPrefix("Sign in with Google") == true)
        #expect(steps["callback"]?["title"] == "fauth: Signed in")
        #expect(steps["callback"]?["text"]?.string?.contains("You can close this tab") == true)
        #expect(steps["callback"]?["url"]?.string?.contains("/__/auth/callback?") == true)
        for name in ["emulator-sign-in-page.png", "emulator-sign-in-form-filled.png", "fauth-signed-in-page.png"] {
            let png = FileManager.default.contents(atPath: Self.artifacts.appendingPathComponent(name).path) ?? Data()
            #expect(
                png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 5_000,
                "\(name) is not a screenshot (\(png.count) bytes)")
        }
        #expect(try sandbox.run(["status"]).status == 0)
    }
}
