import Foundation
import Testing

/// Passwordless sign-in against the emulator: `signin --email E --send-link`, then `signin --email E --link LINK`
/// (or `link` for the signed-in user) with the link a script reads from `/emulator/v1/projects/{p}/oobCodes`.
@Suite struct EmailLinkTests {
    @Test func sendTheLinkThenSignInWithItCreatingTheAccountThenAgainWithAFile() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        let sent = try sandbox.run([
            "signin", "--json", "--email", "Link@Example.com", "--send-link",
            "--continue-url", "https://app.example.com/done",
        ])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(
            sent.json["sent"] == true && sent.json["requestType"] == "EMAIL_SIGNIN"
                && sent.json["email"] == "link@example.com")
        #expect(sandbox.sessionBytes() == nil, "sending the link makes no session")
        let first = try #require(emulator.lastOobCode(for: "link@example.com", requestType: "EMAIL_SIGNIN"))
        #expect(first.link.contains("mode=signIn&") && first.link.contains("continueUrl=https"), "\(first.link)")

        let created = try sandbox.run(["signin", "--json", "--email", "link@example.com", "--link", first.link])
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.json["isNewUser"] == true && created.json["providerId"] == "password")
        #expect(created.json["user"]?["email"] == "link@example.com" && created.json["user"]?["emailVerified"] == true)
        #expect(sandbox.session()?["user"]?["uid"] == created.json["user"]?["uid"])
        #expect(try sandbox.run(["status"]).status == 0)

        try sandbox.run(["signout"])
        let text = try sandbox.run(["signin", "--email", "link@example.com", "--send-link"])
        #expect(
            text.stdout
                == "Sent a sign-in link to link@example.com; complete it with `fauth signin --email link@example.com --link LINK`.\n"
        )
        let second = try #require(emulator.lastOobCode(for: "link@example.com", requestType: "EMAIL_SIGNIN"))
        let file = sandbox.root.appendingPathComponent("link.txt")
        try Data((second.link + "\n").utf8).write(to: file)
        let again = try sandbox.run(["signin", "--json", "--email", "link@example.com", "--link", "@" + file.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.json["isNewUser"] == false && again.json["user"]?["uid"] == created.json["user"]?["uid"])
        let methods = try sandbox.run(["providers", "--json", "--email", "link@example.com"])
        #expect(methods.json == [["providerId": "emailLink"]], "\(methods.stdout)")
    }

    @Test func aWrongUsedOrExpiredCodeIsInvalidInputAndLeavesTheSessionAlone() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("keep@example.com")
        try sandbox.run(["signin", "--email", "once@example.com", "--send-link"])
        let code = try #require(emulator.lastOobCode(for: "once@example.com", requestType: "EMAIL_SIGNIN")).code
        try expectSessionUnchanged(sandbox) {
            expectFailure(
                try sandbox.run(["signin", "--json", "--email", "once@example.com", "--link", "not-a-code"]),
                status: 8, code: "invalid-action-code")
            expectFailure(
                try sandbox.run(["signin", "--json", "--email", "other@example.com", "--link", code]),
                status: 8, code: "invalid-email")
            emulator.inject(
                route: "accounts:signInWithEmailLink",
                [
                    "status": 400, "body": #"{"error": {"code": 400, "message": "EXPIRED_OOB_CODE", "errors": []}}"#,
                    "contentType": "application/json",
                ])
            expectFailure(
                try sandbox.run(["signin", "--json", "--email", "once@example.com", "--link", code]),
                status: 8, code: "expired-action-code")
        }
        #expect(try sandbox.run(["signin", "--email", "once@example.com", "--link", code]).status == 0)
        let used = try sandbox.run(["signin", "--json", "--email", "once@example.com", "--link", code])
        expectFailure(used, status: 8, code: "invalid-action-code")
        #expect(sandbox.session()?["user"]?["email"] == "once@example.com", "a failed sign-in keeps the last session")

        try sandbox.run(["reset-password", "--email", "keep@example.com"])
        let resetLink = try #require(emulator.lastOobCode(for: "keep@example.com", requestType: "PASSWORD_RESET")).link
        let before = emulator.requestCount("accounts:signInWithEmailLink")
        expectFailure(
            try sandbox.run(["signin", "--json", "--email", "keep@example.com", "--link", resetLink]),
            status: 8, code: "invalid-action-code")
        #expect(
            emulator.requestCount("accounts:signInWithEmailLink") == before,
            "a link of another kind is refused before any request")
    }

    @Test func linkingAnEmailLinkUpgradesAnAnonymousUserAndRefusesAnotherAccountsEmail() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        try sandbox.signUp("taken@example.com", profile: "other")
        let anonymous = try sandbox.run(["signin", "--anonymous", "--json"])
        try sandbox.run(["signin", "--email", "taken@example.com", "--send-link", "--profile", "scratch"])
        let taken = try #require(emulator.lastOobCode(for: "taken@example.com", requestType: "EMAIL_SIGNIN")).link
        try expectSessionUnchanged(sandbox) {
            expectFailure(
                try sandbox.run(["link", "--json", "--email", "taken@example.com", "--link", taken]),
                status: 7, code: "email-already-in-use")
        }

        try sandbox.run(["signin", "--email", "mine@example.com", "--send-link", "--profile", "scratch"])
        let mine = try #require(emulator.lastOobCode(for: "mine@example.com", requestType: "EMAIL_SIGNIN")).link
        let linked = try sandbox.run(
            ["link", "--json", "--email", "mine@example.com", "--link", "@-"], stdin: mine + "\n")
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(linked.json["user"]?["uid"] == anonymous.json["user"]?["uid"])
        #expect(linked.json["user"]?["isAnonymous"] == false && linked.json["user"]?["email"] == "mine@example.com")
        #expect(linked.json["providerId"] == "password")
        let providers = try sandbox.run(["providers", "--json"])
        #expect(providers.json.array?.compactMap { $0["providerId"]?.string } == ["password"], "\(providers.stdout)")
    }

    @Test func optionsThatDoNotGoTogetherAreUsageErrorsBeforeAnyRequest() throws {
        let emulator = try RunningEmulator()
        let sandbox = try FauthSandbox(emulator: emulator)
        for arguments in [
            ["signin", "--send-link"],
            ["signin", "--email", "a@example.com", "--continue-url", "https://a.example.com"],
            ["signin", "--email", "a@example.com", "--send-link", "--link", "CODE"],
            ["signin", "--email", "a@example.com", "--send-link", "--password-stdin"],
            ["signin", "--email", "a@example.com", "--link", "CODE", "--password-stdin"],
            ["signin", "--anonymous", "--link", "CODE"],
            ["link", "--provider", "google.com", "--id-token", "T", "--link", "CODE"],
            ["reauth", "--email", "a@example.com", "--link", "CODE"],
        ] {
            expectFailure(try sandbox.run(arguments + ["--json"], stdin: "pw"), status: 2, code: "usage")
        }
        #expect(
            emulator.requestCount("accounts:sendOobCode") == 0
                && emulator.requestCount("accounts:signInWithEmailLink") == 0)
    }
}
