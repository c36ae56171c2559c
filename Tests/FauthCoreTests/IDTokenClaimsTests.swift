import Foundation
import Testing

@testable import FauthCore

/// The claims read from an ID token's base64url payload (with `-`, `_` and every padding length).
@Suite struct IDTokenClaimsTests {
    @Test(arguments: [
        // {"auth_time":1700000000,"aud":"demo-ü>???","firebase":{"sign_in_provider":"anonymous"}}: `-` and `_`, two pads
        (
            "eyJhdXRoX3RpbWUiOjE3MDAwMDAwMDAsImF1ZCI6ImRlbW8tw7w-Pz8_IiwiZmlyZWJhc2UiOnsic2lnbl9pbl9wcm92aWRlciI6ImFub255bW91cyJ9fQ",
            "demo-ü>???"
        ),
        // the same with "demo-ü>??": no padding
        (
            "eyJhdXRoX3RpbWUiOjE3MDAwMDAwMDAsImF1ZCI6ImRlbW8tw7w-Pz8iLCJmaXJlYmFzZSI6eyJzaWduX2luX3Byb3ZpZGVyIjoiYW5vbnltb3VzIn19",
            "demo-ü>??"
        ),
        // the same with "demo-ü>?": one pad
        (
            "eyJhdXRoX3RpbWUiOjE3MDAwMDAwMDAsImF1ZCI6ImRlbW8tw7w-PyIsImZpcmViYXNlIjp7InNpZ25faW5fcHJvdmlkZXIiOiJhbm9ueW1vdXMifX0",
            "demo-ü>?"
        ),
    ])
    func theClaimsAreReadFromThePayload(payload: String, audience: String) {
        let claims = IDTokenClaims(token: "eyJhbGciOiJub25lIn0.\(payload).")
        #expect(claims.audience == audience)
        #expect(claims.authTime == UnixTime(seconds: 1_700_000_000))
        #expect(claims.signInProvider == "anonymous")
    }

    @Test(arguments: ["", "no-dots", "a.!!!.c", "a.bm90IGpzb24.c"])
    func anUnreadableTokenGivesEmptyClaims(token: String) {
        #expect(IDTokenClaims(token: token) == IDTokenClaims(token: ""))
        #expect(IDTokenClaims(token: token).audience == nil)
    }

    @Test func customClaimsAreEveryClaimButFirebasesOwn() throws {
        // {"iss":…,"aud":"p","user_id":"u1","sub":"u1","exp":1,"email":"a@b.c","firebase":{…},"admin":true,"tier":3}
        let payload = try #require(
            IDTokenPayload(
                token:
                    "eyJhbGciOiJub25lIn0.eyJpc3MiOiJodHRwczovL3NlY3VyZXRva2VuLmdvb2dsZS5jb20vcCIsImF1ZCI6InAiLCJ1c2VyX2lkIjoidTEiLCJzdWIiOiJ1MSIsImV4cCI6MSwiZW1haWwiOiJhQGIuYyIsImZpcmViYXNlIjp7InNpZ25faW5fcHJvdmlkZXIiOiJwYXNzd29yZCJ9LCJhZG1pbiI6dHJ1ZSwidGllciI6M30."
            ))
        #expect(payload.claims.count == 9 && payload.claims["user_id"] == "u1")
        #expect(payload.customClaims == ["admin": true, "tier": 3])
        #expect(IDTokenPayload(token: "not-a-jwt") == nil)
    }
}
