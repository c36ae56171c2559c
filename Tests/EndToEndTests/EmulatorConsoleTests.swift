import FauthJSON
import FauthTestSupport
import Foundation
import Glibc
import Testing

/// The lines the real `fauth-emulator` binary prints in place of mailing an email action link or texting an SMS code,
/// worded as Firebase's emulator words them (firebase-tools `src/emulator/auth/operations.ts`), read from its real
/// standard output (standard error under `exec`), each naming the link or code `/oobCodes` and `/verificationCodes`
/// list; none for a link the request asked for in its answer (`returnOobLink`), none at all with `--quiet`.
@Suite("fauth-emulator console lines for email links and SMS codes")
struct EmulatorConsoleTests {
    /// A spawned `fauth-emulator` on a free port, with a client for it.
    private struct Served {
        let process: SpawnedProcess
        let client: TestHTTPClient
        let readyLine: String

        init(_ options: [String] = []) throws {
            process = try SpawnedProcess("fauth-emulator", ["--port", "0", "--project", "demo-console"] + options)
            readyLine = try process.firstLine()
            let port = try #require(Int(readyLine.split(separator: ":").last?.prefix { $0.isNumber } ?? ""))
            client = try TestHTTPClient(port: port)
        }

        /// POSTs `body` to an API-key route of Identity Toolkit (`v1/accounts:NAME` or `v2/accounts/NAME`).
        @discardableResult
        func call(_ route: String, _ body: JSONValue, owner: Bool = false) throws -> JSONValue {
            let path = "/identitytoolkit.googleapis.com/" + (route.contains("/") ? route : "v1/accounts:" + route)
            let headers = owner ? [("Authorization", "Bearer owner")] : []
            let (status, json) = try client.json(path: path + "?key=any", body: body, headers: headers)
            #expect(status == 200, "\(route): \(json.serialized())")
            return json
        }

        /// The project's listed OOB codes or SMS codes (`oobCodes`, `verificationCodes`).
        func listed(_ kind: String) throws -> [JSONValue] {
            try client.json(method: "GET", path: "/emulator/v1/projects/demo-console/\(kind)").json[kind]?.array ?? []
        }

        /// The standard output lines after the ready line, once `count` of them are there (within 60 s, a
        /// deadline only a failure reaches).
        func consoleLines(count: Int) throws -> [String] {
            let deadline = Date().addingTimeInterval(60)
            while true {
                let lines = process.standardOutput.split(separator: "\n").dropFirst().map(String.init)
                if lines.count >= count || Date() > deadline { return lines }
                usleep(10_000)
            }
        }
    }

    @Test func everyEmailLinkAndSMSCodeIsPrintedAsFirebasesEmulatorPrintsIt() throws {
        let served = try Served()
        let signedUp = try served.call("signUp", ["email": "ada@example.com", "password": "secret123"])
        let idToken = try #require(signedUp["idToken"])
        var expected: [String] = []
        func lastLink() throws -> String { try #require(try served.listed("oobCodes").last?["oobLink"]?.string) }

        try served.call("sendOobCode", ["requestType": "VERIFY_EMAIL", "idToken": idToken])
        expected.append("To verify the email address ada@example.com, follow this link: \(try lastLink())")
        try served.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "ada@example.com"])
        expected.append(
            "To reset the password for ada@example.com, follow this link: \(try lastLink())&newPassword=NEW_PASSWORD_HERE"
        )
        try served.call(
            "sendOobCode",
            ["requestType": "EMAIL_SIGNIN", "email": "ada@example.com", "continueUrl": "https://app.example/done"])
        expected.append("To sign in as ada@example.com, follow this link: \(try lastLink())")
        #expect(try lastLink().contains("&continueUrl=https%3A%2F%2Fapp.example%2Fdone"))
        try served.call(
            "sendOobCode",
            ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": idToken, "newEmail": "ada@new.example"])
        expected.append(
            "To verify and change the email address from ada@example.com to ada@new.example, follow this link: "
                + (try lastLink()))
        // A changed email sends the old address a link to take the change back.
        try served.call("update", ["idToken": idToken, "email": "ada@other.example"])
        expected.append("To reset your email address to ada@example.com, follow this link: \(try lastLink())")
        // A link the (privileged) request asked for in its answer is not printed, as Firebase's emulator does.
        let returned = try served.call(
            "sendOobCode", ["requestType": "PASSWORD_RESET", "email": "ada@other.example", "returnOobLink": true],
            owner: true)
        #expect(returned["oobLink"]?.string == (try lastLink()))

        let sent = try served.call("sendVerificationCode", ["phoneNumber": "+15555550100"])
        func code(for response: JSONValue?) throws -> String {
            let sessionInfo = try #require(response?["sessionInfo"]?.string)
            return try #require(
                try served.listed("verificationCodes").first { $0["sessionInfo"]?.string == sessionInfo }?["code"]?
                    .string)
        }
        expected.append("To verify the phone number +15555550100, use the code \(try code(for: sent)).")

