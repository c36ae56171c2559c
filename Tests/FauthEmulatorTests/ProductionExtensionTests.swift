import FauthJSON
import Foundation
import Testing

@testable import FauthEmulator

@Suite("fauth extensions for production behaviours: refresh-token revocation, strict emails, null members")
struct ProductionExtensionTests {
    @Test func aRefreshTokenIssuedBeforeValidSinceIsExpiredOnlyWithTheExtension() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("r@example.com")
        let refreshToken = try #require(created["refreshToken"]?.string)
        let localId = try #require(created["localId"])
        // An admin revocation one second after the token was issued (validSince is in whole seconds).
        let later = Timestamp.nowMillis() / 1000 + 1
        try fixture.admin("update", ["localId": localId, "validSince": .string(String(later))])
        #expect(try fixture.refresh(refreshToken).status == 200, "Firebase's emulator never revokes refresh tokens")
        try fixture.configure(["fauth": ["refreshTokenRevocation": true]])
        #expect(errorMessage(try fixture.refresh(refreshToken).json) == "TOKEN_EXPIRED")
        // A token issued after the revocation second works.
        try fixture.admin("update", ["localId": localId, "validSince": .string(String(later - 5))])
        let fresh = try #require(fixture.signIn("r@example.com")["refreshToken"]?.string)
        try fixture.admin("update", ["localId": localId, "validSince": .string(String(later - 1))])
        #expect(try fixture.refresh(fresh).status == 200)
        try fixture.configure(["fauth": ["refreshTokenRevocation": .null]])
        #expect(try fixture.control("GET", "config").json["fauth"]?["refreshTokenRevocation"] == .bool(false))
    }

    @Test func aPasswordChangeRevokesEarlierRefreshTokensButNotTheNewOnes() throws {
        let fixture = try EmulatorFixture()
        try fixture.configure(["fauth": ["refreshTokenRevocation": true]])
        let created = try fixture.signUp("p@example.com")
        Thread.sleep(forTimeInterval: 1.1)
        let changed = try fixture.call("update", ["idToken": created["idToken"]!, "password": "another123"])
        #expect(errorMessage(try fixture.refresh(created["refreshToken"]!.string!).json) == "TOKEN_EXPIRED")
        #expect(try fixture.refresh(try #require(changed.json["refreshToken"]?.string)).status == 200)
    }

    @Test func strictEmailValidationRefusesSpacesAndControlCharacters() throws {
        let fixture = try EmulatorFixture()
        #expect(try fixture.call("signUp", ["email": "a b@example.com", "password": "secret123"]).status == 200)
        try fixture.configure(["fauth": ["strictEmailValidation": true]])
        for email in [
            "c d@example.com", "tab\t@example.com", "nul\u{0}x@example.com", "x@exa\u{7F}mple.com",
            "nbsp\u{A0}@example.com",
        ] {
            #expect(
                errorMessage(try fixture.call("signUp", ["email": .string(email), "password": "secret123"]).json)
                    == "INVALID_EMAIL")
        }
        #expect(
            errorMessage(
                try fixture.call("signInWithPassword", ["email": "a b@example.com", "password": "secret123"]).json)
                == "INVALID_EMAIL")
        let created = try fixture.signUp("ok@example.com")
        #expect(
            errorMessage(
                try fixture.call("update", ["idToken": created["idToken"]!, "email": "new one@example.com"]).json)
                == "INVALID_EMAIL")
        let bad = try fixture.control("PATCH", "config", ["fauth": ["strictEmailValidation": "yes"]])
        #expect(errorMessage(bad.json) == "Invalid JSON payload received. /fauth/strictEmailValidation must be boolean")
    }

    /// pyrebase4 and firebase-rest-api send every argument of update_profile, unset ones as null: Firebase's emulator
    /// refuses the null, Google's servers (and the nullAsAbsent extension) read it as absent.
    @Test func nullMembersAreRefusedUnlessTheExtensionReadsThemAsAbsent() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("n@example.com")
        let body: JSONValue = [
            "idToken": created["idToken"]!, "displayName": "Ada", "photoURL": "https://example.com/a.png",
            "deleteAttribute": .null, "returnSecureToken": true,
        ]
        #expect(
            errorMessage(try fixture.call("update", body).json)
                == "Invalid JSON payload received. /deleteAttribute must be array")
        try fixture.configure(["fauth": ["nullAsAbsent": true]])
        let updated = try fixture.call("update", body)
        #expect(updated.status == 200)
        #expect(updated.json["photoUrl"] == "https://example.com/a.png")
        let nested: JSONValue = ["idToken": created["idToken"]!, "mfa": ["enrollments": .null], "displayName": .null]
        #expect(try fixture.call("update", nested).status == 200)
        #expect(
            try fixture.lookup(created["idToken"]!.string!)?["displayName"] == "Ada", "a null display name is no change"
        )
        #expect(
            errorMessage(try fixture.call("update", ["idToken": created["idToken"]!, "deleteAttribute": [.null]]).json)
                == "Invalid JSON payload received. /deleteAttribute/0 must be string", "array elements are not members")
        try fixture.configure(["fauth": ["nullAsAbsent": .null]])
        #expect(try fixture.control("GET", "config").json["fauth"]?["nullAsAbsent"] == .bool(false))
    }
}
