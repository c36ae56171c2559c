import Foundation
import Testing

@testable import FauthCore

/// The client reads query strings without Foundation; for every URL here it must read what URLComponents reads.
@Suite struct URLQueryTests {
    @Test(arguments: [
        "http://127.0.0.1:9/__/auth/callback?state=abc&code=x%2Fy&empty=&bare",
        "https://example.firebaseapp.com/__/auth/action?mode=signIn&oobCode=A-b_c~d&apiKey=k&lang=en",
        "https://x/?link=https%3A%2F%2Fy%2F%3FoobCode%3Dinner%26mode%3DsignIn",
        "https://x/path?a=1&a=2&b=%C3%BC+plus#fragment?c=3",
        "https://x/path#only?fragment=1",
        "https://x/path",
        "https://x/?",
        "https://x/?&&a=1&&",
        "https://x/?=value&name==two",
        "oobCode-only-text",
    ])
    func readsWhatURLComponentsReads(url: String) throws {
        let query = try #require(URLQuery(url: url))
        let foundation = try #require(URLComponents(string: url))
        let items = (foundation.queryItems ?? []).filter { !($0.name.isEmpty && $0.value == nil) }
        #expect(query.items.map(\.name) == items.map(\.name))
        #expect(query.items.map(\.value) == items.map(\.value))
    }

    @Test(arguments: [
        "https://x/?a=%zz", "https://x/?a=%4", "https://x/?a=%", "https://x/?a=b c", "https://x/?a=é",
        "https://x/?a=%FF", "https://x/?a=\u{7F}", "https://x/?a=b\n",
    ])
    func refusesWhatIsNotAURL(url: String) {
        #expect(URLQuery(url: url) == nil)
    }

    @Test func theFirstItemOfANameIsItsValue() throws {
        let query = try #require(URLQuery(url: "https://x/?a=1&a=2&b"))
        #expect(query.value("a") == "1")
        #expect(query.value("b") == nil)
        #expect(query.value("c") == nil)
    }
}
