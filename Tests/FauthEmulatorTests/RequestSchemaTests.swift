import FauthJSON
import Testing

@testable import FauthEmulator

@Suite("request bodies checked against the API schema before any handler logic")
struct RequestSchemaTests {
    @Test func aWronglyTypedFieldIsReportedEvenForAUserThatDoesNotExist() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.admin("update", ["localId": "nobody", "mfa": ["enrollments": .null]])
        #expect(result.status == 400)
        #expect(result.json["error"]?["status"]?.string == "INVALID_ARGUMENT")
        #expect(errorMessage(result.json) == "Invalid JSON payload received. /mfa/enrollments must be array")
        let nested = try fixture.admin("update", ["localId": "nobody", "linkProviderUserInfo": ["providerId": true]])
        #expect(
            errorMessage(nested.json)
                == "Invalid JSON payload received. /linkProviderUserInfo/providerId must be string")
        let element = try fixture.admin(
            "update", ["localId": "nobody", "mfa": ["enrollments": [["phoneInfo": ["x"]]]]])
        #expect(
            errorMessage(element.json) == "Invalid JSON payload received. /mfa/enrollments/0/phoneInfo must be string")
    }

    @Test func theSchemaRunsBeforeTheCredentialChecks() throws {
        let fixture = try EmulatorFixture()
        // An invalid ID token would be INVALID_ID_TOKEN; the schema error comes first.
        let lookup = try fixture.call("lookup", ["idToken": "not-a-jwt", "localId": "u1"])
        #expect(errorMessage(lookup.json) == "Invalid JSON payload received. /localId must be array")
        let signIn = try fixture.call(
            "signInWithPassword", ["email": "nobody@example.com", "password": "x", "returnSecureToken": "yes"])
        #expect(errorMessage(signIn.json) == "Invalid JSON payload received. /returnSecureToken must be boolean")
        let mfa = try fixture.client.json(
            path: "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start?key=k",
            body: ["idToken": "x", "phoneEnrollmentInfo": ["phoneNumber": .null]])
        #expect(
            errorMessage(mfa.json) == "Invalid JSON payload received. /phoneEnrollmentInfo/phoneNumber must be string")
        let token = try fixture.client.json(
            path: "/securetoken.googleapis.com/v1/token?key=k",
            body: ["grant_type": "refresh_token", "refresh_token": ["x"]])
        #expect(errorMessage(token.json) == "Invalid JSON payload received. /refreshToken must be string")
    }

    @Test func theFirstWrongFieldInSchemaOrderIsReported() throws {
        let fixture = try EmulatorFixture()
        let result = try fixture.call("signUp", ["password": 1, "email": false, "displayName": true])
        #expect(errorMessage(result.json) == "Invalid JSON payload received. /displayName must be string")
    }

    @Test func numbersBecomeStringsAndEnumIndexesBecomeNames() throws {
        let fixture = try EmulatorFixture()
        try fixture.signUp("a@example.com")
        // requestType 1 is PASSWORD_RESET; "1" is looked up the same way; 99 is no value.
        let byIndex = try fixture.admin(
            "sendOobCode", ["requestType": 1, "email": "a@example.com", "returnOobLink": true])
        #expect(byIndex.status == 200 && byIndex.json["oobLink"]?.string?.contains("mode=resetPassword") == true)
        let byText = try fixture.admin(
            "sendOobCode", ["requestType": "1", "email": "a@example.com", "returnOobLink": true])
        #expect(byText.status == 200)
        let outOfRange = try fixture.admin("sendOobCode", ["requestType": 99, "email": "a@example.com"])
        #expect(
            errorMessage(outOfRange.json)
                == "Invalid JSON payload received. /requestType must be equal to one of the allowed values")
        let batch = try fixture.adminProject(
            "accounts:batchCreate", ["users": [["localId": 42, "email": "n@example.com"]]])
        #expect(batch.status == 200)
        #expect(try fixture.admin("lookup", ["localId": ["42"]]).json["users"]?.array?.count == 1)
        let notInteger = try fixture.adminProject("accounts:batchCreate", ["users": [["localId": "x"]], "rounds": 1.5])
        #expect(errorMessage(notInteger.json) == "Invalid JSON payload received. /rounds must be integer")
    }

    /// The message `schema` refuses `body` with, or nil when it accepts it.
    private func refusal(_ schema: RequestSchema, _ body: JSONObject) -> String? {
        do {
            _ = try schema.validate(body)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theAlphabeticallyFirstErrorIsReportedWhateverTheBodysOrder() {
        let schema = RequestSchema.object([
            "b": .object(["z": .string, "a": .boolean]),
            "a": .array(.object(["y": .integer, "x": .string])),
            "c": .map(.boolean),
        ])
        let body: JSONObject = [
            "c": ["q": 1, "p": "x"], "b": ["z": true, "a": "no"], "a": [["y": 1, "x": "ok"], ["y": 1.5, "x": true]],
        ]
        #expect(refusal(schema, body) == "Invalid JSON payload received. /a/1/x must be string")
        let fixedA: JSONObject = ["c": ["q": 1, "p": "x"], "b": ["z": true, "a": "no"], "a": [["y": 1, "x": "ok"]]]
        #expect(refusal(schema, fixedA) == "Invalid JSON payload received. /b/a must be boolean")
        let onlyMap: JSONObject = ["c": ["q": 1, "p": "x"], "b": ["z": "s"]]
        #expect(
            refusal(schema, onlyMap) == "Invalid JSON payload received. /c/q must be boolean",
            "a map's members in the body's order")
    }

    @Test func coercionKeepsEveryMemberInPlaceAndLeavesAConformingBodyAsItIs() throws {
        let schema = RequestSchema.object([
            "users": .array(.object(["localId": .string, "n": .integer])), "e": .enumeration(["A", "B"]),
            "m": .map(.string),
        ])
        let body: JSONObject = [
            "z": 1, "users": [["localId": "a", "n": 2], ["n": 3, "localId": 42]], "e": 1, "m": ["k": 5, "j": "s"],
        ]
        let coerced = try schema.validate(body)
        #expect(
            JSONValue.object(coerced).serialized()
                == #"{"z":1,"users":[{"localId":"a","n":2},{"n":3,"localId":"42"}],"e":"B","m":{"k":"5","j":"s"}}"#)
        let conforming: JSONObject = ["users": [["n": 3, "localId": "42"]], "e": "A", "other": [1, "x"]]
        #expect(
            JSONValue.object(try schema.validate(conforming)).serialized() == JSONValue.object(conforming).serialized())
        #expect(
            refusal(schema, ["e": 2]) == "Invalid JSON payload received. /e must be equal to one of the allowed values")
        #expect(
            refusal(schema, ["users": [["n": .null]]]) == "Invalid JSON payload received. /users/0/n must be integer")
    }
}
