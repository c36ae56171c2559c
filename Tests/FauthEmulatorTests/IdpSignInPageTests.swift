import FauthHTTPCodec
import FauthJSON
import FauthTestSupport
import Foundation
import Testing

@testable import FauthEmulator

/// The browser flow on the emulator's fake IdP, played over real sockets: createAuthUri → the sign-in page →
/// the form → the redirect to the app's listener → signInWithIdp with the callback URL and the sessionId.
@Suite("IdP sign-in page (/emulator/auth/handler) over real sockets")
struct IdpSignInPageTests {
    private let ann: [(name: String, value: String)] = [
        ("email", "Ann@Example.com"), ("displayName", "Ann Lee"), ("screenName", "ann_l"),
    ]

    @Test func createAuthUriPointsAtThePageAndReturnsToContinueUri() throws {
        let fixture = try EmulatorFixture()
        let listener = try CallbackListener()
        let answer = try fixture.call(
            "createAuthUri",
            [
                "providerId": "GitHub.com", "continueUri": .string(listener.continueUri),
                "oauthScope": "read:user", "sessionId": "my-session",
            ])
        #expect(answer.status == 200)
        #expect(answer.json["kind"]?.string == "identitytoolkit#CreateAuthUriResponse")
        #expect(answer.json["providerId"]?.string == "github.com")
        #expect(answer.json["sessionId"]?.string == "my-session")
        let authUri = try #require(answer.json["authUri"]?.string)
        #expect(
            authUri.hasPrefix(
                "http://127.0.0.1:\(fixture.server.port)/emulator/auth/handler?apiKey=fake-key&providerId=github.com&redirectUrl="
            ))
        let query = FormURLEncoding.decode(String(authUri.split(separator: "?", maxSplits: 1)[1]))
        #expect(query.first { $0.name == "redirectUrl" }?.value == listener.continueUri)
        #expect(query.first { $0.name == "scopes" }?.value == "read:user")
        #expect((query.first { $0.name == "state" }?.value.count ?? 0) >= 32)

