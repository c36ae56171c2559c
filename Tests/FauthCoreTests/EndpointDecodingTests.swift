import FauthCore
import FauthJSON
import Testing

private func parse(_ text: String) throws -> JSONValue {
    try JSONValue.parse(text)
}

/// The code `E.decode` fails with on `body`, or nil when it succeeds.
private func failureCode<E: Endpoint>(_ endpoint: E.Type, _ body: String) throws -> ErrorCode? {
    let json = try parse(body)
    do {
        _ = try E.decode(json)
        return nil
    } catch {
        return error.code
    }
}

/// Response decoding: the fields read, defaults, and wrong shapes turned into errors instead of crashes.
@Suite struct EndpointDecodingTests {
    @Test func signUpTokens() throws {
        let response = try SignUpEndpoint.decode(
            parse(
                #"{"kind":"identitytoolkit#SignupNewUserResponse","localId":"U1","email":"a@b.c","idToken":"ID","refreshToken":"RT","expiresIn":"3600"}"#
            ))
        #expect(response.localId == "U1")
        #expect(response.email == "a@b.c")
        #expect(response.outcome == .signedIn(SessionTokens(idToken: "ID", refreshToken: "RT", expiresIn: 3600)))
    }

    /// A success answer without tokens is one fauth does not understand (internal-error, exit 1), as every other
    /// malformed answer is; not invalid-user-token, which would send the script to sign in again.
    @Test func aSignInWithoutTokensIsAnInternalError() throws {
        #expect(
            try failureCode(SignInWithPasswordEndpoint.self, #"{"localId":"U1"}"#)
                == .internalError)
        #expect(try failureCode(SignUpEndpoint.self, #"{"idToken":"ID","refreshToken":""}"#) == .internalError)
        #expect(try failureCode(SignUpEndpoint.self, #"{}"#) == .internalError)
        #expect(
            try failureCode(SignInWithCustomTokenEndpoint.self, #"{"refreshToken":"RT","expiresIn":"3600"}"#)
                == .internalError)
        #expect(try failureCode(SignInWithEmailLinkEndpoint.self, #"{"idToken":"ID"}"#) == .internalError)
        let error = try #require(fauthError { _ = try SignUpEndpoint.decode(parse("{}")) })
        #expect(
            error.message == "Unexpected response from accounts:signUp: \"idToken\" or \"refreshToken\" is missing.")
    }

    @Test func aSecondFactorChallengeNeedsNoTokens() throws {
        let response = try SignInWithPasswordEndpoint.decode(
            parse(
                #"{"localId":"U1","email":"a@b.c","mfaPendingCredential":"PENDING","mfaInfo":[{"mfaEnrollmentId":"E1","displayName":"phone","phoneInfo":"+*******0100","enrolledAt":"2024-01-01T00:00:00Z"},{"mfaEnrollmentId":"E2","totpInfo":{}}]}"#
            ))
        #expect(
            response.outcome
                == .secondFactorRequired(
                    pendingCredential: "PENDING",
                    enrollments: [
                        MFAEnrollment(
                            enrollmentId: "E1", displayName: "phone", phoneNumber: "+*******0100",
                            enrolledAt: "2024-01-01T00:00:00Z"),
                        MFAEnrollment(enrollmentId: "E2", isTOTP: true),
                    ]))
        #expect(response.outcome.tokens == nil)
        guard case .secondFactorRequired(_, let enrollments) = response.outcome else { return }
        #expect(enrollments.map(\.factorId) == ["phone", "totp"])
    }

    @Test func customTokenIsNewUser() throws {
        let response = try SignInWithCustomTokenEndpoint.decode(
            parse(#"{"isNewUser":true,"idToken":"ID","refreshToken":"RT","expiresIn":3600}"#))
        #expect(response.isNewUser)
        #expect(response.outcome.tokens?.expiresIn == 3600)
    }

    @Test(arguments: [
        #"{"idToken":5,"refreshToken":"RT"}"#,
        #"{"idToken":"ID","refreshToken":"RT","expiresIn":"soon"}"#,
        #"{"idToken":"ID","refreshToken":"RT","isNewUser":"yes"}"#,
        #"{"idToken":"ID","refreshToken":"RT","expiresIn":1.5}"#,
        #"{"mfaPendingCredential":"P","mfaInfo":[{"displayName":"no id"}]}"#,
        #"{"mfaPendingCredential":"P","mfaInfo":"phone"}"#,
        #"["idToken","RT"]"#,
        #""text""#,
    ])
    func wrongTypesAreInternalErrors(body: String) throws {
        #expect(try failureCode(SignInWithCustomTokenEndpoint.self, body) == .internalError)
    }

    @Test func lookupReadsTheUser() throws {
        let response = try LookupEndpoint.decode(
            parse(
                """
                {"kind":"identitytoolkit#GetAccountInfoResponse","users":[{"localId":"U1","email":"a@b.c","emailVerified":true,
                 "displayName":"Ann","photoUrl":"https://p/a.png","phoneNumber":"+15550100","createdAt":"1700000000000",
                 "lastLoginAt":"1700000001000","passwordHash":"fakeHash","tenantId":"t1","disabled":false,
                 "passwordUpdatedAt":1700000000000,"validSince":"1700000000",
                 "providerUserInfo":[{"providerId":"password","email":"a@b.c","federatedId":"a@b.c","rawId":"a@b.c"},
                                     {"providerId":"google.com","rawId":"123","federatedId":"https://accounts.google.com/123","displayName":"Ann G","photoUrl":"https://g/p"}],
                 "mfaInfo":[{"mfaEnrollmentId":"E1","phoneInfo":"+15550101"}]}]}
                """))
        #expect(
            response.user
                == AccountInfo(
                    localId: "U1", email: "a@b.c", emailVerified: true, displayName: "Ann", photoUrl: "https://p/a.png",
                    phoneNumber: "+15550100", createdAt: 1_700_000_000_000, lastLoginAt: 1_700_000_001_000,
                    passwordHash: "fakeHash",
                    providerUserInfo: [
                        ProviderUserInfo(providerId: "password", rawId: "a@b.c", federatedId: "a@b.c", email: "a@b.c"),
                        ProviderUserInfo(
                            providerId: "google.com", rawId: "123", federatedId: "https://accounts.google.com/123",
                            displayName: "Ann G", photoUrl: "https://g/p"),
                    ],
                    mfaInfo: [MFAEnrollment(enrollmentId: "E1", phoneNumber: "+15550101")],
                    tenantId: "t1", disabled: false, validSince: 1_700_000_000))
    }

    @Test func lookupDefaults() throws {
        let user = try LookupEndpoint.decode(parse(#"{"users":[{"localId":"U1","email":null}]}"#)).user
        #expect(user == AccountInfo(localId: "U1"))
    }

    @Test(arguments: [
        #"{"kind":"identitytoolkit#GetAccountInfoResponse"}"#, #"{"users":[]}"#,
        #"{"users":[{"localId":"A"},{"localId":"B"}]}"#,
    ])
    func lookupWithoutExactlyOneUserIsAnInternalError(body: String) throws {
        #expect(try failureCode(LookupEndpoint.self, body) == .internalError)
    }

    @Test(arguments: [
        #"{"users":{"localId":"A"}}"#, #"{"users":[{"email":"a@b.c"}]}"#,
        #"{"users":[{"localId":"A","emailVerified":"true"}]}"#,
        #"{"users":[{"localId":"A","createdAt":"yesterday"}]}"#,
        #"{"users":[{"localId":"A","providerUserInfo":["password"]}]}"#,
        #"{"users":[{"localId":"A","providerUserInfo":[{"email":"no provider id"}]}]}"#, #"{"users":["A"]}"#,
    ])
    func lookupWithWrongShapesIsAnInternalError(body: String) throws {
        #expect(try failureCode(LookupEndpoint.self, body) == .internalError)
    }

    @Test func updateWithAndWithoutNewTokens() throws {
        let plain = try UpdateAccountEndpoint.decode(
            parse(
                #"{"localId":"U1","email":"a@b.c","displayName":"Ann","providerUserInfo":[{"providerId":"password"}],"emailVerified":false}"#
            ))
        #expect(
            plain
                == UpdateAccountResponse(
                    localId: "U1", email: "a@b.c", displayName: "Ann",
                    providerUserInfo: [ProviderUserInfo(providerId: "password")]))
        let withTokens = try UpdateAccountEndpoint.decode(
            parse(#"{"localId":"U1","idToken":"ID2","refreshToken":"RT2","expiresIn":"3600"}"#))
        #expect(withTokens.tokens == SessionTokens(idToken: "ID2", refreshToken: "RT2", expiresIn: 3600))
        #expect(try failureCode(UpdateAccountEndpoint.self, #"{"displayName":7}"#) == .internalError)
    }

    @Test func deleteAcceptsAnyObject() throws {
        #expect(
            try DeleteAccountEndpoint.decode(parse(#"{"kind":"identitytoolkit#DeleteAccountResponse"}"#))
                == DeleteAccountResponse())
        #expect(try failureCode(DeleteAccountEndpoint.self, "[]") == .internalError)
    }

    @Test func createAuthUriMethodsDefaultToEmpty() throws {
        #expect(
            try CreateAuthUriEndpoint.decode(parse(#"{"kind":"k","sessionId":"s"}"#))
                == CreateAuthUriResponse(isHidden: true),
            "an answer that says nothing: email enumeration protection")
        #expect(
            try CreateAuthUriEndpoint.decode(parse(#"{"registered":false,"signinMethods":[]}"#))
                == CreateAuthUriResponse())
        #expect(
            try CreateAuthUriEndpoint.decode(parse(#"{"registered":true,"signinMethods":["password","google.com"]}"#))
                == CreateAuthUriResponse(registered: true, signinMethods: ["password", "google.com"]))
        #expect(
            try failureCode(CreateAuthUriEndpoint.self, #"{"signinMethods":[1]}"#)
                == .internalError)
    }

    @Test func sendOobCodeAndResetPassword() throws {
        #expect(try SendOobCodeEndpoint.decode(parse(#"{"email":"a@b.c"}"#)) == SendOobCodeResponse(email: "a@b.c"))
        #expect(try SendOobCodeEndpoint.decode(parse(#"{}"#)) == SendOobCodeResponse())
        #expect(
            try ResetPasswordEndpoint.decode(parse(#"{"email":"a@b.c","requestType":"PASSWORD_RESET"}"#))
                == ResetPasswordResponse(email: "a@b.c", requestType: "PASSWORD_RESET"))
    }

    @Test func refreshReadsSnakeCase() throws {
        let response = try RefreshTokenEndpoint.decode(
            parse(
                #"{"id_token":"ID","access_token":"ID","expires_in":"3600","refresh_token":"RT2","token_type":"Bearer","user_id":"U1","project_id":"12345"}"#
            ))
        #expect(
            response
                == RefreshTokenResponse(
                    tokens: SessionTokens(idToken: "ID", refreshToken: "RT2", expiresIn: 3600),
                    userId: "U1", projectId: "12345"))
        let accessOnly = try RefreshTokenEndpoint.decode(parse(#"{"access_token":"AT","refresh_token":"RT"}"#))
        #expect(accessOnly.tokens == SessionTokens(idToken: "AT", refreshToken: "RT", expiresIn: nil))
    }

    @Test(arguments: [
        #"{"id_token":"ID"}"#, #"{"refresh_token":"RT"}"#, #"{"id_token":"ID","refresh_token":5}"#,
        #"{"id_token":"ID","refresh_token":"RT","expires_in":"an hour"}"#,
    ])
    func refreshWithoutTokensIsAnInternalError(body: String) throws {
        #expect(try failureCode(RefreshTokenEndpoint.self, body) == .internalError)
    }

    @Test func idpSignIn() throws {
        let response = try SignInWithIdpEndpoint.decode(
            parse(
                """
                {"kind":"identitytoolkit#VerifyAssertionResponse","providerId":"google.com","localId":"U1","email":"a@b.c",
                 "emailVerified":true,"displayName":"Ann","photoUrl":"https://p","federatedId":"https://accounts.google.com/1",
                 "isNewUser":true,"idToken":"ID","refreshToken":"RT","expiresIn":"3600","rawUserInfo":"{}"}
                """))
        #expect(
            response
                == SignInWithIdpResponse(
                    providerId: "google.com", localId: "U1", email: "a@b.c", emailVerified: true, displayName: "Ann",
                    photoUrl: "https://p",
                    federatedId: "https://accounts.google.com/1", isNewUser: true,
                    outcome: .signedIn(SessionTokens(idToken: "ID", refreshToken: "RT", expiresIn: 3600))))
    }

    @Test func idpNeedConfirmationCarriesNoTokens() throws {
        let response = try SignInWithIdpEndpoint.decode(
            parse(
                #"{"providerId":"google.com","email":"a@b.c","localId":"U0","needConfirmation":true,"verifiedProvider":["facebook.com"]}"#
            ))
        #expect(response.needConfirmation)
        #expect(response.outcome == nil)
        #expect(response.verifiedProvider == ["facebook.com"])
        #expect(
            try failureCode(SignInWithIdpEndpoint.self, #"{"providerId":"google.com"}"#)
                == .internalError)
    }

    @Test func idpSoftErrorsAreThrown() throws {
        let json = try parse(
            #"{"providerId":"google.com","errorMessage":"FEDERATED_USER_ID_ALREADY_LINKED","oauthIdToken":"x"}"#)
        do {
            _ = try SignInWithIdpEndpoint.decode(json)
            Issue.record("a soft error decoded as a success")
        } catch {
            #expect(error.code == .credentialAlreadyInUse)
            #expect(error.server == ServerDetail(status: 200, message: "FEDERATED_USER_ID_ALREADY_LINKED"))
        }
        #expect(try failureCode(SignInWithIdpEndpoint.self, #"{"errorMessage":"EMAIL_EXISTS"}"#) == .emailAlreadyInUse)
    }
}
