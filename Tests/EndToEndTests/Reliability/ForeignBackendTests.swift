import FauthJSON
import Foundation
import Testing

/// A session bound to one backend meets flags or variables that name another (issue 10: an exported
/// `FIREBASE_AUTH_EMULATOR_HOST` sent a real session's tokens to an emulator, which deleted the session).
@Suite struct ForeignBackendTests {
    /// Every command that uses the session, each sending its tokens if it were let through.
    static let sessionCommands: [(arguments: [String], stdin: String?)] = [
        (["status"], nil), (["token"], nil), (["token", "--force-refresh"], nil), (["providers"], nil),
        (["unlink", "password"], nil), (["reauth", "--password-stdin"], "secret-pass-1"),
        (["link", "--provider", "google.com", "--id-token", #"{"sub": "g-1"}"#], nil),
    ]

    /// The routes `emulator` has served, its own statistics route left out.
    static func servedRoutes(_ emulator: RunningEmulator) -> [String] {
        (emulator.call("GET", "/emulator/v1/projects/\(emulator.projectId)/stats").json["requests"]?.object?.keys ?? [])
            .filter { !$0.contains("stats") }
    }

    /// Runs every session command with `environment` and `flags` naming another backend than the session's, and checks
    /// each stops with exit 11 before any request to `other`, names both backends, shows no token, and leaves the file.
    func expectRefusals(
        _ sandbox: FauthSandbox, other: RunningEmulator, flags: [String] = [],
        environment: [String: String], naming: [String]
    ) throws {
        let before = try #require(sandbox.sessionBytes())
        let session = try #require(sandbox.session())
        for (arguments, stdin) in Self.sessionCommands {
            let run = try sandbox.guardedRun(arguments + flags + ["--json"], stdin: stdin, environment: environment)
            expectFailure(run, status: 11, code: "session-backend-mismatch")
            for name in naming {
                #expect(run.error["message"]?.string?.contains(name) == true, "\(arguments): \(run.stderr)")
            }
            for secret in [session["idToken"]?.string, session["refreshToken"]?.string].compactMap({ $0 }) {
                #expect(!run.stderr.contains(secret), "\(arguments) printed a token")
            }
            #expect(sandbox.sessionBytes() == before, "\(arguments) changed the session file")
        }
        #expect(Self.servedRoutes(other) == [], "the other backend was sent requests")
    }

    @Test func anEmulatorSessionMeetsAnotherEmulatorInTheEnvironmentOrAFlag() throws {
        let emulatorA = try RunningEmulator()
        let emulatorB = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulatorA)
        #expect(try sandbox.signUp("bound@example.com").status == 0)
        let served = Self.servedRoutes(emulatorA)
        try expectRefusals(
            sandbox, other: emulatorB, environment: ["FIREBASE_AUTH_EMULATOR_HOST": emulatorB.host],
            naming: [emulatorA.host, emulatorB.host])
        try expectRefusals(
            sandbox, other: emulatorB, flags: ["--emulator", emulatorB.host], environment: [:],
            naming: [emulatorA.host, emulatorB.host])
        #expect(Self.servedRoutes(emulatorA) == served, "a refused command reached the session's own emulator")

        // The text form says what to do; the session's own backend still works, and signing in again rebinds it.
        let text = try sandbox.run(["status"], environment: ["FIREBASE_AUTH_EMULATOR_HOST": emulatorB.host])
        #expect(
            text.status == 11 && text.stderr.contains("(session-backend-mismatch)") && text.stderr.contains("hint: "))
        #expect(try sandbox.run(["status"]).status == 0)
        #expect(try sandbox.run(["status"], environment: ["FIREBASE_AUTH_EMULATOR_HOST": emulatorA.host]).status == 0)
        let again = try sandbox.run(
            ["signin", "--anonymous"], environment: ["FIREBASE_AUTH_EMULATOR_HOST": emulatorB.host])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(sandbox.session()?["project"]?["emulatorHost"]?.string == emulatorB.host)
    }

