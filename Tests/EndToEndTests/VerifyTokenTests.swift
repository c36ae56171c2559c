import FauthCrypto
import FauthJSON
import Foundation
import Testing

/// `fauth verify-token` against fauth-emulator: every token it signs is accepted, the classic attacks are refused
/// each with its code and reason, and the verdicts agree with PyJWT's on a table of generated tokens.
@Suite(.serialized) struct VerifyTokenTests {
    /// Verifies `token` (given on stdin) with fauth, as JSON.
    func verify(_ sandbox: FauthSandbox, _ token: String, _ extra: [String] = []) throws -> FauthRun {
        try sandbox.run(["verify-token", "@-", "--json", "--project", "demo-fauth"] + extra, stdin: token)
    }

    /// A signing emulator, after two rotations: `rotatedOut` was signed by a key no longer published,
    /// `rotatedPublished` by the previous key, still published; the forge signs with the current key.
    func rotatedEmulator() throws -> (
        RunningEmulator, FauthSandbox, TokenForge, rotatedOut: String, rotatedPublished: String
    ) {
        let emulator = try RunningEmulator()
        try emulator.emulator.signTokens()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("table@example.com").status == 0)
        let first = try sandbox.run(["token"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let rotate = "/emulator/v1/projects/\(emulator.projectId)/signingKeys:rotate"
        #expect(emulator.call("POST", rotate, body: ["keepPreviousSeconds": 0]).status == 200)
        let second = try sandbox.run(["token", "--force-refresh"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(emulator.call("POST", rotate, body: [:]).status == 200)
        return (emulator, sandbox, try TokenForge(emulator: emulator), first, second)
    }

    @Test func fauthAgreesWithPyJWTOnTheTable() throws {
        let (emulator, sandbox, forge, rotatedOut, rotatedPublished) = try rotatedEmulator()
        let now = Int(Date().timeIntervalSince1970)
        let foreign = try RSAKey.generate()
        let fresh = try sandbox.run(["token", "--force-refresh"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        func with(_ changes: (inout JSONObject) -> Void) -> JSONObject {
            var claims = forge.claims(now: now)
            changes(&claims)
            return claims
        }
        let valid = try forge.rs256(forge.claims(now: now))
        let parts = valid.split(separator: ".").map(String.init)
        var flipped = Array(parts[2])
        flipped[10] = flipped[10] == "A" ? "B" : "A"
        let table: [(name: String, token: String, valid: Bool)] = [
            ("minted by the emulator", fresh, true),
            ("forged with the emulator's key", valid, true),
            (
                "sub of 128 characters",
                try forge.rs256(with { $0["sub"] = .string(String(repeating: "u", count: 128)) }), true
            ),
            ("signed by the previous key, still published", rotatedPublished, true),
            ("expired an hour ago", try forge.rs256(with { $0["exp"] = .number(Double(now - 3600)) }), false),
            ("expired a minute ago", try forge.rs256(with { $0["exp"] = .number(Double(now - 60)) }), false),
            ("issued in an hour", try forge.rs256(with { $0["iat"] = .number(Double(now + 3600)) }), false),
            (
                "authenticated in an hour", try forge.rs256(with { $0["auth_time"] = .number(Double(now + 3600)) }),
                false
            ),
            ("another audience", try forge.rs256(with { $0["aud"] = "other-project" }), false),
            (
                "another issuer", try forge.rs256(with { $0["iss"] = "https://securetoken.google.com/other-project" }),
                false
            ),
            (
                "the session-cookie issuer",
                try forge.rs256(with { $0["iss"] = "https://session.firebase.google.com/demo-fauth" }), false
            ),
            (
                "another project, aud and iss",
                try forge.rs256(
                    with {
                        $0["aud"] = "other-project"
                        $0["iss"] = "https://securetoken.google.com/other-project"
                    }), false
            ),
            ("empty sub", try forge.rs256(with { $0["sub"] = "" }), false),
            (
                "sub of 129 characters",
                try forge.rs256(with { $0["sub"] = .string(String(repeating: "u", count: 129)) }), false
            ),
            ("no sub", try forge.rs256(with { $0["sub"] = nil }), false),
            ("no exp", try forge.rs256(with { $0["exp"] = nil }), false),
            ("unknown kid", try forge.rs256(forge.claims(now: now), key: foreign, kid: "0123456789abcdef"), false),
            ("path kid", try forge.rs256(forge.claims(now: now), kid: "../../../../etc/passwd"), false),
            ("the emulator's kid, another key", try forge.rs256(forge.claims(now: now), key: foreign), false),
            ("signed by a key rotated out", rotatedOut, false),
            (
                "tampered payload",
                parts[0] + "." + TokenForge.encode(JSONValue.object(with { $0["sub"] = "admin" }).serializedBytes())
                    + "." + parts[2], false
            ),
            ("tampered signature", parts[0] + "." + parts[1] + "." + String(flipped), false),
            ("alg none with the kid", forge.unsigned(forge.claims(now: now), withKid: true), false),
            ("alg none without a kid", forge.unsigned(forge.claims(now: now), withKid: false), false),
            ("HS256 with the public key as secret", try forge.hs256WithPublicKey(forge.claims(now: now)), false),
            (
                "a custom token's audience",
                try forge.rs256(
                    with {
                        $0["aud"] =
                            "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"
                    }), false
            ),
            ("two parts", parts[0] + "." + parts[1], false),
        ]
        #expect(table.count >= 20)
        let file = NSTemporaryDirectory() + "fauth-table-\(getpid())-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: file) }
        try JSONValue.array(table.map { .string($0.token) }).serialized().write(
            toFile: file, atomically: true, encoding: .utf8)
        let verdicts =
            try PythonVenv.run(
                "token_verifiers.py", [emulator.projectId, "pyjwt", "id-token", file], emulator: emulator)["verdicts"]?
            .array ?? []
        #expect(verdicts.count == table.count)
        for (index, row) in table.enumerated() {
            let pyjwt = verdicts.indices.contains(index) ? verdicts[index]["valid"]?.bool : nil
            let fauth = try verify(sandbox, row.token)
            #expect(
                pyjwt == row.valid,
                "PyJWT on \(row.name): \(verdicts.indices.contains(index) ? verdicts[index] : .null)")
            #expect((fauth.status == 0) == row.valid, "fauth on \(row.name): \(fauth.stderr)")
            if row.valid {
                #expect(fauth.json["valid"] == true && fauth.json["verification"]?["signed"] == true)
            } else {
                #expect(fauth.status == 6 && fauth.stdout.isEmpty, "\(row.name): \(fauth.stderr)")
            }
        }
    }

    @Test func eachRefusalHasItsCodeAndReason() throws {
        let (emulator, sandbox, forge, rotatedOut, _) = try rotatedEmulator()
        defer { withExtendedLifetime(emulator) {} }  // the emulator serves until the test ends
        let now = Int(Date().timeIntervalSince1970)
        func expectRefused(_ token: String, code: String = "invalid-id-token", reason: String, _ note: String) throws {
            let run = try verify(sandbox, token)
            expectFailure(run, status: 6, code: code)
            #expect(run.error["reason"]?.string == reason, "\(note): \(run.stderr)")
        }
        var expired = forge.claims(now: now)
        expired["exp"] = .number(Double(now - 3600))
        try expectRefused(try forge.rs256(expired), code: "id-token-expired", reason: "expired", "expired")
        try expectRefused(forge.unsigned(forge.claims(now: now), withKid: true), reason: "algorithm", "alg none")
        try expectRefused(try forge.hs256WithPublicKey(forge.claims(now: now)), reason: "algorithm", "HS256")
        try expectRefused(try forge.rs256(forge.claims(now: now), kid: "../../etc/passwd"), reason: "kid", "path kid")
        try expectRefused(rotatedOut, reason: "kid", "rotated out")
        var other = forge.claims(now: now)
        other["aud"] = "other-project"
        try expectRefused(try forge.rs256(other), reason: "audience", "other project")
        let valid = try forge.rs256(forge.claims(now: now))
        let parts = valid.split(separator: ".").map(String.init)
        var changed = forge.claims(now: now)
        changed["sub"] = "admin"
        try expectRefused(
            parts[0] + "." + TokenForge.encode(JSONValue.object(changed).serializedBytes()) + "." + parts[2],
            reason: "signature", "tampered")
        let text = try sandbox.run(["verify-token", "@-", "--project", "demo-fauth"], stdin: valid)
        #expect(
            text.status == 0 && text.stdout.hasPrefix("Valid Firebase ID token for forged-user\n"), "\(text.stderr)")
        #expect(text.stdout.contains("project: demo-fauth\nprovider: custom\n"))
    }

    @Test func theSessionsOwnTokenAndCookiesAndRevocation() throws {
        let emulator = try RunningEmulator()
        try emulator.emulator.signTokens()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("own@example.com").status == 0)
        let own = try sandbox.run(["verify-token", "--json", "--project", "demo-fauth", "--check-revoked"])
        #expect(own.status == 0, "\(own.stderr)")
        #expect(
            own.json["verification"]?["checkedRevocation"] == true && own.json["claims"]?["email"] == "own@example.com")
        #expect(own.json["verification"]?["keysFromCache"] == false)
        let again = try sandbox.run(["verify-token", "--json", "--project", "demo-fauth"])
        #expect(again.json["verification"]?["keysFromCache"] == true, "the keys are cached for their max-age")
        let idToken = try sandbox.run(["token"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let cookie = try #require(
            emulator.call(
                "POST", "/identitytoolkit.googleapis.com/v1/projects/\(emulator.projectId):createSessionCookie",
                body: ["idToken": .string(idToken)], bearerOwner: true
            ).json["sessionCookie"]?.string)
        let verifiedCookie = try verify(sandbox, cookie, ["--session-cookie", "--check-revoked"])
        #expect(
            verifiedCookie.status == 0 && verifiedCookie.json["kind"] == "sessionCookie", "\(verifiedCookie.stderr)")
        expectFailure(try verify(sandbox, cookie), status: 6, code: "invalid-id-token")
        expectFailure(try verify(sandbox, idToken, ["--session-cookie"]), status: 6, code: "invalid-session-cookie")
        // Disabled (the Admin SDKs check that first), enabled again, then revoked after the token's auth_time.
        let uid = try #require(own.json["uid"]?.string)
        let update = "/identitytoolkit.googleapis.com/v1/projects/\(emulator.projectId)/accounts:update"
        emulator.call("POST", update, body: ["localId": .string(uid), "disableUser": true], bearerOwner: true)
        expectFailure(try verify(sandbox, idToken, ["--check-revoked"]), status: 6, code: "user-disabled")
        emulator.call("POST", update, body: ["localId": .string(uid), "disableUser": false], bearerOwner: true)
        Thread.sleep(forTimeInterval: 1.1)  // revocation is by whole seconds: the token must be older
        let now = String(Int(Date().timeIntervalSince1970))
        emulator.call("POST", update, body: ["localId": .string(uid), "validSince": .string(now)], bearerOwner: true)
        let revoked = try verify(sandbox, idToken, ["--check-revoked"])
        expectFailure(revoked, status: 6, code: "id-token-revoked")
        #expect(revoked.error["reason"] == "revoked")
        #expect(try verify(sandbox, idToken).status == 0, "without --check-revoked the backend is not asked")
    }

    @Test func unsignedTokensOnlyAgainstAnEmulatorThatDoesNotSign() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        #expect(try sandbox.signUp("plain@example.com").status == 0)
        let run = try sandbox.run(["verify-token", "--json", "--project", "demo-fauth"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.json["verification"]?["signed"] == false && run.json["verification"]?["algorithm"] == "none")
        let text = try sandbox.run(["verify-token", "--project", "demo-fauth"])
        #expect(text.stdout.contains("signature: none: unsigned token of an emulator that does not sign"))
        let unsigned = try sandbox.run(["token"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // Once the emulator signs, its earlier unsigned tokens are refused.
        emulator.configure(["fauth": ["signTokens": true]])
        let cache = try FileManager.default.contentsOfDirectory(atPath: sandbox.stateFolder)
            .filter { $0.hasPrefix("public-keys-") }
        for name in cache { try FileManager.default.removeItem(atPath: sandbox.stateFolder + "/" + name) }
        expectFailure(try verify(sandbox, unsigned), status: 6, code: "invalid-id-token")
    }

    @Test func keysPastTheirMaxAgeAreFetchedAgain() throws {
        let emulator = try RunningEmulator()
        try emulator.emulator.signTokens()
        let sandbox = try FauthSandbox(emulator: emulator)
        let forge = try TokenForge(emulator: emulator)
        let valid = try forge.rs256(forge.claims())
        #expect(try verify(sandbox, valid).status == 0)
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.stateFolder).first {
                $0.hasPrefix("public-keys-")
            })
        let path = sandbox.stateFolder + "/" + name
        // A key set of an attacker's key under the emulator's kid, cached: used while fresh, refetched once stale.
        let attacker = try RSAKey.generate()
        let certificate = try attacker.selfSignedCertificatePEM(commonName: "x", notBefore: 0, validSeconds: 1 << 32)
        var document = try #require(try JSONValue.parse(Array(Data(contentsOf: URL(fileURLWithPath: path)))).object)
        document["certificates"] = [forge.kid: .string(certificate)]
        let forged = try forge.rs256(forge.claims(), key: attacker)
        document["fetchedAt"] = .number(Date().timeIntervalSince1970 - 10)
        try Data(JSONValue.object(document).serializedBytes()).write(to: URL(fileURLWithPath: path))
        #expect(try verify(sandbox, forged).status == 0, "a fresh cache is used (the test can fail)")
        document["fetchedAt"] = .number(Date().timeIntervalSince1970 - 3601)
        try Data(JSONValue.object(document).serializedBytes()).write(to: URL(fileURLWithPath: path))
        let stale = try verify(sandbox, forged)
        expectFailure(stale, status: 6, code: "invalid-id-token")
        #expect(stale.error["reason"] == "signature", "\(stale.stderr)")
        #expect(try verify(sandbox, valid).json["verification"]?["keysFromCache"] == true)
    }

    @Test func aTokenOnTheCommandLineIsRefused() throws {
        let sandbox = try FauthSandbox(emulator: nil)
        expectFailure(
            try sandbox.run(["verify-token", "eyJhbGciOiJub25lIn0.e30.", "--json"]), status: 2, code: "usage")
    }
}

extension FauthSandbox {
    /// The folder of the sessions, where the public-key caches are kept beside them.
    var stateFolder: String { root.appendingPathComponent("state/fauth/sessions").path }
}
