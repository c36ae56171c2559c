import FauthJSON
import Foundation
import Testing

@testable import FauthCore

@Test(arguments: [sampleSession(), minimalSession()])
func sessionRoundTripsThroughJSONText(session: Session) throws {
    let text = StoredSessionV1(session).document().serialized()
    #expect(try StoredSessionV1(document: JSONValue.parse(text)).session == session)
}

@Test func sessionDocumentHasTheVersionAndEveryMember() throws {
    let document = try #require(StoredSessionV1(sampleSession()).document().object)
    #expect(document.keys == ["version", "project", "user", "idToken", "refreshToken", "expiresAt", "authTime"])
    #expect(document["version"] == 1)
    #expect(document["expiresAt"] == "2023-11-14T23:13:20Z")
}

/// A valid document with one member replaced (nil removes it).
private func document(replacing path: [String], with value: JSONValue?) -> JSONValue {
    func replace(_ node: JSONValue, _ path: ArraySlice<String>) -> JSONValue {
        guard var object = node.object, let key = path.first else { return node }
        if path.count == 1 {
            object[key] = value
        } else {
            object[key] = replace(object[key] ?? .null, path.dropFirst())
        }
        return .object(object)
    }
    return replace(StoredSessionV1(sampleSession()).document(), path[...])
}

@Test(
    arguments: [
        (["version"], nil, "version is missing"),
        (["version"], 3, "version is 3, which this fauth does not know (it reads 1 and 2)"),
        (["version"], "1", "version must be an integer"),
        (["user"], nil, "user is missing"),
        (["project"], [], "project must be an object"),
        (["user", "uid"], nil, "user.uid is missing"),
        (["user", "uid"], "", "user.uid is empty"),
        (["user", "emailVerified"], "yes", "user.emailVerified must be true or false"),
        (["user", "isAnonymous"], nil, "user.isAnonymous is missing"),
        (["user", "providers"], nil, "user.providers is missing"),
        (["user", "providers"], [1], "user.providers[0] must be an object"),
        (["user", "email"], 5, "user.email must be a string or null"),
        (["user", "createdAt"], "yesterday", "user.createdAt must be a timestamp like 2026-01-31T12:00:00Z"),
        (["idToken"], nil, "idToken is missing"),
        (["refreshToken"], "", "refreshToken is empty"),
        (["expiresAt"], nil, "expiresAt is missing"),
        (["expiresAt"], 1_700_000_000, "expiresAt must be a string"),
        (["project", "apiKey"], false, "project.apiKey must be a string or null"),
    ] as [([String], JSONValue?, String)])
func invalidDocumentsNameTheMemberAndTheProblem(path: [String], value: JSONValue?, expected: String) {
    #expect(throws: SessionFormatError.self) { try StoredSessionV1(document: document(replacing: path, with: value)) }
    do {
        _ = try StoredSessionV1(document: document(replacing: path, with: value))
    } catch {
        #expect(error.description == expected)
    }
}

@Test func providerIdIsRequired() {
    var providers = StoredSessionV1(sampleSession()).document()["user"]!["providers"]!.array!
    var first = providers[0].object!
    first["providerId"] = nil
    providers[0] = .object(first)
    #expect(throws: SessionFormatError(member: "user.providers[0].providerId", problem: "is missing")) {
        try StoredSessionV1(document: document(replacing: ["user", "providers"], with: .array(providers)))
    }
}

@Test func absentOptionalMembersReadAsNil() throws {
    let document: JSONValue = [
        "version": 1, "project": [:],
        "user": ["uid": "anon-1", "emailVerified": false, "isAnonymous": true, "providers": []],
        "idToken": "i", "refreshToken": "r", "expiresAt": "2027-01-15T08:00:00Z",
    ]
    let session = try StoredSessionV1(document: document).session
    #expect(session.user == UserProfile(uid: "anon-1", isAnonymous: true))
    #expect(session.project == ProjectSettings())
    #expect(session == minimalSession())
}

/// A file naming both an emulator and an endpoint, which fauth never writes, belongs to the emulator, as the session's
/// server always has.
@Test func aProjectNamingAnEmulatorAndAnEndpointIsTheEmulators() throws {
    let document = document(
        replacing: ["project", "endpoint"], with: "https://gateway.example.com")
    let session = try StoredSessionV1(document: document).session
    #expect(session.project.target.server == .emulator("127.0.0.1:9099"))
}

@Test func aDocumentThatIsNotAnObjectIsRefused() {
    #expect(throws: SessionFormatError(member: "", problem: "is not a JSON object")) {
        try StoredSessionV1(document: [])
    }
}
