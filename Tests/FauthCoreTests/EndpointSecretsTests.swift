import FauthCore
import FauthJSON
import Testing

/// Each endpoint declares as `secrets` exactly the secrets its request carries, so that the server's words about a
/// request never show one (`SecretRedaction`). Every endpoint is built here with each secret argument a marker
/// `secret-N` and every other argument plain text; the markers its body holds must be the ones it declares. A
/// secret an endpoint forgets, or a public value it declares, fails here.
@Suite struct EndpointSecretsTests {
    /// One request: what it declares and the body it sends.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let secrets: [String]
        let body: String
        var testDescription: String { name }
    }

    private static func make<E: Endpoint>(_ endpoint: E, _ variant: String = "") -> Case {
        Case(
            name: "\(E.self)\(variant.isEmpty ? "" : " (\(variant))")", secrets: endpoint.secrets,
            body: endpoint.body.serialized())
    }

    static let cases: [Case] = [
        make(ApplyActionCodeEndpoint(oobCode: "secret-1")),
        make(CreateAuthUriEndpoint(identifier: "ada@example.com")),
        make(DeleteAccountEndpoint(idToken: "secret-1")),
        make(LookupEndpoint(idToken: "secret-1")),
        make(
            MFAEnrollmentFinalizeEndpoint(
                idToken: "secret-1", sessionInfo: "secret-2", code: "secret-3", isTOTP: false,
                displayName: "work phone"), "phone"),
        make(
            MFAEnrollmentFinalizeEndpoint(
                idToken: "secret-1", sessionInfo: "secret-2", code: "secret-3", isTOTP: true,
                displayName: "authenticator"), "TOTP"),
        make(MFAEnrollmentStartEndpoint(idToken: "secret-1", phoneNumber: "+15555550100"), "phone"),
        make(MFAEnrollmentStartEndpoint(idToken: "secret-1", phoneNumber: nil), "TOTP"),
        make(MFAEnrollmentWithdrawEndpoint(idToken: "secret-1", enrollmentId: "factor-7")),
        make(
            MFASignInFinalizeEndpoint(
                pendingCredential: "secret-1", verification: .phone(sessionInfo: "secret-2", code: "secret-3")), "phone"
        ),
        make(
            MFASignInFinalizeEndpoint(
                pendingCredential: "secret-1", verification: .totp(enrollmentId: "factor-7", code: "secret-2")), "TOTP"),
        make(MFASignInStartEndpoint(pendingCredential: "secret-1", enrollmentId: "factor-7")),
        make(PasswordPolicyEndpoint()),
        make(
            ProviderAuthUriEndpoint(
                providerId: "google.com", continueUri: "http://127.0.0.1:9/callback", scopes: ["email"],
                customParameters: [(name: "prompt", value: "consent")])),
        make(RefreshTokenEndpoint(refreshToken: "secret-1")),
        make(ResetPasswordEndpoint(oobCode: "secret-1", newPassword: "secret-2"), "new password"),
        make(ResetPasswordEndpoint(oobCode: "secret-1"), "check the code"),
        make(
            SendOobCodeEndpoint(
                requestType: .verifyAndChangeEmail, idToken: "secret-1", newEmail: "new@example.com",
                continueUrl: "https://example.com/done", canHandleCodeInApp: true), "change email"),
        make(SendOobCodeEndpoint.passwordReset(email: "ada@example.com"), "password reset"),
        make(SendOobCodeEndpoint.verifyEmail(idToken: "secret-1"), "verify email"),
        make(
            SendOobCodeEndpoint.emailSignIn(email: "ada@example.com", continueUrl: "https://example.com/done"),
            "email link"),
        make(SignInWithCustomTokenEndpoint(token: "secret-1")),
        make(SignInWithEmailLinkEndpoint(email: "ada@example.com", oobCode: "secret-1", idToken: "secret-2")),
        make(
            SignInWithIdpEndpoint(
                credential: IdpCredential(
                    providerId: "twitter.com", idToken: "secret-1", nonce: "secret-2",
                    accessToken: "secret-3", tokenSecret: "secret-4"), idToken: "secret-5"), "tokens"),
        make(
            SignInWithIdpEndpoint(
                credential: .redirect(
                    providerId: "google.com", requestUri: "http://127.0.0.1:9/callback?code=secret-1",
                    sessionId: "secret-2")), "browser answer"),
        make(SignInWithPasswordEndpoint(email: "ada@example.com", password: "secret-1")),
        make(SignUpEndpoint.emailPassword(email: "ada@example.com", password: "secret-1", displayName: "Ada"), "email"),
        make(SignUpEndpoint.anonymous(), "anonymous"),
        make(SignUpEndpoint.link(idToken: "secret-1", email: "ada@example.com", password: "secret-2"), "link"),
        make(
            UpdateAccountEndpoint(
                idToken: "secret-1", email: "new@example.com", password: "secret-2", displayName: "Ada",
                photoUrl: "https://example.com/a.png", deleteAttribute: [.photoUrl], deleteProvider: ["phone"])),
    ]

    /// The `secret-N` markers in `text`.
    private static func markers(in text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = Substring(text)
        while let start = rest.firstRange(of: "secret-") {
            let digits = rest[start.upperBound...].prefix { $0.isNumber }
            if !digits.isEmpty { found.insert("secret-" + digits) }
            rest = rest[start.upperBound...]
        }
        return found
    }

    @Test func aBrowserAnswerDeclaresEachValueItCarriesButThePublicOnes() {
        let url =
            "http://127.0.0.1:9/__/auth/callback?providerId=google.com&state=secret-1&id_token=secret-2&access_token=secret-3"
            + "&code=secret-4&oauth_token_secret=secret-5&oauth_verifier=secret-6&scope=email+profile&unknown=secret-7%2B1#id_token=secret-8"
        let secrets = Set(
            SignInWithIdpEndpoint(
                credential: .redirect(providerId: "google.com", requestUri: url, sessionId: "secret-9")
            ).secrets)
        for marker in (1...6).map({ "secret-\($0)" }) + ["secret-7+1", "secret-8", "secret-9"] {
            #expect(secrets.contains(marker), "\(marker) is not declared on its own: \(secrets)")
        }
        #expect(
            !secrets.contains("google.com") && !secrets.contains("email profile") && !secrets.contains("email+profile"),
            "\(secrets)")
    }

    @Test(arguments: cases)
    func anEndpointDeclaresTheSecretsItsBodyCarries(request: Case) {
        let declared = Set(request.secrets.flatMap { Self.markers(in: $0) })
        #expect(declared == Self.markers(in: request.body), "body: \(request.body); declared: \(request.secrets)")
        #expect(
            request.secrets.allSatisfy { !Self.markers(in: $0).isEmpty },
            "a declared secret is public: \(request.secrets)")
    }
}
