import FauthBuild
import FauthCore
import FauthTestSupport
import Testing

/// Backend.call on the scripted transport: what is sent, how answers and failures map.
@Suite struct BackendCallTests {
    @Test func sendsJSONWithHeadersKeyAndTenant() throws {
        let transport = ScriptedTransport()
        transport.reply(to: "accounts:lookup", lookupAnswer)
        let probe = BackendProbe(transport, apiKey: "k+y/z", tenantId: "tenant-1")
        let response = try probe.backend.call(LookupEndpoint(idToken: "ID-TOKEN"))
        #expect(response.user.localId == "U1")
        let request = try #require(transport.requests.first)
        #expect(request.method == "POST")
        #expect(
            request.sent.url
                == "http://\(BackendProbe.emulatorHost)/identitytoolkit.googleapis.com/v1/accounts:lookup?key=k%2By%2Fz"
        )
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("X-Client-Version") == "fauth/\(FauthVersion.current)")
        #expect(String(decoding: request.sent.body, as: UTF8.self) == #"{"idToken":"ID-TOKEN","tenantId":"tenant-1"}"#)
        transport.expectAllRepliesUsed()
    }

    @Test func thePasswordPolicyIsAGetWithTheTenantInTheQuery() throws {
        let transport = ScriptedTransport()
        transport.reply(
            to: "passwordPolicy", method: "GET",
            .json(
                200,
                #"{"customStrengthOptions":{"minPasswordLength":8},"enforcementState":"ENFORCE","schemaVersion":1}"#))
        let policy = try BackendProbe(transport, apiKey: "k", tenantId: "t 1").backend.call(PasswordPolicyEndpoint())
        #expect(policy.isEnforced && policy.requirements(for: "short").map(\.met) == [false])
        let request = try #require(transport.requests.first)
        #expect(request.method == "GET" && request.sent.body.isEmpty && request.header("Content-Type") == nil)
        #expect(
            request.sent.url
                == "http://\(BackendProbe.emulatorHost)/identitytoolkit.googleapis.com/v2/passwordPolicy?key=k&tenantId=t%201"
        )
    }

    @Test func theSecureTokenBodyHasNoTenant() throws {
        let transport = ScriptedTransport()
        transport.reply(
            to: "token",
            .json(
                200,
                #"{"id_token":"ID","access_token":"ID","refresh_token":"RT2","expires_in":"3600","user_id":"U1","project_id":"p"}"#
            ))
        let probe = BackendProbe(transport, tenantId: "tenant-1")
        let response = try probe.backend.call(RefreshTokenEndpoint(refreshToken: "RT"))
        #expect(response.tokens.refreshToken == "RT2")
        let request = try #require(transport.requests.first)
        #expect(request.sent.url.hasPrefix("http://\(BackendProbe.emulatorHost)/securetoken.googleapis.com/v1/token?"))
        #expect(
            String(decoding: request.sent.body, as: UTF8.self) == #"{"grantType":"refresh_token","refreshToken":"RT"}"#)
    }

    @Test func errorAnswersAreMapped() throws {
        let transport = ScriptedTransport()
        transport.reply(to: "accounts:signUp", .firebaseError(400, "EMAIL_EXISTS"))
        transport.reply(to: "accounts:signInWithPassword", .firebaseError(400, "INVALID_PASSWORD"))
        let backend = BackendProbe(transport).backend
        #expect {
            try backend.call(SignUpEndpoint.emailPassword(email: "a@b.c", password: "secret-pw"))
        } throws: { error in
            let error = error as? FauthError
            return error?.code == .emailAlreadyInUse
                && error?.server == ServerDetail(status: 400, message: "EMAIL_EXISTS")
        }
        #expect {
            try backend.call(SignInWithPasswordEndpoint(email: "a@b.c", password: "secret-pw"))
        } throws: { error in
            (error as? FauthError)?.code == .wrongPassword
        }
        transport.expectAllRepliesUsed()
    }

    @Test func aRedirectIsNotFollowedAndItsKeyIsRedacted() throws {
        let transport = ScriptedTransport()
        transport.reply(
            to: "accounts:lookup",
            .response(TransportResponse(status: 307, headers: [("Location", "/elsewhere?key=SECRET-KEY")])))
        let backend = BackendProbe(transport, apiKey: "SECRET-KEY").backend
        do {
            _ = try backend.call(LookupEndpoint(idToken: "ID"))
            Issue.record("a redirect was followed")
        } catch {
            #expect(error.code == .internalError)
            #expect(error.server?.status == 307)
            #expect(error.message.contains("307"))
            #expect(error.message.contains("/elsewhere?key=REDACTED"))
            #expect(!error.message.contains("SECRET-KEY"))
        }
        #expect(transport.requests.map(\.endpoint) == ["accounts:lookup"])
    }

    @Test func anIdpSoftErrorIsMapped() throws {
        let transport = ScriptedTransport()
        transport.reply(
            to: "accounts:signInWithIdp",
            .json(
                200,
                #"{"kind":"identitytoolkit#VerifyAssertionResponse","providerId":"google.com","errorMessage":"FEDERATED_USER_ID_ALREADY_LINKED"}"#
            ))
        let backend = BackendProbe(transport).backend
        #expect {
            try backend.call(
                SignInWithIdpEndpoint(credential: IdpCredential(providerId: "google.com", idToken: "G"), idToken: "ID"))
        } throws: { error in
            (error as? FauthError)?.code == .credentialAlreadyInUse
        }
    }

    @Test func aSuccessThatIsNotJSONIsAnInternalError() throws {
        let transport = ScriptedTransport()
        transport.reply(
            to: "accounts:delete",
            .response(TransportResponse(status: 200, headers: [("Content-Type", "text/html")], body: bytes("<html>"))))
        let backend = BackendProbe(transport).backend
        #expect {
            try backend.call(DeleteAccountEndpoint(idToken: "ID"))
        } throws: { error in
            let error = error as? FauthError
            return error?.code == .internalError && error?.server?.status == 200
        }
    }

    @Test func aRefusedConnectionIsANetworkErrorWithTheCurlCode() throws {
        let transport = ScriptedTransport()
        transport.reply(
            to: "accounts:signUp",
            .failure(.connectionRefused(code: 7, message: "Failed to connect to 127.0.0.1 port 9099")))
        let probe = BackendProbe(transport, apiKey: "SECRET-KEY")
        do {
            _ = try probe.backend.call(SignUpEndpoint.anonymous())
            Issue.record("a call to a closed port succeeded")
        } catch {
            #expect(error.code == .networkError)
            #expect(error.underlying?.domain == "curl")
            #expect(error.underlying?.code == 7)
        }
        #expect(probe.attempts == 1)
        #expect(probe.sleeps.values.isEmpty)
    }

    @Test func aTimeoutIsANetworkErrorAndNotRetriedPastTheDeadline() throws {
        let transport = ScriptedTransport()
        transport.reply(
            to: "accounts:lookup", .failure(.timedOut(code: 28, message: "Operation timed out after 300 milliseconds")))
        let probe = BackendProbe(transport, timeout: 0.3)  // shorter than the first back-off (0.5 s)
        #expect {
            try probe.backend.call(LookupEndpoint(idToken: "ID"))
        } throws: { error in
            let error = error as? FauthError
            return error?.code == .networkError && error?.underlying?.code == 28
        }
        #expect(probe.attempts == 1)
        #expect(probe.sleeps.values.isEmpty)
    }

    @Test func theTraceRedactsTheKeyAndShowsNoBody() throws {
        let transport = ScriptedTransport()
        transport.reply(to: "accounts:lookup", lookupAnswer)
        let probe = BackendProbe(transport, apiKey: "SECRET-KEY")
        _ = try probe.backend.call(LookupEndpoint(idToken: "ID-TOKEN-VALUE"))
        let lines = probe.trace.values
        #expect(lines.count == 2)
        #expect(
            lines.first
                == "POST http://\(BackendProbe.emulatorHost)/identitytoolkit.googleapis.com/v1/accounts:lookup?key=REDACTED"
        )
        let answer = try #require(lines.last)
        #expect(answer.hasPrefix("→ 200 in ") && answer.hasSuffix(" ms"))
        for line in lines {
            #expect(!line.contains("SECRET-KEY"))
            #expect(!line.contains("ID-TOKEN-VALUE"))
            #expect(!line.contains("a@b.c"))
        }
    }

    @Test(arguments: ["1", "e", "k", "127.0.0.1"])
    func aShortKeyDoesNotMangleTheHostOrTheCause(apiKey: String) throws {
        let transport = ScriptedTransport()
        let curlWords = "Failed to connect to 127.0.0.1 port 9099 after 0 ms: Connection refused"
        transport.reply(to: "accounts:lookup", .failure(.connectionRefused(code: 7, message: curlWords)))
        let probe = BackendProbe(transport, apiKey: apiKey, timeout: 0.1)
        let error = try #require(fauthError { _ = try probe.backend.call(LookupEndpoint(idToken: "ID")) })
        #expect(
            error.message
                == "Cannot connect to 127.0.0.1:9099: connection refused (nothing listens there, or it is unreachable)."
        )
        #expect(error.underlying?.message == curlWords)
        #expect(probe.trace.values.contains { $0.hasSuffix(": " + curlWords) })
        #expect(probe.trace.values.first?.hasSuffix("?key=REDACTED") == true)
    }

    @Test func theKeyIsRedactedWhereverAURLCarriesIt() throws {
        let transport = ScriptedTransport()
        let location = "https://elsewhere.example/key/e?x=e&key=e&key=k%2By#e"
        transport.reply(
            to: "accounts:lookup", .response(TransportResponse(status: 302, headers: [("Location", location)])))
        let error = try #require(
            fauthError { _ = try BackendProbe(transport, apiKey: "e").backend.call(LookupEndpoint(idToken: "ID")) })
        #expect(
            error.message
                == "The server answered 302 (a redirect to https://elsewhere.example/key/e?x=e&key=REDACTED&key=REDACTED#e), which fauth does not follow."
        )
    }

    @Test func aTokenTheServerEchoesIsHiddenFromTheError() throws {
        let transport = ScriptedTransport()
        let token = "ya29.SECRET-GOOGLE-ID-TOKEN"
        transport.reply(
            to: "accounts:signInWithIdp",
            .firebaseError(400, "INVALID_IDP_RESPONSE : Unable to parse id_token: \(token)"))
        let credential = IdpCredential(providerId: "google.com", idToken: token)
        let error = try #require(
            fauthError { _ = try BackendProbe(transport).backend.call(SignInWithIdpEndpoint(credential: credential)) })
        #expect(error.code == .invalidCredential)
        #expect(error.message == "Unable to parse id_token: REDACTED")
        #expect(
            error.server
                == ServerDetail(status: 400, message: "INVALID_IDP_RESPONSE : Unable to parse id_token: REDACTED"))
    }

    @Test func aSoftErrorEchoingAPercentEncodedSecretHidesIt() throws {
        let transport = ScriptedTransport()
        let body =
            #"{"errorMessage":"ODD_ANSWER : bad postBody providerId=github.com&access_token=gho%2Fsecret&oauth_token_secret=s"}"#
        transport.reply(to: "accounts:signInWithIdp", .json(200, body))
        let credential = IdpCredential(providerId: "github.com", accessToken: "gho/secret", tokenSecret: "s")
        let error = try #require(
            fauthError {
                _ = try BackendProbe(transport).backend.call(
                    SignInWithIdpEndpoint(credential: credential, idToken: "ID"))
            })
        #expect(error.code == .internalError)
        #expect(
            error.server?.message
                == "ODD_ANSWER : bad postBody providerId=github.com&access_token=REDACTED&oauth_token_secret=REDACTED")
        #expect(!error.message.contains("gho"))
    }

    @Test func aShortSecretIsHiddenOnlyWhereItStandsAlone() throws {
        let transport = ScriptedTransport()
        transport.reply(
            to: "accounts:signInWithPassword",
            .firebaseError(400, "ODD_ANSWER : password ab for ab@b.c rejected (abc, cab, ab_1 kept)"))
        transport.reply(to: "accounts:signInWithPassword", .firebaseError(400, "INVALID_PASSWORD"))
        let backend = BackendProbe(transport).backend
        let odd = try #require(
            fauthError { _ = try backend.call(SignInWithPasswordEndpoint(email: "ab@b.c", password: "ab")) })
        #expect(odd.server?.message == "ODD_ANSWER : password REDACTED for REDACTED@b.c rejected (abc, cab, ab_1 kept)")
        // The code is mapped from the server's own words, and a secret inside a longer word stays.
        let wrong = try #require(
            fauthError { _ = try backend.call(SignInWithPasswordEndpoint(email: "ab@b.c", password: "PASSWORD")) })
        #expect(wrong.code == .wrongPassword && wrong.server?.message == "INVALID_PASSWORD")
    }

    @Test func aShortSecretDoesNotMangleATransportFailure() throws {
        let transport = ScriptedTransport()
        transport.reply(
            to: "accounts:signInWithPassword",
            .failure(.connectionRefused(code: 7, message: "Failed to connect to 127.0.0.1 port 9099")))
        let error = try #require(
            fauthError {
                _ = try BackendProbe(transport).backend.call(SignInWithPasswordEndpoint(email: "a@b.c", password: "1"))
            })
        #expect(error.message.hasPrefix("Cannot connect to 127.0.0.1:9099: "))
        #expect(error.underlying?.message == "Failed to connect to 127.0.0.1 port 9099")
    }
}
