import FauthJSON
import Foundation
import Glibc
import Testing

/// `--device` against what nobody here wrote: an OpenID provider whose RFC 8628 endpoints are Python Authlib's
/// (`Tests/DeviceProvider/authlib_provider.py`, installed by scripts/bootstrap; a missing one fails, never skips),
/// and a person approving the code on the emulator's page in headless Chromium (`chromium_device_person.py`).
@Suite struct DeviceSignInExternalTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let python = root.appendingPathComponent(".build/admin-sdk/bin/python").path

    /// Starts a Python script of this repository with `arguments`.
    static func python(_ script: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> SpawnedProcess
    {
        try #require(
            FileManager.default.isExecutableFile(atPath: python), "the Python venv is missing: run scripts/bootstrap")
        return try SpawnedProcess(
            path: python, rawArguments: ([root.appendingPathComponent(script).path] + arguments).map { Array($0.utf8) },
            environment: ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "PYTHONDONTWRITEBYTECODE": "1"]
                .merging(environment) { $1 })
    }

    @Test func anAuthlibDeviceEndpointIsTheOIDCIssuer() throws {
        let provider = try Self.python("Tests/DeviceProvider/authlib_provider.py", [])
        let issuer = try provider.firstLine(within: 60)
        let setup = try DeviceSignInTests.Setup()
        let (process, authorization) = try setup.start([
            "signin", "--json", "--provider", "oidc.authlib", "--device", "--client-id", "fauth-authlib-client",
            "--issuer", issuer,
        ])
        let userCode = try #require(authorization["userCode"]?.string)
        #expect(authorization["verificationUri"]?.string == issuer + "/activate")
        #expect(authorization["intervalSeconds"]?.number == 1)
        let approve = try SpawnedProcess(
            path: "/usr/bin/curl",
            rawArguments: [
                "-sf", "-d", "user_code=\(userCode)", "-d", "sub=authlib-1", "-d", "email=lin@authlib.example",
                issuer + "/approve",
            ].map { Array($0.utf8) }, environment: ["PATH": "/usr/bin:/bin"])
        #expect(try approve.waitForExit(within: 30) == 0)
        let run = try setup.finished(process)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["providerId"] == "oidc.authlib")
        #expect(run.json["user"]?["email"] == "lin@authlib.example")
        let log = provider.standardError
        #expect(log.contains("POST /device_authorization HTTP/1.1\" 200"), "\(log)")
        #expect(log.contains("POST /token HTTP/1.1\" 200"), "\(log)")
    }

    @Test func headlessChromiumApprovesTheCodeOnTheEmulatorsPage() throws {
        for program in ["/usr/bin/chromium", "/usr/bin/chromedriver"] {
            try #require(
                FileManager.default.isExecutableFile(atPath: program),
                "\(program) is missing: run scripts/bootstrap (it installs chromium and chromium-driver)")
        }
        let artifacts = Self.root.appendingPathComponent(".build/test-artifacts/device-sign-in")
        try? FileManager.default.removeItem(at: artifacts)
        let setup = try DeviceSignInTests.Setup()
        let log = setup.sandbox.root.appendingPathComponent("chromium.log").path
        let (process, authorization) = try setup.start(
            ["signin", "--json", "--timeout", "120"] + setup.device("google.com"))
        let page = try #require(authorization["verificationUri"]?.string)
        let person = try Self.python(
            "Tests/BrowserPerson/chromium_device_person.py", [page, try #require(authorization["userCode"]?.string)],
            environment: [
                "PERSON_LOG": log, "PERSON_ARTIFACTS": artifacts.path, "PERSON_EMAIL": "ada@example.com",
                "PERSON_NAME": "Ada Lovelace",
            ])
        #expect(try person.waitForExit(within: 120) == 0)
        var steps: [String: JSONValue] = [:]
        for line in ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n") {
            if let step = try? JSONValue.parse(String(line)), let name = step["step"]?.string { steps[name] = step }
        }
        #expect(steps["error"] == nil, "the browser side failed: \(String(describing: steps["error"]))")
        let run = try setup.finished(process)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["user"]?["email"] == "ada@example.com")
        #expect(run.json["user"]?["displayName"] == "Ada Lovelace")
        #expect(steps["code-page"]?["title"]?.string?.hasPrefix("Connect a device") == true)
        #expect(steps["chooser"]?["text"]?.string?.contains("Approve the device showing") == true)
        #expect(steps["approved"]?["title"]?.string?.hasPrefix("Device approved") == true)
        let png = FileManager.default.contents(
            atPath: artifacts.appendingPathComponent("emulator-device-approved.png").path)
        #expect((png ?? Data()).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
