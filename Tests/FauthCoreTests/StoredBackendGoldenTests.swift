import FauthJSON
import Foundation
import Testing

@testable import FauthCore

/// The `project` member of files already on disk, one per kind of backend, byte for byte as fauth writes them today:
/// each must read as the same backend (its description is the keyring items' `backend` attribute, so it must not
/// change either) and be rewritten unchanged. `StoredSessionGoldenTests` holds the whole session document.
@Suite struct StoredBackendGoldenTests {
    /// A session file of version 1 whose `user` and tokens are the least a file has, with `project` as given.
    static func sessionFile(project: String) -> String {
        """
        {
          "version": 1,
          "project": \(project),
          "user": {
            "uid": "uid-1",
            "email": null,
            "emailVerified": false,
            "displayName": null,
            "photoURL": null,
            "phoneNumber": null,
            "isAnonymous": true,
            "tenantId": null,
            "providers": [],
            "createdAt": null,
            "lastSignInAt": null
          },
          "idToken": "header.payload.signature",
          "refreshToken": "refresh-token-1",
          "expiresAt": "2023-11-14T23:13:20Z",
          "authTime": null
        }

        """
    }

    /// An emulator used without an API key: the key fauth sent in its place is stored.
    static let emulatorWithoutKey = """
        {
            "apiKey": "fauth-emulator-placeholder-key",
            "emulatorHost": "[::1]:9099",
            "tenantId": null,
            "projectId": "demo-fauth"
          }
        """

    /// Google's servers through an endpoint override, with a tenant and the clients of two device sign-ins.
    static let endpointWithDeviceClients = """
        {
            "apiKey": "AIza-gateway-key",
            "emulatorHost": null,
            "endpoint": "https://gateway.example.com:8443/firebase",
            "tenantId": "tenant-7",
            "projectId": "prod",
            "deviceClients": {
              "google.com": {
                "clientId": "123.apps.googleusercontent.com"
              },
              "oidc.corp": {
                "clientId": "fauth-cli",
                "issuer": "https://id.example.com"
              }
            }
          }
        """

    /// Google's own servers, as an early fauth wrote them: every member null but the key.
    static let googleWithNulls = """
        {
            "apiKey": "AIza-prod-key",
            "emulatorHost": null,
            "tenantId": null,
            "projectId": null
          }
        """

    @Test(arguments: [
        (emulatorWithoutKey, "the emulator at [::1]:9099 (project demo-fauth, any API key, no tenant)"),
        (
            endpointWithDeviceClients,
            "the endpoint https://gateway.example.com:8443/firebase (project prod, API key …-key, tenant tenant-7)"
        ),
        (googleWithNulls, "Google's servers (project unknown, API key …-key, no tenant)"),
    ])
    func aSessionFileOfTodayReadsAsItsBackendAndIsRewrittenUnchanged(project: String, backend: String) throws {
        let text = Self.sessionFile(project: project)
        let folder = TemporaryFolder()
        let path = folder.write("s.json", text)
        let store = SessionStore(path: path)
        let session = try #require(try store.load())
        #expect(session.project.target.description == backend)
        try store.withLock { try $0.write(session) }
        #expect(String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) == text)
    }

    @Test func theStoredDeviceClientsAreRead() throws {
        let text = Self.sessionFile(project: Self.endpointWithDeviceClients)
        let session = try StoredSessionV1(document: JSONValue.parse(text)).session
        #expect(
            session.project.deviceClients == [
                "google.com": DeviceClientSettings(clientId: "123.apps.googleusercontent.com"),
                "oidc.corp": DeviceClientSettings(clientId: "fauth-cli", issuer: "https://id.example.com"),
            ])
    }

    /// A session made on an emulator without a key is used by a command that names the same emulator with a key, and
    /// refused by one that names another emulator.
    @Test func aKeylessEmulatorSessionOfTodayTakesAnyKeyOnItsEmulatorOnly() throws {
        let text = Self.sessionFile(project: Self.emulatorWithoutKey)
        let project = try StoredSessionV1(document: JSONValue.parse(text)).session.project
        let sameEmulator = try ConfigurationResolver.resolve(
            flags: ConfigurationInputs(apiKey: "AIza-any", emulatorHost: "[::1]:9099"), environment: [:],
            session: project)
        try project.target.requireAccepts(sameEmulator.target, sessionAt: "/s/default.json")
        let otherEmulator = try ConfigurationResolver.resolve(
            flags: ConfigurationInputs(emulatorHost: "[::1]:9100"), environment: [:], session: project)
        #expect(throws: FauthError.self) {
            try project.target.requireAccepts(otherEmulator.target, sessionAt: "/s/default.json")
        }
    }

    /// A pending second-factor file keeps its backend in the same `project` member.
    static let pendingFile = """
        {
          "version": 1,
          "purpose": "signin",
          "project": {
            "apiKey": "AIza-gateway-key",
            "emulatorHost": null,
            "endpoint": "https://gateway.example.com:8443/firebase",
            "tenantId": "tenant-7",
            "projectId": "prod"
          },
          "expiresAt": "2023-11-14T23:13:20Z",
          "pendingCredential": "pending-credential-1",
          "factors": [
            {
              "uid": "factor-1",
              "factorId": "totp",
              "displayName": "phone app",
              "phoneNumber": null,
              "enrolledAt": null
            }
          ],
          "providerId": "password",
          "email": "ada@example.com",
          "uid": null,
          "isNewUser": false,
          "sessionInfo": null,
          "codeSentTo": null
        }

        """

    @Test func aPendingFileOfTodayReadsAsItsBackendAndIsRewrittenUnchanged() throws {
        let stored = try StoredPendingSecondFactor(document: JSONValue.parse(Self.pendingFile))
        #expect(
            stored.pending.project.target.description
                == "the endpoint https://gateway.example.com:8443/firebase (project prod, API key …-key, tenant tenant-7)"
        )
        #expect(String(decoding: stored.bytes(), as: UTF8.self) == Self.pendingFile)
    }
}
