import FauthJSON
import Foundation
import Testing

@testable import FauthCore

/// The stored format, version 1, byte for byte: a file written by this or any earlier fauth. It is written by
/// `StoredSessionV1` alone, so a change to the `--json` output shapes cannot change it; a change here is a new
/// format version, not an edit of this text.
private let goldenV1 = """
    {
      "version": 1,
      "project": {
        "apiKey": "AIza-test",
        "emulatorHost": "127.0.0.1:9099",
        "tenantId": "tenant-1",
        "projectId": "demo"
      },
      "user": {
        "uid": "uid-1",
        "email": "ada@example.com",
        "emailVerified": true,
        "displayName": "Ada",
        "photoURL": "https://example.com/a.png",
        "phoneNumber": "+15555550100",
        "isAnonymous": false,
        "tenantId": "tenant-1",
        "providers": [
          {
            "providerId": "password",
            "uid": "ada@example.com",
            "email": "ada@example.com",
            "displayName": "Ada",
            "photoURL": null,
            "phoneNumber": null
          },
          {
            "providerId": "google.com",
            "uid": "g-123",
            "email": "ada@gmail.com",
            "displayName": "Ada L",
            "photoURL": "https://example.com/g.png",
            "phoneNumber": "+15555550101"
          }
        ],
        "createdAt": "2023-11-14T22:13:20Z",
        "lastSignInAt": "2023-11-14T22:15:00Z"
      },
      "idToken": "header.payload.signature",
      "refreshToken": "refresh-token-1",
      "expiresAt": "2023-11-14T23:13:20Z",
      "authTime": "2023-11-14T22:14:10Z"
    }

    """

@Suite struct StoredSessionGoldenTests {
    @Test func aGoldenFileDecodesToTheSessionAndReEncodesByteForByte() throws {
        let stored = try StoredSessionV1(document: JSONValue.parse(goldenV1))
        #expect(stored.session == sampleSession())
        #expect(stored.bytes() == Array(goldenV1.utf8))
    }

    @Test func theSessionStoreWritesTheGoldenBytes() throws {
        let folder = TemporaryFolder()
        let store = SessionStore(path: folder.file("s.json"))
        try store.withLock { try $0.write(sampleSession()) }
        #expect(FileManager.default.contents(atPath: store.path) == Data(goldenV1.utf8))
    }

    @Test func aGoldenFileIsReadAndRewrittenUnchanged() throws {
        let folder = TemporaryFolder()
        let path = folder.write("s.json", goldenV1)
        let store = SessionStore(path: path)
        let session = try #require(try store.load())
        try store.withLock { try $0.write(session) }
        #expect(FileManager.default.contents(atPath: path) == Data(goldenV1.utf8))
    }

    @Test func anEndpointIsWrittenOnlyWhenSetAfterTheEmulatorHost() throws {
        var session = sampleSession()
        session.project.target.server = .endpoint("https://auth.example.com")
        let text = String(decoding: StoredSessionV1(session).bytes(), as: UTF8.self)
        #expect(
            text.contains(
                "    \"emulatorHost\": null,\n    \"endpoint\": \"https://auth.example.com\",\n    \"tenantId\": \"tenant-1\",\n"
            ))
        #expect(try StoredSessionV1(document: JSONValue.parse(text)).session == session)
        #expect(!goldenV1.contains("endpoint"), "a file without an endpoint has no endpoint member")
    }
}