    @Test func aGoogleSessionIsNeverSentToAnExportedEmulator() throws {
        let emulatorA = try RunningEmulator()
        let emulatorB = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulatorA)
        #expect(try sandbox.signUp("google@example.com").status == 0)
        // The same session as if made against Google's servers: its settings name no emulator.
        try sandbox.rebindSession([
            "apiKey": "AIzaSy-production-key", "emulatorHost": .null, "tenantId": .null, "projectId": "prod-app",
        ])
        try expectRefusals(
            sandbox, other: emulatorB, environment: ["FIREBASE_AUTH_EMULATOR_HOST": emulatorB.host],
            naming: ["Google's servers", emulatorB.host, "prod-app"])
    }

    @Test func anotherKeyOrTenantIsAnotherBackend() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let signUp = try sandbox.run(
            ["signup", "--email", "keyed@example.com", "--password-stdin", "--api-key", "AIza-first-key"],
            stdin: "secret-pass-1")
        #expect(signUp.status == 0, "\(signUp.stderr)")
        let served = Self.servedRoutes(emulator)
        for extra in [["--api-key", "AIza-other-key"], ["--tenant", "tenant-2"]] {
            try expectSessionUnchanged(sandbox) {
                expectFailure(
                    try sandbox.run(["status", "--json"] + extra), status: 11, code: "session-backend-mismatch")
            }
        }
        expectFailure(
            try sandbox.run(["token", "--json"], environment: ["FAUTH_API_KEY": "AIza-other-key"]),
            status: 11, code: "session-backend-mismatch")
        #expect(Self.servedRoutes(emulator) == served)
        #expect(try sandbox.run(["status", "--api-key", "AIza-first-key"]).status == 0)
    }

    /// A session made on an emulator without an API key stores the key sent in its place, as every fauth has, and is
    /// written back with its `project` member byte for byte: by a refresh, and by a command that names a key of its
    /// own (any key will do on the session's emulator).
    @Test func aKeylessEmulatorSessionKeepsItsStoredProjectThroughARefresh() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("keyless@example.com").status == 0)
        let stored = try #require(Self.projectText(sandbox))
        #expect(
            stored == """
                "project": {
                    "apiKey": "fauth-emulator-placeholder-key",
                    "emulatorHost": "\(emulator.host)",
                    "tenantId": null,
                    "projectId": "demo-fauth"
                  },
                """)
        let inode = {
            try FileManager.default.attributesOfItem(atPath: sandbox.sessionPath())[.systemFileNumber] as? Int
        }
        for extra in [[], ["--api-key", "AIza-any-key"]] {
            let before = try inode()
            let refresh = try sandbox.run(["token", "--force-refresh"] + extra)
            #expect(refresh.status == 0, "\(extra): \(refresh.stderr)")
            // Replaced (a new file renamed over it), so written; the emulator's tokens may be the same within a second.
            #expect(try inode() != before, "\(extra): the refresh did not write the session")
            #expect(Self.projectText(sandbox) == stored, "\(extra)")
        }
    }

    /// The `project` member of the default profile's session file as written.
    static func projectText(_ sandbox: FauthSandbox) -> String? {
        let text = String(decoding: sandbox.sessionBytes() ?? Data(), as: UTF8.self)
        guard let start = text.range(of: "\"project\": {"),
            let end = text.range(of: "},\n", range: start.upperBound..<text.endIndex)
        else { return nil }
        return String(text[start.lowerBound..<end.upperBound].dropLast())
    }

    @Test func statusShowsTheSessionsBackend() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("shown@example.com").status == 0)
        let json = try sandbox.run(["status", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        #expect(
            json.json["backend"] == [
                "server": "emulator", "emulatorHost": .string(emulator.host), "endpoint": .null,
                "projectId": "demo-fauth",
                "apiKeySuffix": .null, "tenantId": .null,
            ])
        let text = try sandbox.run(["status"])
        #expect(
            text.stdout.contains(
                "backend: the emulator at \(emulator.host) (project demo-fauth, any API key, no tenant)\n"),
            "\(text.stdout)")
    }
}

extension FauthSandbox {
    /// Rewrites the default profile's session in place (keeping its mode) as if it had been made with `project`.
    func rebindSession(_ project: JSONValue) throws {
        var document = try #require(session()?.object)
        document["project"] = project
        try Data(JSONValue.object(document).serialized().utf8).write(to: URL(fileURLWithPath: sessionPath()))
    }
}
