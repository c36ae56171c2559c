import FauthCore
import FauthJSON
import FauthTestSupport
import Foundation
import Glibc
import Testing

@testable import FauthCLI

/// `--browser` / `--no-browser` in-process: the options are checked before any request (the test context fails on
/// any network use), and the requests the flow sends carry what the options say (scopes, custom parameters, the
/// callback URL as requestUri with the sessionId), with a scripted backend and a "browser" that is a thread
/// visiting the real loopback listener.
@Suite struct CommandLineBrowserSignInTests {
    @Test(arguments: [
        (["signin", "--browser"], "--browser goes with --provider"),
        (
            ["signin", "--provider", "google.com", "--browser", "--id-token", "t"],
            "--id-token does not go with --browser"
        ),
        (["link", "--provider", "google.com", "--browser", "--no-browser"], "--no-browser does not go with --browser"),
        (["signin", "--provider", "google.com", "--browser", "--port", "http"], "--port: 'http' is not a port"),
        (["signin", "--provider", "google.com", "--browser", "--port", "65536"], "--port: '65536' is not a port"),
        (
            ["signin", "--provider", "google.com", "--id-token", "t", "--scope", "email"],
            "--scope goes with --browser or --no-browser"
        ),
        (
            ["reauth", "--provider", "google.com", "--browser", "--callback-url", "u"],
            "--callback-url goes with --no-browser"
        ),
        (
            ["signin", "--provider", "google.com", "--browser", "--custom-parameter", "=x"],
            "--custom-parameter '=x' is not KEY=VALUE"
        ),
        (["signin", "--provider", "password", "--browser"], "'password' is not an identity provider id"),
        (
            ["signin", "--provider", "google.com", "--no-browser", "--no-input"],
            "a callback URL is needed: use --callback-url URL, @FILE or @- (--no-input forbids"
        ),
    ])
    func misusedBrowserOptionsAreUsageErrorsBeforeAnyRequest(arguments: [String], message: String) throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        let run = context.run(arguments)
        #expect(
            run.status == ErrorCode.usage.exitStatus || run.status == ErrorCode.invalidProviderID.exitStatus,
            "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(context.openedURLs.isEmpty)
    }

    @Test func noBrowserWithoutATerminalOrACallbackURLIsRefusedBeforeAnyRequest() throws {
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        context.secretAnswers = [.noTerminal]
        let run = context.run(["signin", "--provider", "google.com", "--no-browser"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("a callback URL is needed and there is no terminal to ask on"), "\(run.stderr)")
        #expect(context.prompts.isEmpty && context.openedURLs.isEmpty)
    }

    @Test(arguments: [["--port"], []])
    func aBusyPortIsAUsageErrorNamingItBeforeAnyRequest(option: [String]) throws {
        let busy = try CallbackListener(port: 0, path: "/")
        let context = try TestContext.signedOut()
        defer { context.removeStateFolder() }
        if option.isEmpty { context.environment["FAUTH_BROWSER_PORT"] = "\(busy.port)" }
        let run = context.run(
            ["signin", "--json", "--provider", "google.com", "--browser"] + option
                + (option.isEmpty ? [] : ["\(busy.port)"]))
        #expect(run.status == 2, "\(run.stderr)")
        let source = option.first ?? "FAUTH_BROWSER_PORT"
        #expect(
            run.stderr.contains(
                "\(source) \(busy.port): 127.0.0.1:\(busy.port) is in use; choose another port, or --port 0 for a free one"
            ), "\(run.stderr)")
        #expect(context.openedURLs.isEmpty)
    }

    static let authUri = "https://accounts.example.com/auth?client_id=C&state=S1&redirect_uri=x"
    static let idpReply = ScriptedTransport.Reply.json(
        200,
        JSONValue.object([
            "localId": "U1", "email": "ada@example.com", "idToken": .string(CommandLineServerTests.idToken),
            "refreshToken": "RT1",
            "expiresIn": "3600", "providerId": "google.com",
        ]).serialized())

    func transport() -> ScriptedTransport {
        let transport = ScriptedTransport()
        transport.reply(
            to: "accounts:createAuthUri", .json(200, #"{"authUri": "\#(Self.authUri)", "sessionId": "SID1"}"#))
        transport.reply(to: "accounts:signInWithIdp", Self.idpReply)
        transport.reply(to: "accounts:lookup", CommandLineServerTests.lookupReply())
        return transport
    }

    @Test func theBrowserIsSentToTheAuthUriAndItsCallbackCompletesTheSignIn() throws {
        let transport = transport()
        let context = try TestContext.scripted(transport)
        defer { context.removeStateFolder() }
        let page = Recorder<String>()
        context.browser = { _ in
            // The person signs in; the provider sends the browser to the continueUri fauth gave.
            let continueUri = transport.requests(to: "accounts:createAuthUri").last?.json?["continueUri"]?.string ?? ""
            Thread.detachNewThread {
                let answer = try? Self.get(continueUri + "?code=C0DE&state=S1")
                page.append(answer ?? "no answer")
            }
            return .started(program: "test-browser")
        }
        let run = context.run([
            "signin", "--provider", "google.com", "--browser", "--scope", "email", "--scope", "profile",
            "--custom-parameter", "prompt=select_account", "--custom-parameter", "hd=example.com",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(context.openedURLs == [Self.authUri])
        #expect(run.stderr.contains(Self.authUri), "the URL is printed too")
        let start = try #require(transport.requests(to: "accounts:createAuthUri").first?.json)
        #expect(start["providerId"] == "google.com")
        #expect(start["oauthScope"] == "email,profile")
        #expect(start["customParameter"] == ["prompt": "select_account", "hd": "example.com"])
        let continueUri = try #require(start["continueUri"]?.string)
        #expect(continueUri.hasPrefix("http://127.0.0.1:") && continueUri.hasSuffix("/__/auth/callback"))
        let complete = try #require(transport.requests(to: "accounts:signInWithIdp").first?.json)
        #expect(complete["requestUri"]?.string == continueUri + "?code=C0DE&state=S1")
        #expect(complete["sessionId"] == "SID1")
        #expect(complete["postBody"] == nil)
        let deadline = Date().addingTimeInterval(60)
        while page.values.isEmpty, Date() < deadline { usleep(10_000) }
        #expect(page.values.first?.contains("Signed in as ada@example.com") == true, "\(page.values)")
    }

    @Test func theProvidersRefusalIsShownDecodedAndALongWordWrapsOnThePage() throws {
        let transport = transport()
        let context = try TestContext.scripted(transport)
        defer { context.removeStateFolder() }
        let page = Recorder<String>()
        let word = String(repeating: "x", count: 300)
        context.browser = { _ in
            let continueUri = transport.requests(to: "accounts:createAuthUri").last?.json?["continueUri"]?.string ?? ""
            Thread.detachNewThread {
                page.append(
                    (try? Self.get(
                        continueUri + "?state=S1&error=access_denied&error_description=User+cancelled%2C+sorry+" + word))
                        ?? "no answer")
            }
            return .started(program: "test-browser")
        }
        let run = context.run(["signin", "--provider", "google.com", "--browser"])
        #expect(run.status == 6)
        #expect(
            run.stderr.contains("The provider refused the sign-in (access_denied: User cancelled, sorry \(word))"),
            "\(run.stderr)")
        let deadline = Date().addingTimeInterval(60)
        while page.values.isEmpty, Date() < deadline { usleep(10_000) }
        let body = page.values.first ?? ""
        #expect(body.contains("User cancelled, sorry \(word)"), "\(body)")
        #expect(
            body.contains("overflow-wrap:anywhere"),
            "a long unbroken word wraps instead of overflowing the page: \(body)")
    }

    @Test func noBrowserReadsThePastedURLFromThePromptAndChecksIt() throws {
        let transport = transport()
        let context = try TestContext.scripted(transport)
        defer { context.removeStateFolder() }
        let port = try Self.freePort()
        context.secretAnswers = [.secret(Array("http://127.0.0.1:\(port)/__/auth/callback?code=C0DE&state=S1\n".utf8))]
        let run = context.run(["signin", "--json", "--provider", "google.com", "--no-browser", "--port", "\(port)"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(context.prompts == ["Paste the URL the browser ended on (not echoed): "])
        #expect(
            transport.requests(to: "accounts:signInWithIdp").first?.json?["requestUri"]?.string
                == "http://127.0.0.1:\(port)/__/auth/callback?code=C0DE&state=S1")

        let refused = try TestContext.scripted(transport)
        defer { refused.removeStateFolder() }
        transport.reply(
            to: "accounts:createAuthUri", .json(200, #"{"authUri": "\#(Self.authUri)", "sessionId": "SID2"}"#))
        refused.secretAnswers = [
            .secret(Array("http://127.0.0.1:\(port)/__/auth/callback?error=access_denied&state=S1".utf8))
        ]
        let denied = refused.run(["signin", "--provider", "google.com", "--no-browser", "--port", "\(port)"])
        #expect(denied.status == 6)
        #expect(denied.stderr.contains("The provider refused the sign-in (access_denied)"), "\(denied.stderr)")
        refused.secretAnswers = [.endOfInput]
        transport.reply(
            to: "accounts:createAuthUri", .json(200, #"{"authUri": "\#(Self.authUri)", "sessionId": "SID3"}"#))
        #expect(refused.run(["signin", "--provider", "google.com", "--no-browser", "--port", "\(port)"]).status == 3)
        #expect(transport.requests(to: "accounts:signInWithIdp").count == 1)
    }

    @Test func aRequestLineThatIsNotPrintableASCIIIsRefusedAndTheWaitGoesOn() throws {
        let listener = try CallbackListener(port: 0, path: "/cb")
        let port = Int(listener.port)
        let statuses = Recorder<Int>()
        let person = Thread {
            for target in [Array("/cb?state=\u{FF}".utf8), Array("/cb?state=".utf8) + [0xFF, 0xFE]] {
                guard let client = try? TestHTTPClient(port: port) else { return }
                try? client.sendRaw(Array("GET ".utf8) + target + Array(" HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
                if let response = try? client.readResponse() { statuses.append(response.status) }
                client.close()
            }
            _ = try? TestHTTPClient(port: port).sendRaw(Array("GET /cb?state=S HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        }
        person.start()
        let callback = try listener.waitForCallback(within: 60, interruptDescriptor: nil)
        #expect(statuses.values == [400, 400], "neither non-ASCII target is decoded into a callback")
        #expect(callback == "http://127.0.0.1:\(port)/cb?state=S")
    }

    @Test func requestsOutsideTheCodecsBoundsAreAnsweredAndTheWaitGoesOn() throws {
        let listener = try CallbackListener(port: 0, path: "/cb")
        let port = Int(listener.port)
        let statuses = Recorder<Int>()
        let fields = String(repeating: "X-F: 1\r\n", count: 101)
        let refused = [
            "GET /cb?state=S HTTP/1.1\r\nX-Big: " + String(repeating: "b", count: 17 * 1024) + "\r\n\r\n",
            "GET /cb?state=S HTTP/1.1\r\n" + fields + "\r\n",
            "POST /cb HTTP/1.1\r\nContent-Length: 4\r\n\r\nbody", "DELETE /cb HTTP/1.1\r\n\r\n",
            "GET /other HTTP/1.1\r\n\r\n", "GET /cb HTTP/2.0\r\n\r\n",
        ]
        let person = Thread {
            for request in refused {
                guard let client = try? TestHTTPClient(port: port) else { return }
                try? client.sendRaw(Array(request.utf8))
                statuses.append((try? client.readResponse())?.status ?? 0)
                client.close()
            }
            _ = try? TestHTTPClient(port: port).sendRaw(Array("GET /cb?state=S HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        }
        person.start()
        let callback = try listener.waitForCallback(within: 60, interruptDescriptor: nil)
        #expect(statuses.values == [431, 431, 413, 405, 404, 505])
        #expect(callback == "http://127.0.0.1:\(port)/cb?state=S")
    }

    /// A port nothing listens on right now.
    static func freePort() throws -> UInt16 {
        let listener = try CallbackListener(port: 0, path: "/")
        return listener.port
    }

    /// The body of a GET to `url` (`http://127.0.0.1:PORT/…`), over a plain socket.
    static func get(_ url: String) throws -> String {
        let rest = url.dropFirst("http://127.0.0.1:".count)
        let port = UInt16(rest.prefix { $0.isNumber })!
        let target = String(rest.drop { $0.isNumber })
        let client = try TestHTTPClient(port: Int(port))
        defer { client.close() }
        return String(decoding: try client.send(method: "GET", path: target).body, as: UTF8.self)
    }
}
