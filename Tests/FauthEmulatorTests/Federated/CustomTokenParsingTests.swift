import FauthJSON
import Testing

@testable import FauthEmulator

/// Custom-token and custom-claims validation, in Firebase's order and with its strings.
@Suite struct CustomTokenParsingTests {
    private func jwt(_ payload: JSONValue) -> String {
        Base64.encodeURL(JSONValue.object(["alg": "none", "typ": "JWT"]).serializedBytes()) + "."
            + Base64.encodeURL(payload.serializedBytes()) + "."
    }

    private func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch { return (error as? APIError)?.message ?? "\(error)" }
    }

    @Test("the JSON form needs no audience; uid falls back to user_id and may be a number")
    func jsonForm() throws {
        let token = try CustomToken(#"{"uid":"alice","claims":{"admin":true}}"#, tenantId: nil)
        #expect(token.localId == "alice")
        #expect(token.claims["admin"] == .bool(true))
        #expect(try CustomToken(#"{"user_id":42}"#, tenantId: nil).localId == "42")
        #expect(try CustomToken(#"{"uid":true}"#, tenantId: nil).localId == "true")
    }

    @Test("the JWT form needs the Identity Toolkit audience")
    func jwtForm() throws {
        let good = jwt(["aud": .string(CustomToken.audience), "uid": "bob", "iss": "x", "exp": 1])
        #expect(try CustomToken(good, tenantId: nil).localId == "bob")
        #expect(
            message { _ = try CustomToken(jwt(["aud": "my-project", "uid": "bob"]), tenantId: nil) }
                == "INVALID_CUSTOM_TOKEN : ((Invalid aud (audience): my-project Note: Firebase ID Tokens / third-party tokens cannot be used with signInWithCustomToken.))"
        )
        #expect(
            message { _ = try CustomToken(jwt(["uid": "bob"]), tenantId: nil) }?.contains(
                "Invalid aud (audience): undefined ") == true)
    }

    @Test("errors in order: strict JSON, assertion format, tenant, identifier, claims")
    func errors() {
        #expect(
            message { _ = try CustomToken("{nope", tenantId: nil) }
                == "INVALID_CUSTOM_TOKEN : ((Auth Emulator only accepts strict JSON or JWTs as fake custom tokens.))")
        #expect(
            message { _ = try CustomToken("abc", tenantId: nil) } == "INVALID_CUSTOM_TOKEN : Invalid assertion format")
        #expect(
            message { _ = try CustomToken(jwt(["aud": .string(CustomToken.audience), "uid": "u"]), tenantId: "t1") }
                == "TENANT_ID_MISMATCH")
        #expect(
            message {
                _ = try CustomToken(
                    jwt(["aud": .string(CustomToken.audience), "uid": "u", "tenant_id": "t1"]), tenantId: "t1")
            } == nil)
        #expect(message { _ = try CustomToken(#"{"claims":{}}"#, tenantId: nil) } == "MISSING_IDENTIFIER")
        #expect(message { _ = try CustomToken(#"{"uid":""}"#, tenantId: nil) } == "MISSING_IDENTIFIER")
        #expect(message { _ = try CustomToken(#"{"uid":"u","claims":[1]}"#, tenantId: nil) } == "INVALID_CLAIMS")
        #expect(
            message { _ = try CustomToken(#"{"uid":"u","claims":{"ok":1,"firebase":{}}}"#, tenantId: nil) }
                == "FORBIDDEN_CLAIM : firebase")
    }

    @Test("every reserved claim name is forbidden")
    func reservedNames() {
        for name in CustomClaims.forbiddenNames {
            #expect(message { _ = try CustomClaims.validate(.object([name: 1])) } == "FORBIDDEN_CLAIM : \(name)")
        }
    }

    @Test("serialized customAttributes: too large, not JSON, not an object")
    func serialized() throws {
        let big = "{\"k\":\"" + String(repeating: "x", count: 1000) + "\"}"
        #expect(message { _ = try CustomClaims.validate(serialized: big) } == "CLAIMS_TOO_LARGE")
        #expect(message { _ = try CustomClaims.validate(serialized: "{") } == "INVALID_CLAIMS")
        #expect(message { _ = try CustomClaims.validate(serialized: "\"s\"") } == "INVALID_CLAIMS")
        #expect(try CustomClaims.validate(serialized: #"{"role":"admin"}"#)["role"]?.string == "admin")
    }
}
