import FauthCore
import FauthJSON
import Testing

/// The exact JSON each endpoint sends, its path, service and idempotence.
@Suite struct EndpointBodyTests {
    private func json<E: Endpoint>(_ endpoint: E) -> String {
        endpoint.body.serialized()
    }

    @Test func signUp() {
        #expect(
            json(SignUpEndpoint.emailPassword(email: "a@b.c", password: "pw123456"))
                == #"{"email":"a@b.c","password":"pw123456","returnSecureToken":true}"#)
        #expect(
            json(SignUpEndpoint.emailPassword(email: "a@b.c", password: "pw", displayName: "Ann"))
                == #"{"email":"a@b.c","password":"pw","displayName":"Ann","returnSecureToken":true}"#)
        #expect(json(SignUpEndpoint.anonymous()) == #"{"returnSecureToken":true}"#)
        #expect(
            json(SignUpEndpoint.link(idToken: "ID", email: "a@b.c", password: "pw"))
                == #"{"email":"a@b.c","password":"pw","idToken":"ID","returnSecureToken":true}"#)
        #expect(SignUpEndpoint.path == "accounts:signUp")
        #expect(SignUpEndpoint.service == .identityToolkitV1)
        #expect(!SignUpEndpoint.isIdempotent)
    }

    @Test func signInWithPassword() {
        #expect(
            json(SignInWithPasswordEndpoint(email: "a@b.c", password: "p\"w"))
                == #"{"email":"a@b.c","password":"p\"w","returnSecureToken":true}"#)
        #expect(SignInWithPasswordEndpoint.path == "accounts:signInWithPassword")
        #expect(!SignInWithPasswordEndpoint.isIdempotent)
    }

    @Test func signInWithCustomToken() {
        #expect(json(SignInWithCustomTokenEndpoint(token: "T")) == #"{"token":"T","returnSecureToken":true}"#)
        #expect(SignInWithCustomTokenEndpoint.path == "accounts:signInWithCustomToken")
        #expect(!SignInWithCustomTokenEndpoint.isIdempotent)
    }

    @Test func signInWithIdp() {
        let credential = IdpCredential(providerId: "google.com", idToken: "GID")
        let head =
            #"{"requestUri":"http://localhost","postBody":"providerId=google.com&id_token=GID","#
            + #""returnIdpCredential":true,"returnSecureToken":true,"#
        #expect(json(SignInWithIdpEndpoint(credential: credential)) == head + #""autoCreate":true}"#)
        #expect(
            json(SignInWithIdpEndpoint(credential: credential, idToken: "FIREBASE"))
                == head + #""autoCreate":true,"idToken":"FIREBASE"}"#)
        #expect(
            json(SignInWithIdpEndpoint(credential: credential, autoCreate: false)) == head + #""autoCreate":false}"#)
        #expect(SignInWithIdpEndpoint.path == "accounts:signInWithIdp")
        #expect(!SignInWithIdpEndpoint.isIdempotent)
    }

    @Test func lookup() {
        #expect(json(LookupEndpoint(idToken: "ID")) == #"{"idToken":"ID"}"#)
        #expect(LookupEndpoint.path == "accounts:lookup")
        #expect(LookupEndpoint.isIdempotent)
    }

    @Test func update() {
        #expect(
            json(UpdateAccountEndpoint(idToken: "ID", email: "n@b.c"))
                == #"{"idToken":"ID","email":"n@b.c","returnSecureToken":true}"#)
        #expect(
            json(UpdateAccountEndpoint(idToken: "ID", password: "newpass"))
                == #"{"idToken":"ID","password":"newpass","returnSecureToken":true}"#)
        #expect(
            json(UpdateAccountEndpoint(idToken: "ID", displayName: "Ann", photoUrl: "https://p/x.png"))
                == #"{"idToken":"ID","displayName":"Ann","photoUrl":"https://p/x.png","returnSecureToken":true}"#)
        #expect(
            json(UpdateAccountEndpoint(idToken: "ID", deleteAttribute: [.displayName, .photoUrl]))
                == #"{"idToken":"ID","deleteAttribute":["DISPLAY_NAME","PHOTO_URL"],"returnSecureToken":true}"#)
        #expect(
            json(UpdateAccountEndpoint(idToken: "ID", deleteProvider: ["google.com"]))
                == #"{"idToken":"ID","deleteProvider":["google.com"],"returnSecureToken":true}"#)
        #expect(UpdateAccountEndpoint.path == "accounts:update")
        #expect(!UpdateAccountEndpoint.isIdempotent)
    }

    @Test func delete() {
        #expect(json(DeleteAccountEndpoint(idToken: "ID")) == #"{"idToken":"ID"}"#)
        #expect(DeleteAccountEndpoint.path == "accounts:delete")
        #expect(!DeleteAccountEndpoint.isIdempotent)
    }

    @Test func createAuthUri() {
        #expect(
            json(CreateAuthUriEndpoint(identifier: "a@b.c"))
                == #"{"identifier":"a@b.c","continueUri":"http://localhost"}"#)
        #expect(CreateAuthUriEndpoint.path == "accounts:createAuthUri")
        #expect(CreateAuthUriEndpoint.isIdempotent)
    }

