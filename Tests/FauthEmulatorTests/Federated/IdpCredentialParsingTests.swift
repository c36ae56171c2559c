import FauthJSON
import Testing

@testable import FauthEmulator

/// The pieces of `accounts:signInWithIdp` that need no state: the parameter merge, the claims, the profile.
@Suite struct IdpCredentialParsingTests {
    private func jwt(_ payload: JSONValue, header: JSONValue = ["alg": "none", "typ": "JWT"]) -> String {
        Base64.encodeURL(header.serializedBytes()) + "." + Base64.encodeURL(payload.serializedBytes()) + "."
    }

    private func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch { return (error as? APIError)?.message ?? "\(error)" }
    }

    @Test("query, then postBody, then fragment; later sources replace earlier values")
    func parameterMerge() throws {
        let uri = try #require(
            IdpRequestURI(
                absolute: "http://localhost/cb?providerId=a.com&keep=1&dup=q1&dup=q2#providerId=c.com&frag=x",
                postBody: "providerId=b.com&id_token=%7B%22sub%22%3A%221%22%7D&dup=p"))
        #expect(uri.value("providerId") == "c.com")
        #expect(uri.value("keep") == "1")
        #expect(uri.value("dup") == "p")
        #expect(uri.value("id_token") == #"{"sub":"1"}"#)
        #expect(uri.value("frag") == "x")
        #expect(uri.description.hasPrefix("http://localhost/cb?providerId=c.com&keep=1&dup=p&id_token=%7B%22sub"))
    }

    @Test("http(s) URIs are normalized as a WHATWG URL: lower-case scheme and host, `/` for an empty path")
    func normalizedBase() throws {
        #expect(
            try #require(IdpRequestURI(absolute: "HTTP://LocalHost", postBody: "a=b")).description
                == "http://localhost/?a=b")
        #expect(
            try #require(IdpRequestURI(absolute: "https://Example.com/Cb?x=1", postBody: nil)).description
                == "https://example.com/Cb?x=1")
        #expect(try #require(IdpRequestURI(absolute: "myapp:Callback", postBody: nil)).description == "myapp:Callback")
    }

    @Test("a relative requestUri is not absolute")
    func relativeURI() {
        #expect(IdpRequestURI(absolute: "/callback?providerId=x", postBody: nil) == nil)
        #expect(IdpRequestURI(absolute: "1http://x", postBody: nil) == nil)
        #expect(IdpRequestURI(absolute: "com.example.app:/oauth", postBody: nil) != nil)
    }

    @Test("strict JSON claims and any JWT are read; undecodable JWTs are no claims")
    func claimsForms() throws {
        let json = try #require(try IdpClaims.parse(#"{"sub":"123","email":"A@B.com"}"#))
        #expect(json["email"]?.string == "A@B.com")
        let token = jwt(["sub": "456", "name": "Ann"], header: ["alg": "RS256", "kid": "k"])
        let fromJWT = try #require(try IdpClaims.parse(token + "c2lnbmF0dXJl"))
        #expect(fromJWT["name"]?.string == "Ann")
        #expect(try IdpClaims.parse("not-a-jwt") == nil)
        #expect(try IdpClaims.parse(nil) == nil)
        #expect(try IdpClaims.parse("") == nil)
    }

    @Test("claims errors carry Firebase's exact strings")
    func claimsErrors() {
        #expect(
            message { _ = try IdpClaims.parse("{bad") }
                == "INVALID_IDP_RESPONSE : Unable to parse id_token: {bad ((Auth Emulator failed to parse fake id_token as strict JSON.))"
        )
        #expect(
            message { _ = try IdpClaims.parse(#"{"email":"a@b.c"}"#) }
                == #"INVALID_IDP_RESPONSE : Invalid Idp Response: id_token missing required fields. ((Missing "sub" field. This field is required and must be a unique identifier.))"#
        )
        #expect(message { _ = try IdpClaims.parse(#"{"sub":""}"#) }?.contains("Missing \"sub\" field") == true)
        #expect(
            message { _ = try IdpClaims.parse(#"{"sub":12}"#) }
                == #"INVALID_IDP_RESPONSE : ((The "sub" field must be a string.))"#)
    }

    @Test("google.com profile: prefixed federatedId, names, Google-shaped rawUserInfo")
    func googleProfile() throws {
        let claims: JSONObject = [
            "sub": "g1", "email": "Ann@Example.COM", "email_verified": "false",
            "name": "Ann Lee", "given_name": "Ann", "family_name": "Lee", "picture": "http://p",
        ]
        let profile = IdpProfile(providerId: "google.com", claims: claims)
        #expect(profile.federatedId == "https://accounts.google.com/g1")
        #expect(profile.email == "ann@example.com")
        #expect(profile.emailVerified, "the string \"false\" is truthy")
        #expect(profile.firstName == "Ann" && profile.lastName == "Lee")
        let raw = try JSONValue.parse(try #require(profile.rawUserInfo))
        #expect(
            raw["granted_scopes"]?.string
                == "openid https://www.googleapis.com/auth/userinfo.profile https://www.googleapis.com/auth/userinfo.email"
        )
        #expect(raw["id"]?.string == "g1" && raw["locale"]?.string == "en" && raw["verified_email"]?.bool == true)
        let fields = profile.responseFields
        #expect(fields["kind"]?.string == "identitytoolkit#VerifyAssertionResponse")
        #expect(fields["fullName"]?.string == "Ann Lee" && fields["context"]?.string == "")
    }

    @Test("other providers: federatedId is the sub and rawUserInfo is all claims; no first/last name")
    func otherProfile() throws {
        let claims: JSONObject = ["sub": "s1", "screen_name": "ann", "given_name": "Ann", "custom": 3]
        let profile = IdpProfile(providerId: "oidc.corp", claims: claims)
        #expect(profile.federatedId == "s1")
        #expect(profile.screenName == "ann")
        #expect(profile.firstName == nil)
        #expect(!profile.emailVerified)
        #expect(try JSONValue.parse(try #require(profile.rawUserInfo)) == .object(claims))
        #expect(profile.responseFields["email"] == nil)
    }

    @Test("saml providers: the nameId email, always verified, attribute statements as rawUserInfo")
    func samlProfile() throws {
        let saml: JSONObject = [
            "assertion": ["subject": ["nameId": "sam@corp.example"], "attributeStatements": [["dept": "eng"]]]
        ]
        let profile = IdpProfile(
            providerId: "saml.corp", claims: ["sub": "s-9", "email": "other@corp.example"], samlResponse: saml)
        #expect(profile.email == "sam@corp.example")
        #expect(profile.emailVerified)
        #expect(profile.rawUserInfo == #"[{"dept":"eng"}]"#)
        let bare = IdpProfile(
            providerId: "saml.corp", claims: ["sub": "s-9"],
            samlResponse: ["assertion": ["subject": ["nameId": "not-an-email"]]])
        #expect(bare.email == nil && bare.rawUserInfo == nil)
        let noResponse = IdpProfile(
            providerId: "saml.corp", claims: ["sub": "s-9", "email": "Other@corp.example", "email_verified": false])
        #expect(noResponse.email == "other@corp.example" && noResponse.emailVerified && noResponse.rawUserInfo == nil)
    }
}
