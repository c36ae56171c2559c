import FauthJSON
import FauthTestSupport
import Foundation
import Synchronization
import Testing

@testable import FauthEmulator

/// One `<form>` of an HTML page as a browser without JavaScript sees it: its action, hidden fields, visible field
/// names and submit buttons.
struct ScrapedForm {
    /// The `action` attribute.
    var action: String
    /// `<input type="hidden">` name/value pairs, in page order.
    var hidden: [(name: String, value: String)]
    /// Names of the other inputs.
    var fields: [String]
    /// `<button name= value=>` submit buttons, with their visible text.
    var buttons: [(name: String, value: String, text: String)]

    /// Every form of `html`.
    static func all(in html: String) -> [ScrapedForm] {
        html.components(separatedBy: "<form").dropFirst().map { chunk in
            let form = chunk.components(separatedBy: "</form>")[0]
            let tags = form.components(separatedBy: "<").dropFirst()
            var scraped = ScrapedForm(
                action: attribute("action", in: form.components(separatedBy: ">")[0]) ?? "", hidden: [],
                fields: [], buttons: [])
            for (index, tag) in tags.enumerated() {
                let head = tag.components(separatedBy: ">")[0]
                if head.hasPrefix("input"), let name = attribute("name", in: head) {
                    if attribute("type", in: head) == "hidden" {
                        scraped.hidden.append((name, attribute("value", in: head) ?? ""))
                    } else {
                        scraped.fields.append(name)
                    }
                } else if head.hasPrefix("button"), let name = attribute("name", in: head) {
                    let text = tags.dropFirst(index).prefix { !$0.hasPrefix("/button") }
                        .map { $0.components(separatedBy: ">").dropFirst().joined(separator: ">") }.joined(
                            separator: " ")
                    scraped.buttons.append((name, attribute("value", in: head) ?? "", unescape(text)))
                }
            }
            return scraped
        }
    }

    /// The GET target of submitting this form with `values` added to its hidden fields, as a browser encodes it.
    func submission(_ values: [(name: String, value: String)]) -> String {
        action + "?"
            + (hidden + values).map { formEncoded($0.name) + "=" + formEncoded($0.value) }.joined(separator: "&")
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let start = tag.range(of: " \(name)=\"") else { return nil }
        let rest = tag[start.upperBound...]
        return unescape(String(rest[..<(rest.firstIndex(of: "\"") ?? rest.endIndex)]))
    }

    private static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

/// A loopback HTTP listener standing in for the app at `continueUri`: it records the request targets it receives.
final class CallbackListener {
    private final class Log: Sendable {
        let targets = Mutex<[String]>([])
    }

    let server: HTTPServer
    private let log = Log()

    /// Starts listening on a free port.
    init() throws {
        let log = self.log
        server = try HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { request in
            log.targets.withLock { $0.append(request.path + (request.query.isEmpty ? "" : "?" + request.query)) }
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: Array("signed in".utf8))
        }
        server.start()
    }

    deinit { server.stop() }

    /// The URL to give createAuthUri as `continueUri`.
    var continueUri: String { "http://127.0.0.1:\(server.port)/callback" }

    /// The full URLs of the requests received so far.
    var callbacks: [String] { log.targets.withLock { $0 }.map { "http://127.0.0.1:\(server.port)" + $0 } }
}

/// A person in a browser going through the emulator's IdP page, over plain HTTP.
struct IdpBrowser {
    let fixture: EmulatorFixture
    let listener: CallbackListener

    /// `accounts:createAuthUri` for `providerId` returning to the listener: (authUri, sessionId).
    func start(_ providerId: String = "google.com", extra: JSONObject = [:]) throws -> (
        authUri: String, sessionId: String
    ) {
        var body: JSONObject = ["providerId": .string(providerId), "continueUri": .string(listener.continueUri)]
        for (key, value) in extra { body[key] = value }
        let answer = try fixture.call("createAuthUri", .object(body))
        #expect(answer.status == 200, "createAuthUri failed: \(answer.json.serialized())")
        return (try #require(answer.json["authUri"]?.string), try #require(answer.json["sessionId"]?.string))
    }

    /// GETs `target` (a path with query, or an absolute URL on the emulator) and returns status, headers and text.
    func get(_ target: String) throws -> (status: Int, headers: [(String, String)], text: String) {
        var path = target
        if let scheme = path.range(of: "://") {
            let afterHost = path[scheme.upperBound...]
            path = String(afterHost[(afterHost.firstIndex(of: "/") ?? afterHost.endIndex)...])
        }
        let response = try fixture.client.send(method: "GET", path: path)
        return (response.status, response.headers, String(decoding: response.body, as: UTF8.self))
    }

    /// Submits `form` with `values`, expects the 303, follows it to the listener and returns the callback URL.
    func submit(_ form: ScrapedForm, _ values: [(name: String, value: String)]) throws -> String {
        let answer = try get(form.submission(values))
        #expect(answer.status == 303, "form refused: \(answer.text)")
        let location = try #require(TestHTTPClient.header("Location", in: answer.headers))
        #expect(location.hasPrefix(listener.continueUri + "?"))
        let before = listener.callbacks.count
        let app = try TestHTTPClient(port: listener.server.port)
        defer { app.close() }
        let landing = try app.send(
            method: "GET", path: String(location.dropFirst("http://127.0.0.1:\(listener.server.port)".count)))
        #expect(landing.status == 200)
        let callbacks = listener.callbacks
        #expect(callbacks.count == before + 1)
        return try #require(callbacks.last)
    }

    /// `accounts:signInWithIdp` with the callback URL as `requestUri` and `sessionId` (omitted when nil).
    func finish(_ callback: String, sessionId: String?, extra: JSONObject = [:]) throws -> (
        status: Int, json: JSONValue
    ) {
        var body: JSONObject = ["requestUri": .string(callback), "returnSecureToken": true]
        body["sessionId"] = sessionId.map(JSONValue.string)
        for (key, value) in extra { body[key] = value }
        return try fixture.call("signInWithIdp", .object(body))
    }

    /// The whole flow adding a new account with `profile` (email, displayName, screenName): the callback URL and sessionId.
    func addAccount(_ profile: [(name: String, value: String)], provider providerId: String = "google.com") throws -> (
        callback: String, sessionId: String
    ) {
        let (authUri, sessionId) = try start(providerId)
        let page = try get(authUri)
        #expect(page.status == 200)
        let add = try #require(ScrapedForm.all(in: page.text).first { $0.fields.contains("email") })
        return (try submit(add, profile), sessionId)
    }
}