    @Test func sendOobCode() {
        #expect(
            json(SendOobCodeEndpoint.passwordReset(email: "a@b.c"))
                == #"{"requestType":"PASSWORD_RESET","email":"a@b.c"}"#)
        #expect(
            json(SendOobCodeEndpoint.verifyEmail(idToken: "ID")) == #"{"requestType":"VERIFY_EMAIL","idToken":"ID"}"#)
        #expect(
            json(SendOobCodeEndpoint(requestType: .verifyAndChangeEmail, idToken: "ID", newEmail: "n@b.c"))
                == #"{"requestType":"VERIFY_AND_CHANGE_EMAIL","idToken":"ID","newEmail":"n@b.c"}"#)
        #expect(
            json(SendOobCodeEndpoint(requestType: .emailSignIn, email: "a@b.c", continueUrl: "https://app/x"))
                == #"{"requestType":"EMAIL_SIGNIN","email":"a@b.c","continueUrl":"https://app/x"}"#)
        #expect(
            json(SendOobCodeEndpoint.emailSignIn(email: "a@b.c", continueUrl: nil))
                == #"{"requestType":"EMAIL_SIGNIN","email":"a@b.c","canHandleCodeInApp":true}"#)
        #expect(SendOobCodeEndpoint.path == "accounts:sendOobCode")
        #expect(!SendOobCodeEndpoint.isIdempotent)
    }

    @Test func signInWithEmailLink() {
        #expect(
            json(SignInWithEmailLinkEndpoint(email: "a@b.c", oobCode: "CODE")) == #"{"email":"a@b.c","oobCode":"CODE"}"#
        )
        #expect(
            json(SignInWithEmailLinkEndpoint(email: "a@b.c", oobCode: "CODE", idToken: "ID"))
                == #"{"email":"a@b.c","oobCode":"CODE","idToken":"ID"}"#)
        #expect(SignInWithEmailLinkEndpoint.path == "accounts:signInWithEmailLink")
        #expect(!SignInWithEmailLinkEndpoint.isIdempotent)
    }

    @Test func resetPassword() {
        #expect(json(ResetPasswordEndpoint(oobCode: "CODE")) == #"{"oobCode":"CODE"}"#)
        #expect(
            json(ResetPasswordEndpoint(oobCode: "CODE", newPassword: "pw")) == #"{"oobCode":"CODE","newPassword":"pw"}"#
        )
        #expect(ResetPasswordEndpoint.path == "accounts:resetPassword")
        #expect(!ResetPasswordEndpoint.isIdempotent)
    }

    @Test func refreshToken() {
        #expect(json(RefreshTokenEndpoint(refreshToken: "RT")) == #"{"grantType":"refresh_token","refreshToken":"RT"}"#)
        #expect(RefreshTokenEndpoint.path == "token")
        #expect(RefreshTokenEndpoint.service == .secureToken)
        #expect(RefreshTokenEndpoint.isIdempotent)
    }
}

/// `postBody` per provider, as §4 of the Apple SDK facts: providerId first, then id_token, nonce, access_token,
/// oauth_token_secret, percent-encoded.
@Suite struct IdpCredentialTests {
    @Test func google() {
        #expect(
            IdpCredential(providerId: "google.com", idToken: "I", accessToken: "A").postBody
                == "providerId=google.com&id_token=I&access_token=A")
    }

    @Test func facebookAndGitHub() {
        #expect(
            IdpCredential(providerId: "facebook.com", accessToken: "A").postBody
                == "providerId=facebook.com&access_token=A")
        #expect(
            IdpCredential(providerId: "github.com", accessToken: "gho_1").postBody
                == "providerId=github.com&access_token=gho_1")
    }

    @Test func twitter() {
        #expect(
            IdpCredential(providerId: "twitter.com", accessToken: "A", tokenSecret: "S").postBody
                == "providerId=twitter.com&access_token=A&oauth_token_secret=S")
    }

    @Test func apple() {
        #expect(
            IdpCredential(providerId: "apple.com", idToken: "I", nonce: "N").postBody
                == "providerId=apple.com&id_token=I&nonce=N")
    }

    @Test func genericOIDCWithEveryField() {
        #expect(
            IdpCredential(providerId: "oidc.corp", idToken: "I", nonce: "N", accessToken: "A", tokenSecret: "S")
                .postBody
                == "providerId=oidc.corp&id_token=I&nonce=N&access_token=A&oauth_token_secret=S")
    }

    @Test func valuesArePercentEncoded() {
        let credential = IdpCredential(
            providerId: "oidc.x", idToken: #"{"sub":"a b","email":"x+y@z.c"}"#, nonce: "n&o=p/q")
        #expect(
            credential.postBody
                == "providerId=oidc.x&id_token=%7B%22sub%22%3A%22a%20b%22%2C%22email%22%3A%22x%2By%40z.c%22%7D&nonce=n%26o%3Dp%2Fq"
        )
    }
}
