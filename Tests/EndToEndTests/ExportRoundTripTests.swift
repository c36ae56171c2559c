import FauthEmulator
import FauthJSON
import Foundation
import Testing

/// The lose-nothing export: two projects, each with a tenant, filled through Firebase's Admin SDK for Python with
/// every account field it can set (Tests/AdminSDK/export_round_trip.py), plus second factors it cannot set (phone
/// enrollments as the Node Admin SDK sends them in `accounts:update`, a TOTP factor enrolled by the client flow),
/// exported, imported into a fresh emulator and compared account by account (every member `accounts:batchGet`
/// shows, password hashes and salts included), with each project's tenants and config; then every password user
/// signs in on the fresh emulator with its password (and not with another), and the TOTP factor still signs in.
@Suite("Export and import lose nothing")
struct ExportRoundTripTests {
    private static let projects = ["demo-roundtrip", "demo-roundtrip-other"]

    @Test func everyFieldOfEveryAccountTenantAndProjectSurvivesExportAndImport() throws {
        let before = try RunningEmulator(projectId: Self.projects[0])
        let filled = try PythonVenv.run("export_round_trip.py", Self.projects, emulator: before)
        var totpSecrets: [String: String] = [:]
        for project in Self.projects {
            let tenant = try #require(filled["projects"]?[project]?["tenant"]?.string)
            for tenantId in [nil, tenant] {
                try addSecondFactors(
                    before, project: project, tenant: tenantId, label: tenantId == nil ? "" : "-tenant")
            }
            let label = project + "-tenant"
            totpSecrets[label] = try enrollTOTP(
                before, project: project, tenant: tenant, email: "scrypt.\(label)@example.com",
                password: "scrypt-pw-\(label)")
        }
        for project in Self.projects {
            // Project config: Firebase's keys and fauth's extensions (set as the Emulator Suite UI sets them).
            let patched = before.call(
                "PATCH", "/emulator/v1/projects/\(project)/config",
                body: [
                    "signIn": ["allowDuplicateEmails": false],
                    "fauth": [
                        "recentLoginSeconds": 3600, "idTokenLifetimeSeconds": 7200, "failedSignInLimit": 100,
                        "strictEmailValidation": true,
                    ],
                ])
            #expect(patched.status == 200, "\(patched.json.serialized())")
        }
        let snapshot = try Self.snapshot(before)

        let folder = NSTemporaryDirectory() + "fauth-roundtrip-\(UInt64.random(in: 0 ... .max))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try before.emulator.exportState(to: folder)
        let after = try RunningEmulator(projectId: Self.projects[0])
        try after.emulator.importState(from: folder)
        let restored = try Self.snapshot(after)

        #expect(restored.keys.sorted() == snapshot.keys.sorted())
        for (place, accounts) in snapshot {
            let others = restored[place] ?? [:]
            #expect(others.keys.sorted() == accounts.keys.sorted(), "\(place): the same accounts")
            for (localId, account) in accounts {
                #expect(others[localId] == account, "\(place) \(localId): \(Self.difference(account, others[localId]))")
            }
        }
        // Each project has its users, tenant, MFA and TOTP to compare (so the comparison compared something).
        #expect(snapshot.count == 2 * 4)
        #expect(snapshot.filter { !$0.key.contains("#") }.values.reduce(0) { $0 + $1.count } == 2 * 2 * 5)

        for project in Self.projects {
            let passwords = try #require(filled["projects"]?[project]?["passwords"]?.object)
            let tenant = try #require(filled["projects"]?[project]?["tenant"]?.string)
            for (email, password) in passwords {
                let tenantId = email.contains("-tenant@") ? tenant : nil
                let signedIn = Self.signIn(after, project: project, tenant: tenantId, email, password.string ?? "")
                // Users with second factors stop at the second factor; the disabled one is refused as disabled.
                let answer =
                    signedIn.json["idToken"] != nil
                    ? "signed in"
                    : signedIn.json["mfaPendingCredential"]
                        != nil ? "second factor" : signedIn.json["error"]?["message"]?.string ?? "?"
                let expected =
                    email.hasPrefix("bcrypt.")
                    ? "USER_DISABLED"
                    : email.hasPrefix("made.")
                        ? "signed in"
                        : "second factor"
                #expect(answer == expected, "\(project) \(email)")
                let wrong = Self.signIn(after, project: project, tenant: tenantId, email, "not-the-password")
                #expect(
                    wrong.json["error"]?["message"]?.string
                        == (email.hasPrefix("bcrypt.") ? "USER_DISABLED" : "INVALID_PASSWORD"), "\(email)")
            }
            let label = project + "-tenant"
            let secret = try #require(totpSecrets[label])
            let pending = Self.signIn(
                after, project: project, tenant: tenant, "scrypt.\(label)@example.com", "scrypt-pw-\(label)")
            let factor = try #require(
                pending.json["mfaInfo"]?.array?.first { $0["totpInfo"] != nil }?["mfaEnrollmentId"])
            let finished = Self.client(
                after, project: project, tenant: tenant, "v2/accounts/mfaSignIn:finalize",
                [
                    "mfaPendingCredential": try #require(pending.json["mfaPendingCredential"]),
                    "mfaEnrollmentId": factor,
                    "totpVerificationInfo": ["verificationCode": .string(try TOTPCode.now(secret))],
                ])
            #expect(finished.json["idToken"] != nil, "TOTP after import: \(finished.json.serialized())")
        }
    }

    /// Phone second factors on the email-verified imported users, as the Node Admin SDK's `updateUser` with
    /// `multiFactor` sends them (`accounts:update` with `mfa.enrollments`, each with its `mfaEnrollmentId`, which
    /// Firebase's emulator requires there).
    private func addSecondFactors(_ emulator: RunningEmulator, project: String, tenant: String?, label: String) throws {
        let base = "/identitytoolkit.googleapis.com/v1/projects/\(project)" + (tenant.map { "/tenants/\($0)" } ?? "")
        for (user, phone) in [("hmac", "+15555550201"), ("scrypt", "+15555550202")] {
            let updated = emulator.call(
                "POST", base + "/accounts:update",
                body: [
                    "localId": .string("\(user)-\(project)\(label)"),
                    "mfa": [
                        "enrollments": [
                            [
                                "mfaEnrollmentId": .string("phone-\(user)"), "phoneInfo": .string(phone),
                                "displayName": .string("phone of \(user)"),
                            ],
                            [
                                "mfaEnrollmentId": "spare", "phoneInfo": "+15555550299", "displayName": "spare",
                                "enrolledAt": "2024-01-02T03:04:05Z",
                            ],
                        ]
                    ],
                ], bearerOwner: true)
            #expect(updated.status == 200, "\(updated.json.serialized())")
        }
    }

    /// Enrolls a TOTP factor for a password user through the client routes; returns its base32 secret.
    private func enrollTOTP(
        _ emulator: RunningEmulator, project: String, tenant: String, email: String, password: String
    ) throws -> String {
        let first = Self.signIn(emulator, project: project, tenant: tenant, email, password)
        // The user already has phone factors: finish the sign-in with one to get an ID token.
        let pending = try #require(first.json["mfaPendingCredential"], "\(first.json.serialized())")
        let phoneFactor = try #require(first.json["mfaInfo"]?.array?.first?["mfaEnrollmentId"])
        let started = Self.client(
            emulator, project: project, tenant: tenant, "v2/accounts/mfaSignIn:start",
            ["mfaPendingCredential": pending, "mfaEnrollmentId": phoneFactor])
        let sessionInfo = try #require(
            started.json["phoneResponseInfo"]?["sessionInfo"], "\(started.json.serialized())")
        let codes = emulator.call("GET", "/emulator/v1/projects/\(project)/tenants/\(tenant)/verificationCodes")
        let code = try #require(
            codes.json["verificationCodes"]?.array?.first { $0["sessionInfo"] == sessionInfo }?["code"])
        let signedIn = Self.client(
            emulator, project: project, tenant: tenant, "v2/accounts/mfaSignIn:finalize",
            [
                "mfaPendingCredential": pending,
                "phoneVerificationInfo": ["sessionInfo": sessionInfo, "code": code],
            ])
        let idToken = try #require(signedIn.json["idToken"], "\(signedIn.json.serialized())")
        let totp = Self.client(
            emulator, project: project, tenant: tenant, "v2/accounts/mfaEnrollment:start",
            ["idToken": idToken, "totpEnrollmentInfo": [:]])
        let secret = try #require(totp.json["totpSessionInfo"]?["sharedSecretKey"]?.string, "\(totp.json)")
        let finalized = Self.client(
            emulator, project: project, tenant: tenant, "v2/accounts/mfaEnrollment:finalize",
            [
                "idToken": idToken, "displayName": "authenticator",
                "totpVerificationInfo": [
                    "sessionInfo": try #require(totp.json["totpSessionInfo"]?["sessionInfo"]),
                    "verificationCode": .string(try TOTPCode.now(secret)),
                ],
            ])
        #expect(finalized.status == 200, "\(finalized.json.serialized())")
        return secret
    }

    /// `accounts:signInWithPassword` in `project` and `tenant`.
    private static func signIn(
        _ emulator: RunningEmulator, project: String, tenant: String?, _ email: String, _ password: String
    ) -> (status: Int, json: JSONValue) {
        client(
            emulator, project: project, tenant: tenant, "v1/accounts:signInWithPassword",
            ["email": .string(email), "password": .string(password), "returnSecureToken": true])
    }

    /// A client route (`v1/accounts:…`, `v2/accounts/…`) in `project` and `tenant`: the tenant in the body, and for
    /// a project other than the default one its `targetProjectId` with the admin credential, as API-key requests
    /// land in the default project.
    private static func client(
        _ emulator: RunningEmulator, project: String, tenant: String?, _ route: String, _ fields: JSONObject
    ) -> (status: Int, json: JSONValue) {
        var body = fields
        if let tenant { body["tenantId"] = .string(tenant) }
        if project != projects[0] { body["targetProjectId"] = .string(project) }
        return emulator.call(
            "POST", "/identitytoolkit.googleapis.com/\(route)?key=k", body: .object(body),
            bearerOwner: project != projects[0])
    }

    /// Every account of every project and tenant by `project[/tenant]` then localId (as `accounts:batchGet` shows
    /// it), plus each project's tenants and config under the keys `project#tenants` and `project#config`.
    private static func snapshot(_ emulator: RunningEmulator) throws -> [String: [String: JSONValue]] {
        var result: [String: [String: JSONValue]] = [:]
        for project in projects {
            let admin = "/identitytoolkit.googleapis.com/v2/projects/\(project)"
            let tenants = emulator.call("GET", admin + "/tenants?pageSize=1000", bearerOwner: true).json
            let tenantList = tenants["tenants"]?.array ?? []
            result[project + "#tenants"] = Dictionary(
                uniqueKeysWithValues: tenantList.map { ($0["name"]?.string ?? "?", $0) })
            result[project + "#config"] = [
                "admin": emulator.call("GET", admin + "/config", bearerOwner: true).json,
                "emulator": emulator.call("GET", "/emulator/v1/projects/\(project)/config").json,
            ]
            for tenant in [nil] + tenantList.compactMap({ $0["tenantId"]?.string }) {
                let place = project + (tenant.map { "/tenants/\($0)" } ?? "")
                let users =
                    emulator.call(
                        "GET", "/identitytoolkit.googleapis.com/v1/projects/\(place)/accounts:batchGet?maxResults=1000",
                        bearerOwner: true
                    ).json["users"]?.array ?? []
                result[place] = Dictionary(uniqueKeysWithValues: users.map { ($0["localId"]?.string ?? "?", $0) })
            }
        }
        return result
    }

    /// The members of two accounts that differ, for a failure's message.
    private static func difference(_ lhs: JSONValue, _ rhs: JSONValue?) -> String {
        guard let left = lhs.object, let right = rhs?.object else { return "missing" }
        let keys = Set(left.map(\.key)).union(right.map(\.key)).sorted()
        return keys.filter { left[$0] != right[$0] }.map {
            "\($0): \(left[$0]?.serialized() ?? "-") vs \(right[$0]?.serialized() ?? "-")"
        }.joined(separator: "; ")
    }
}