        // SMS as a second factor: enrollment, then sign-in.
        let created = try served.call(
            "v1/projects/demo-console/accounts",
            ["email": "bob@example.com", "password": "secret123", "emailVerified": true], owner: true)
        #expect(created["localId"] != nil)
        let bob = try served.call("signInWithPassword", ["email": "bob@example.com", "password": "secret123"])
        let started = try served.call(
            "v2/accounts/mfaEnrollment:start",
            ["idToken": try #require(bob["idToken"]), "phoneEnrollmentInfo": ["phoneNumber": "+15555550199"]])
        let enrollCode = try code(for: started["phoneSessionInfo"])
        expected.append("To enroll MFA with +15555550199, use the code \(enrollCode).")
        try served.call(
            "v2/accounts/mfaEnrollment:finalize",
            [
                "idToken": try #require(bob["idToken"]),
                "phoneVerificationInfo": [
                    "sessionInfo": try #require(started["phoneSessionInfo"]?["sessionInfo"]),
                    "code": .string(enrollCode),
                ],
            ])
        let pending = try served.call("signInWithPassword", ["email": "bob@example.com", "password": "secret123"])
        let signInStarted = try served.call(
            "v2/accounts/mfaSignIn:start",
            [
                "mfaPendingCredential": try #require(pending["mfaPendingCredential"]),
                "mfaEnrollmentId": try #require(pending["mfaInfo"]?.array?.first?["mfaEnrollmentId"]),
            ])
        expected.append(
            "To sign in with MFA using +15555550199, use the code \(try code(for: signInStarted["phoneResponseInfo"]))."
        )

        let lines = try served.consoleLines(count: expected.count)
        #expect(lines == expected.map { "i  " + $0 })
        served.process.signal(SIGTERM)
        #expect(try served.process.waitForExit() == 0)
        #expect(served.process.standardError.isEmpty)
    }

    /// An email a request sent, with an escape sequence that would set the terminal's title, is printed escaped.
    @Test func controlCharactersARequestSentArePrintedEscaped() throws {
        let served = try Served()
        try served.call(
            "sendOobCode",
            [
                "requestType": "EMAIL_SIGNIN", "email": "a\u{1B}]0;pwned\u{07}b@example.com",
                "continueUrl": "http://localhost/",
            ])
        let line = try #require(try served.consoleLines(count: 1).first)
        #expect(line.hasPrefix("i  To sign in as a\\x1B]0;pwned\\x07b@example.com, follow this link: "), "\(line)")
        #expect(!served.process.standardOutput.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    @Test func quietPrintsNoLinkAndNoCodeButTheyAreStillListed() throws {
        let served = try Served(["--quiet"])
        try served.call("sendVerificationCode", ["phoneNumber": "+15555550100"])
        try served.call("signUp", ["email": "ada@example.com", "password": "secret123"])
        try served.call("sendOobCode", ["requestType": "PASSWORD_RESET", "email": "ada@example.com"])
        #expect(try served.listed("oobCodes").count == 1)
        #expect(try served.listed("verificationCodes").count == 1)
        served.process.signal(SIGTERM)
        #expect(try served.process.waitForExit() == 0)
        #expect(served.process.standardOutput == served.readyLine + "\n")
    }

    @Test func underExecTheLinesGoToStandardErrorAndTheCommandsOutputStaysItsOwn() throws {
        let script = """
            curl -s -o /dev/null -H 'Content-Type: application/json' \
              -d '{"phoneNumber": "+15555550100"}' \
              "http://$FIREBASE_AUTH_EMULATOR_HOST/identitytoolkit.googleapis.com/v1/accounts:sendVerificationCode?key=k"
            curl -s "http://$FIREBASE_AUTH_EMULATOR_HOST/emulator/v1/projects/$GCLOUD_PROJECT/verificationCodes"
            """
        let process = try SpawnedProcess("fauth-emulator", ["exec", "--", "sh", "-c", script])
        #expect(try process.waitForExit() == 0)
        let listed = try JSONValue.parse(Array(process.standardOutput.utf8))
        let code = try #require(listed["verificationCodes"]?.array?.first?["code"]?.string)
        #expect(process.standardError == "i  To verify the phone number +15555550100, use the code \(code).\n")

        let quiet = try SpawnedProcess("fauth-emulator", ["exec", "--quiet", "--", "sh", "-c", script])
        #expect(try quiet.waitForExit() == 0)
        #expect(quiet.standardError.isEmpty)
    }
}
