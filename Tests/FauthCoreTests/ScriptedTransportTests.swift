import FauthCore
import FauthTestSupport
import Foundation
import Testing

/// The scripted transport the core tests run on: it answers as scripted, records what it got, and fails loudly.
@Suite struct ScriptedTransportTests {
    private func request(_ url: String, method: String = "POST", body: String = "{}") -> TransportRequest {
        TransportRequest(
            method: method, url: url, headers: [("Content-Type", "application/json")], body: Array(body.utf8),
            timeout: 5)
    }

    @Test func repliesAreMatchedByMethodAndEndpointAndConsumedInOrder() throws {
        let transport = ScriptedTransport()
        transport.reply(to: "accounts:lookup", .json(200, #"{"n":1}"#))
        transport.reply(to: "token", .failure(.connectionRefused(code: 7, message: "refused")))
        transport.reply(to: "accounts:lookup", .json(400, #"{"n":2}"#))
        let first = try transport.send(
            request("http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:lookup?key=K"))
        #expect(first.status == 200 && first.body == Array(#"{"n":1}"#.utf8))
        #expect(throws: TransportFailure.connectionRefused(code: 7, message: "refused")) {
            try transport.send(request("https://securetoken.googleapis.com/v1/token?key=K"))
        }
        let second = try transport.send(
            request("https://identitytoolkit.googleapis.com/v1/accounts:lookup?key=K", body: #"{"idToken":"T"}"#))
        #expect(second.status == 400)
        #expect(transport.requests.map(\.endpoint) == ["accounts:lookup", "token", "accounts:lookup"])
        #expect(transport.requests(to: "accounts:lookup").last?.json?["idToken"]?.string == "T")
        #expect(transport.requests.first?.header("content-type") == "application/json")
        #expect(transport.unusedReplies.isEmpty)
        transport.expectAllRepliesUsed()
    }

    @Test func anUnscriptedRequestIsATestFailureAndATransportFailure() {
        let transport = ScriptedTransport()
        transport.reply(to: "accounts:lookup", method: "GET", .json(200, "{}"))
        withKnownIssue {
            #expect(throws: TransportFailure.self) {
                try transport.send(request("https://identitytoolkit.googleapis.com/v1/accounts:lookup?key=K"))
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("unscripted request: POST accounts:lookup") }
        }
        #expect(transport.requests.count == 1, "the unscripted request is recorded too")
    }

    @Test func unusedRepliesAreReported() {
        let transport = ScriptedTransport()
        transport.reply(to: "token", .json(200, "{}"))
        transport.reply(to: "accounts/mfaEnrollment:start", .json(200, "{}"))
        #expect(transport.unusedReplies == ["POST token", "POST accounts/mfaEnrollment:start"])
        withKnownIssue {
            transport.expectAllRepliesUsed()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("POST token, POST accounts/mfaEnrollment:start") }
        }
    }

    @Test func concurrentRequestsEachGetOneReply() {
        let transport = ScriptedTransport()
        for index in 0..<50 {
            transport.reply(to: "token", .json(200, #"{"n":\#(index)}"#))
        }
        let answers = Recorder<String>()
        DispatchQueue.concurrentPerform(iterations: 50) { _ in
            if let response = try? transport.send(request("https://securetoken.googleapis.com/v1/token?key=K")) {
                answers.append(String(decoding: response.body, as: UTF8.self))
            }
        }
        #expect(Set(answers.values).count == 50)
        #expect(transport.requests.count == 50)
        transport.expectAllRepliesUsed()
    }
}
