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
        #expect(errorMessage(nested.json) == "Invalid JSON payload received. /linkProviderUserInfo/providerId must be string")
        let element = try fixture.admin("update", ["localId": "nobody", "mfa": ["enrollments": [["phoneInfo": ["x"]]]]])
        #expect(errorMessage(element.json) == "Invalid JSON payload received. /mfa/enrollments/0/phoneInfo must be string")
    }

    @Test func theSchemaRunsBeforeTheCredentialChecks() throws {
        let fixture = try EmulatorFixture()
        // An invalid ID token would be INVALID_ID_TOKEN; the schema error comes first.
        let lookup = try fixture.call("lookup", ["idToken": "not-a-jwt", "localId": "u1"])
        #expect(errorMessage(lookup.json) == "Invalid JSON payload received. /localId must be array")
        let signIn = try fixture.call("signInWithPassword", ["email": "nobody@example.com", "password": "x", "returnSecureToken": "yes"])
        #expect(errorMessage(signIn.json) == "Invalid JSON payload received. /returnSecureToken must be boolean")
        let mfa = try fixture.client.json(path: "/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start?key=k",
                                          body: ["idToken": "x", "phoneEnrollmentInfo": ["phoneNumber": .null]])
        #expect(errorMessage(mfa.json) == "Invalid JSON payload received. /phoneEnrollmentInfo/phoneNumber must be string")
        let token = try fixture.client.json(path: "/securetoken.googleapis.com/v1/token?key=k",
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
        let byIndex = try fixture.admin("sendOobCode", ["requestType": 1, "email": "a@example.com", "returnOobLink": true])
        #expect(byIndex.status == 200 && byIndex.json["oobLink"]?.string?.contains("mode=resetPassword") == true)
        let byText = try fixture.admin("sendOobCode", ["requestType": "1", "email": "a@example.com", "returnOobLink": true])
        #expect(byText.status == 200)
        let outOfRange = try fixture.admin("sendOobCode", ["requestType": 99, "email": "a@example.com"])
        #expect(errorMessage(outOfRange.json) == "Invalid JSON payload received. /requestType must be equal to one of the allowed values")
        let batch = try fixture.adminProject("accounts:batchCreate", ["users": [["localId": 42, "email": "n@example.com"]]])
        #expect(batch.status == 200)
        #expect(try fixture.admin("lookup", ["localId": ["42"]]).json["users"]?.array?.count == 1)
        let notInteger = try fixture.adminProject("accounts:batchCreate", ["users": [["localId": "x"]], "rounds": 1.5])
        #expect(errorMessage(notInteger.json) == "Invalid JSON payload received. /rounds must be integer")
    }
}
