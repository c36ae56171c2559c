import FauthJSON
import FauthTestSupport
import Testing

@testable import FauthEmulator

@Suite("GET /emulator/action: the OOB links a user opens, over real sockets")
struct ActionLinkTests {
    /// The path and query of the newest OOB link.
    private func newestLink(_ fixture: EmulatorFixture) throws -> String {
        let link = try #require(
            try fixture.control("GET", "oobCodes").json["oobCodes"]?.array?.last?["oobLink"]?.string)
        let path = try #require(link.range(of: "/emulator/action"))
        return String(link[path.lowerBound...])
    }

    private func open(_ fixture: EmulatorFixture, _ path: String) throws -> (status: Int, json: JSONValue) {
        try fixture.client.json(method: "GET", path: path)
    }

    @Test func aResetLinkAsksForANewPasswordThenSetsIt() throws {
        let fixture = try EmulatorFixture()
        try fixture.signUp("a@example.com")
        try fixture.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "a@example.com"])
        let link = try newestLink(fixture)
        let asked = try open(fixture, link)
        #expect(asked.status == 400)
        #expect(asked.json["authEmulator"]?["error"]?.string == "missing newPassword query parameter")
        #expect(
            asked.json["authEmulator"]?["urlTemplate"]?.string?.hasSuffix(link + "&newPassword=NEW_PASSWORD_HERE")
                == true)
        let placeholder = try open(fixture, link + "&newPassword=NEW_PASSWORD_HERE")
        #expect(
            placeholder.json["authEmulator"]?["error"]?.string
                == "newPassword must be something other than 'NEW_PASSWORD_HERE'")
        let done = try open(fixture, link + "&newPassword=brandnew1")
        #expect(done.status == 200)
        #expect(
            done.json == [
                "authEmulator": ["success": "The password has been successfully updated.", "email": "a@example.com"]
            ])
        #expect(try fixture.signIn("a@example.com", "brandnew1")["idToken"] != nil)
        let used = try open(fixture, link + "&newPassword=brandnew2")
        #expect(used.status == 400)
        #expect(
            used.json["authEmulator"]?["error"]?.string
                == "Your request to reset your password has expired or the link has already been used.")
    }

    @Test func aVerifyLinkVerifiesAndRedirectsToTheContinueUrl() throws {
        let fixture = try EmulatorFixture()
        let created = try fixture.signUp("a@example.com")
        try fixture.call("sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": created["idToken"]!])
        let verified = try open(fixture, try newestLink(fixture))
        #expect(
            verified.json == [
                "authEmulator": ["success": "The email has been successfully verified.", "email": "a@example.com"]
            ])
        #expect(try fixture.lookup(created["idToken"]!.string!)?["emailVerified"]?.bool == true)
        try fixture.call(
            "sendOobCode",
            [
                "requestType": "VERIFY_EMAIL", "idToken": created["idToken"]!,
                "continueUrl": "https://app.example/done",
            ])
        let link = try newestLink(fixture)
        let redirected = try fixture.client.send(method: "GET", path: link)
        #expect(redirected.status == 303)
        #expect(TestHTTPClient.header("Location", in: redirected.headers) == "https://app.example/done")
        let again = try open(fixture, link)
        #expect(
            again.json["authEmulator"]?["error"]?.string
                == "Your request to verify your email has expired or the link has already been used.")
    }

    @Test func aSignInLinkRedirectsWithItsParameters() throws {
        let fixture = try EmulatorFixture()
        try fixture.call("sendOobCode", ["requestType": "EMAIL_SIGNIN", "email": "a@example.com"])
        let bare = try open(fixture, try newestLink(fixture))
        #expect(bare.json["authEmulator"]?["error"]?.string == "Missing continueUrl query parameter")
        try fixture.call(
            "sendOobCode",
            ["requestType": "EMAIL_SIGNIN", "email": "a@example.com", "continueUrl": "https://app.example/in?x=1"])
        let link = try newestLink(fixture)
        let redirected = try fixture.client.send(method: "GET", path: link)
        #expect(redirected.status == 303)
        let location = try #require(TestHTTPClient.header("Location", in: redirected.headers))
        let code = try #require(
            try fixture.control("GET", "oobCodes").json["oobCodes"]?.array?.last?["oobCode"]?.string)
        #expect(location == "https://app.example/in?x=1&mode=signIn&lang=en&oobCode=\(code)&apiKey=fake-api-key")
    }

    @Test func missingParametersAndUnknownModes() throws {
        let fixture = try EmulatorFixture()
        #expect(
            try open(fixture, "/emulator/action?mode=signIn&oobCode=x").json == [
                "authEmulator": [
                    "error": "missing apiKey query parameter",
                    "instructions": "Please modify the URL to specify an apiKey, such as ...&apiKey=YOUR_API_KEY",
                ]
            ])
        #expect(
            try open(fixture, "/emulator/action?mode=signIn&apiKey=k").json["authEmulator"]?["error"]?.string
                == "missing oobCode query parameter")
        let unknown = try open(fixture, "/emulator/action?mode=other&apiKey=k&oobCode=x")
        #expect(unknown.status == 400 && unknown.json == ["authEmulator": ["error": "Invalid mode"]])
        let mismatch = try open(fixture, "/emulator/action?mode=recoverEmail&apiKey=k&oobCode=x")
        #expect(
            mismatch.json["authEmulator"]?["error"]?.string == "Requested mode does not match the OOB code provided.")
    }
}
