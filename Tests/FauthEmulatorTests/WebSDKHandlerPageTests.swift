import FauthHTTPCodec
import FauthJSON
import FauthTestSupport
import Foundation
import Testing

@testable import FauthEmulator

/// The handler page as the Firebase JS SDK opens it (with `authType`), and its helper frame, over real sockets: the
/// form's target answers the page that hands the SDK the auth event, whose `urlResponse` signs in. The browser
/// side (the page's script, the frame, a popup and a redirect) is proven in headless Chromium by the end-to-end
/// WebSDKPopupRedirectTests.
@Suite("The JS SDK's handler page and helper frame (/emulator/auth/handler, /emulator/auth/iframe)")
struct WebSDKHandlerPageTests {
    /// The query the SDK opens the handler page with, for `authType`.
    static func sdkQuery(_ authType: String, redirectUrl: String = "http://127.0.0.1:5000/app?x=1", tid: String? = nil)
        -> String
    {
        var query: [(name: String, value: String)] = [
            ("apiKey", "web-key"), ("appName", "[DEFAULT]"), ("authType", authType), ("redirectUrl", redirectUrl),
            ("v", "11.0.0"), ("eventId", "4711"), ("providerId", "google.com"), ("scopes", "profile"),
        ]
        if let tid { query.append(("tid", tid)) }
        return "/emulator/auth/handler?" + FormURLEncoding.encode(query)
    }

    /// The `data-…` attribute `name` of the page's event holder, unescaped.
    static func holder(_ name: String, in html: String) throws -> String {
        let start = try #require(html.range(of: " data-\(name)=\""))
        let value = html[start.upperBound...].prefix { $0 != "\"" }
        return value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test(arguments: [
        ("signInViaPopup", "popup"), ("linkViaPopup", "popup"), ("reauthViaPopup", "popup"),
        ("signInViaRedirect", "redirect"), ("linkViaRedirect", "redirect"), ("reauthViaRedirect", "redirect"),
    ])
    func theFormAnswersThePageThatHandsOverTheAuthEvent(authType: String, mode: String) throws {
        let fixture = try EmulatorFixture()
        let browser = IdpBrowser(fixture: fixture, listener: try CallbackListener())
        let page = try browser.get(Self.sdkQuery(authType, tid: "tenant-1"))
        #expect(page.status == 200)
        #expect(!page.text.contains("<script"), "the chooser itself stays script-free")
        let add = try #require(ScrapedForm.all(in: page.text).first { $0.fields.contains("email") })
        #expect(add.hidden.contains { $0.name == "authType" && $0.value == authType })

        let done = try browser.get(add.submission([("email", "Kim@Example.com"), ("displayName", "Kim <Lee>")]))
        #expect(done.status == 200, "\(done.text)")
        #expect(TestHTTPClient.header("Content-Type", in: done.headers) == "text/html; charset=utf-8")
        #expect(done.text.contains("<title>Account chosen · fauth-emulator</title>"))
        #expect(done.text.contains("Account chosen: Kim@Example.com"))
        #expect(try Self.holder("mode", in: done.text) == mode)
        #expect(try Self.holder("storage-key", in: done.text) == "web-key:[DEFAULT]")
        #expect(
            try Self.holder("redirect-url", in: done.text)
                == (mode == "redirect" ? "http://127.0.0.1:5000/app?x=1" : ""))
        let event = try JSONValue.parse(try Self.holder("event", in: done.text))
        #expect(event["type"]?.string == authType)
        #expect(event["eventId"] == "4711")
        #expect(event["tenantId"] == "tenant-1")
        #expect(event["postBody"] == "" && event["error"] == .null)
        let urlResponse = try #require(event["urlResponse"]?.string)
        #expect(
            urlResponse.hasPrefix(
                "http://127.0.0.1:\(fixture.server.port)/emulator/auth/handler?providerId=google.com&id_token="))

        // What the SDK does with the event: signInWithIdp with urlResponse and sessionId.
        let signIn = try browser.finish(urlResponse, sessionId: event["sessionId"]?.string)
        #expect(signIn.status == 200, "\(signIn.json.serialized())")
        #expect(signIn.json["email"] == "kim@example.com" && signIn.json["displayName"] == "Kim <Lee>")
        #expect(signIn.json["providerId"] == "google.com")
    }

    @Test func choosingAListedAccountMakesAnEventForIt() throws {
        let fixture = try EmulatorFixture()
        let browser = IdpBrowser(fixture: fixture, listener: try CallbackListener())
        let (callback, sessionId) = try browser.addAccount([("email", "ann@example.com"), ("displayName", "Ann")])
        let first = try browser.finish(callback, sessionId: sessionId)
        let page = try browser.get(Self.sdkQuery("signInViaPopup"))
        let chooser = try #require(ScrapedForm.all(in: page.text).first { !$0.buttons.isEmpty })
        let button = try #require(chooser.buttons.first)
        let done = try browser.get(chooser.submission([(button.name, button.value)]))
        #expect(done.status == 200)
        let event = try JSONValue.parse(try Self.holder("event", in: done.text))
        #expect(event["tenantId"] == .null)
        let again = try browser.finish(
            try #require(event["urlResponse"]?.string), sessionId: event["sessionId"]?.string)
        #expect(again.status == 200 && again.json["isNewUser"]?.bool != true)
        #expect(again.json["localId"] == first.json["localId"])
    }

    @Test func eventsThatCannotBeMadeAreRefusedOnThePage() throws {
        let fixture = try EmulatorFixture()
        let browser = IdpBrowser(fixture: fixture, listener: try CallbackListener())
        let finish = "/emulator/auth/handler/finish?"
        func refused(_ query: String) throws -> String {
            let answer = try browser.get(finish + query + "&email=a%40b.c")
            #expect(answer.status == 400, "\(query)")
            #expect(!answer.text.contains("<script"))
            return answer.text
        }
        let base = "apiKey=k&providerId=google.com&appName=app"
        #expect(try refused(base + "&authType=verifyApp").contains("an authType the Firebase JS SDK does not send"))
        #expect(try refused("apiKey=k&providerId=google.com&authType=signInViaPopup").contains("without the appName"))
        for target in ["", "&redirectUrl=javascript%3Aalert(1)", "&redirectUrl=%2Frelative", "&redirectUrl=data%3Ax"] {
            #expect(
                try refused(base + "&authType=signInViaRedirect" + target).contains(
                    "without an http or https redirectUrl"))
        }
        // A popup needs no redirectUrl; an email is still required.
        #expect(try browser.get(finish + base + "&authType=signInViaPopup&email=a%40b.c").status == 200)
        #expect(try browser.get(finish + base + "&authType=signInViaPopup&email=").status == 400)
    }

    @Test func theHelperFrameIsServed() throws {
        let fixture = try EmulatorFixture()
        let browser = IdpBrowser(fixture: fixture, listener: try CallbackListener())
        let frame = try browser.get("/emulator/auth/iframe?apiKey=k&appName=%5BDEFAULT%5D&v=11")
        #expect(frame.status == 200)
        #expect(TestHTTPClient.header("Content-Type", in: frame.headers) == "text/html; charset=utf-8")
        #expect(frame.text.contains(#"<script src="https://apis.google.com/js/api.js"></script>"#))
        #expect(frame.text.contains("webStorageSupport") && frame.text.contains("'authEvent'"))
        #expect(frame.text.contains("e.origin !== location.origin"), "only the emulator's own pages may post events")
    }
}
