import FauthCore
import Testing

/// The checks on the URL a browser sign-in comes back to, made before anything is sent to `signInWithIdp`.
@Suite struct ProviderSignInTests {
    static let continueUri = "http://127.0.0.1:8085/__/auth/callback"

    static func signIn(authUri: String = "https://idp.example/auth?client_id=C&state=S%2F1") -> ProviderSignIn {
        ProviderSignIn(
            providerId: "google.com", continueUri: continueUri,
            answer: ProviderAuthUri(authUri: authUri, sessionId: "SID"))
    }

    @Test func theAnswerWithThisSignInsStateBecomesARedirectCredential() throws {
        #expect(Self.signIn().state == "S/1")
        let url = Self.continueUri + "?code=4%2F0A&state=S%2F1"
        let credential = try Self.signIn().credential(forCallback: "  \(url)\n")
        #expect(credential == .redirect(providerId: "google.com", requestUri: url, sessionId: "SID"))
        let body = SignInWithIdpEndpoint(credential: credential).body
        #expect(body["requestUri"]?.string == url)
        #expect(body["sessionId"] == "SID")
        #expect(body["postBody"] == nil)
    }

    @Test(arguments: [
        (continueUri + "?code=C&state=OTHER", "another sign-in's state"),
        (continueUri + "?code=C", "carries no state"),
        ("http://127.0.0.1:9999/__/auth/callback?state=S%2F1", "not the URL this sign-in returns to"),
        ("http://127.0.0.1:8085/other?state=S%2F1", "not the URL this sign-in returns to"),
        (
            continueUri + "?error=access_denied&error_description=The%20user%20said%20no&state=S%2F1",
            "refused the sign-in (access_denied: The user said no)"
        ),
        (
            continueUri + "?error=access_denied&error_description=User+cancelled%2C+sorry&state=S%2F1",
            "refused the sign-in (access_denied: User cancelled, sorry)"
        ),
        (continueUri + "?error=access_denied", "carries no state"),
        (continueUri + "?error=access_denied&error_description=forged&state=OTHER", "another sign-in's state"),
    ])
    func anAnswerThatIsNotThisSignInsIsRefused(url: String, message: String) {
        #expect {
            _ = try Self.signIn().credential(forCallback: url)
        } throws: { error in
            guard let error = error as? FauthError else { return false }
            return error.code == .invalidCredential && error.message.contains(message)
        }
    }

    @Test func aPageWithoutStateLeavesTheCheckToTheServer() throws {
        let signIn = Self.signIn(authUri: "https://api.twitter.example/oauth/authenticate?oauth_token=T")
        #expect(signIn.state == nil)
        let credential = try signIn.credential(forCallback: Self.continueUri + "?oauth_token=T&oauth_verifier=V")
        #expect(credential.sessionId == "SID")
    }
}