        #expect(
            errorMessage(
                try fixture.call("createAuthUri", ["providerId": "google.com", "continueUri": "callback"]).json)
                == "INVALID_CONTINUE_URI")
    }

    @Test func addANewAccountThenChooseItFromTheList() throws {
        let fixture = try EmulatorFixture()
        let browser = IdpBrowser(fixture: fixture, listener: try CallbackListener())
        let empty = try browser.get(try browser.start().authUri)
        #expect(empty.status == 200)
        #expect(TestHTTPClient.header("Content-Type", in: empty.headers) == "text/html; charset=utf-8")
        #expect(empty.text.contains("Sign in with Google<"))
        #expect(empty.text.contains("No Google accounts exist"))
        #expect(!empty.text.contains("<script"))
        #expect(ScrapedForm.all(in: empty.text).allSatisfy { $0.buttons.isEmpty })

        let (callback, sessionId) = try browser.addAccount(ann)
        #expect(callback.hasPrefix(browser.listener.continueUri + "?providerId=google.com&id_token="))
        let first = try browser.finish(callback, sessionId: sessionId)
        #expect(first.status == 200, "\(first.json.serialized())")
        #expect(first.json["isNewUser"]?.bool == true)
        #expect(first.json["email"]?.string == "ann@example.com")
        #expect(first.json["displayName"]?.string == "Ann Lee")
        #expect(first.json["screenName"]?.string == "ann_l")
        #expect(first.json["emailVerified"]?.bool == true)
        let localId = try #require(first.json["localId"]?.string)
        let rawId = try #require(
            try fixture.lookupUser(first.json)?["providerUserInfo"]?.array?.first?["rawId"]?.string)
        #expect(rawId.count == 40 && rawId.allSatisfy { $0.isNumber })

        // The second time the page lists Ann; choosing her signs into the same user.
        let (authUri, secondSession) = try browser.start()
        let page = try browser.get(authUri)
        let chooser = try #require(ScrapedForm.all(in: page.text).first { !$0.buttons.isEmpty })
        #expect(chooser.buttons.count == 1)
        let button = try #require(chooser.buttons.first)
        #expect(button.name == "rawId" && button.value == rawId)
        #expect(button.text.contains("Ann Lee") && button.text.contains("ann@example.com"))
        let again = try browser.finish(
            try browser.submit(chooser, [(button.name, button.value)]), sessionId: secondSession)
        #expect(again.status == 200)
        #expect(again.json["localId"]?.string == localId)
        #expect(again.json["isNewUser"] == nil)
        #expect(again.json["screenName"]?.string == "ann_l")
    }

    @Test func theListShowsOnlyThatProvidersAccounts() throws {
        let fixture = try EmulatorFixture()
        let browser = IdpBrowser(fixture: fixture, listener: try CallbackListener())
        let github = try browser.addAccount(
            [("email", "gh@example.com"), ("displayName", "<b>Hub</b>")], provider: "github.com")
        #expect(try browser.finish(github.callback, sessionId: github.sessionId).status == 200)
        let googlePage = try browser.get(try browser.start("google.com").authUri).text
        #expect(!googlePage.contains("gh@example.com"))
        let githubPage = try browser.get(try browser.start("github.com").authUri).text
        #expect(githubPage.contains("gh@example.com"))
        #expect(githubPage.contains("&lt;b&gt;Hub&lt;/b&gt;") && !githubPage.contains("<b>Hub"))
    }

    @Test func linkingAnExistingPasswordAccountWithItsIdToken() throws {
        let fixture = try EmulatorFixture()
        let browser = IdpBrowser(fixture: fixture, listener: try CallbackListener())
        let password = try fixture.signUp("pat@example.com")
        let flow = try browser.addAccount([("email", "pat.gh@example.com"), ("displayName", "Pat")])
        let linked = try browser.finish(
            flow.callback, sessionId: flow.sessionId, extra: ["idToken": password["idToken"] ?? .null])
        #expect(linked.status == 200, "\(linked.json.serialized())")
        #expect(linked.json["localId"] == password["localId"])
        let providers = try fixture.lookupUser(linked.json)?["providerUserInfo"]?.array?.compactMap {
            $0["providerId"]?.string
        }
        #expect(Set(providers ?? []) == ["password", "google.com"])
    }

    @Test func conflictsAnswerAsForAnyIdpCredential() throws {
        let fixture = try EmulatorFixture()
        let browser = IdpBrowser(fixture: fixture, listener: try CallbackListener())
        let owner = try browser.addAccount(ann)
        #expect(try browser.finish(owner.callback, sessionId: owner.sessionId).status == 200)
        let other = try fixture.signUp("other@example.com")

        // The same Google identity, chosen again, cannot be linked to another user.
        let (authUri, sessionId) = try browser.start()
        let chooser = try #require(ScrapedForm.all(in: try browser.get(authUri).text).first { !$0.buttons.isEmpty })
        let button = try #require(chooser.buttons.first)
        let callback = try browser.submit(chooser, [(button.name, button.value)])
        let refused = try browser.finish(callback, sessionId: sessionId, extra: ["idToken": other["idToken"] ?? .null])
        #expect(refused.status == 400)
        #expect(errorMessage(refused.json) == "FEDERATED_USER_ID_ALREADY_LINKED")

        // A new identity whose email another user has: EMAIL_EXISTS, as a soft error with returnIdpCredential.
        let clash = try browser.addAccount([("email", "ann@example.com")])
        let soft = try browser.finish(
            clash.callback, sessionId: clash.sessionId,
            extra: ["idToken": other["idToken"] ?? .null, "returnIdpCredential": true])
        #expect(soft.status == 200)
        #expect(soft.json["errorMessage"]?.string == "EMAIL_EXISTS")
        #expect(soft.json["idToken"] == nil)
    }

    @Test func aWrongMissingOrReplayedSessionOrStateIsRefused() throws {
        let fixture = try EmulatorFixture()
        let browser = IdpBrowser(fixture: fixture, listener: try CallbackListener())
        let flow = try browser.addAccount(ann)
        let unrelated = try browser.start().sessionId
        let withoutState = flow.callback.replacingOccurrences(
            of: #"&state=[A-Za-z0-9]+"#, with: "", options: .regularExpression)
        #expect(withoutState != flow.callback)
        let tampered = flow.callback.replacingOccurrences(of: "&state=", with: "&state=x")
        let refusals: [(String, String?, String)] = [
            (
                flow.callback, nil,
                "INVALID_IDP_RESPONSE : ((The requestUri carries a state but no sessionId was sent.))"
            ),
            (
                flow.callback, unrelated,
                "INVALID_IDP_RESPONSE : ((The state in requestUri does not match the sessionId.))"
            ),
            (
                flow.callback, "never-issued",
                "INVALID_IDP_RESPONSE : ((The sessionId is not the one createAuthUri issued with this state.))"
            ),
            (withoutState, flow.sessionId, "INVALID_IDP_RESPONSE : ((The requestUri has no state.))"),
            (
                tampered, flow.sessionId,
                "INVALID_IDP_RESPONSE : ((The state in requestUri does not match the sessionId.))"
            ),
            (
                flow.callback.replacingOccurrences(of: "/callback?", with: "/elsewhere?"), flow.sessionId,
                "INVALID_IDP_RESPONSE : ((The requestUri is not the continueUri given to createAuthUri.))"
            ),
        ]
        for (requestUri, sessionId, message) in refusals {
            let answer = try browser.finish(requestUri, sessionId: sessionId)
            #expect(answer.status == 400)
            #expect(errorMessage(answer.json) == message, "requestUri \(requestUri), sessionId \(sessionId ?? "none")")
        }
        #expect(try fixture.admin("lookup", ["email": ["ann@example.com"]]).json["users"] == nil)

        #expect(try browser.finish(flow.callback, sessionId: flow.sessionId).status == 200)
        let replay = try browser.finish(flow.callback, sessionId: flow.sessionId)
        #expect(replay.status == 400)
        #expect(
            errorMessage(replay.json)
                == "INVALID_IDP_RESPONSE : ((This sign-in was already completed; start a new one with createAuthUri.))")
    }

    @Test func thePageRefusesBadInput() throws {
        let fixture = try EmulatorFixture()
        let browser = IdpBrowser(fixture: fixture, listener: try CallbackListener())
        let missing = try browser.get("/emulator/auth/handler?providerId=google.com")
        #expect(missing.status == 400)
        #expect(
            try JSONValue.parse(missing.text)["authEmulator"]?["error"]?.string
                == "missing apiKey or providerId query parameters")

        let page = try browser.get(try browser.start(extra: ["identifier": "hint@example.com"]).authUri)
        let add = try #require(ScrapedForm.all(in: page.text).first { $0.fields.contains("email") })
        #expect(page.text.contains(#"value="hint@example.com""#))
        for (email, problem) in [("", "Email required."), ("no-at-sign", "The email is missing an &quot;@&quot;.")] {
            let refused = try browser.get(add.submission([("email", email), ("displayName", "Kept")]))
            #expect(refused.status == 400)
            #expect(refused.text.contains(problem))
            #expect(refused.text.contains(#"value="Kept""#))
        }
        let unknown = try browser.get(add.submission([("rawId", "123")]))
        #expect(unknown.status == 400 && unknown.text.contains("That account no longer exists"))
        let noRedirect = try browser.get("/emulator/auth/handler/finish?apiKey=k&providerId=google.com&email=a@b.c")
        #expect(noRedirect.status == 400 && noRedirect.text.contains("without an absolute redirectUrl"))
    }
}
