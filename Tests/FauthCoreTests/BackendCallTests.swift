import FauthCore
import FauthEmulator
import Testing

/// Backend.call with CurlTransport against a real server: what is sent, how answers and failures map.
@Suite struct BackendCallTests {
    @Test func sendsJSONWithHeadersKeyAndTenant() throws {
        let server = try LoopbackServer { _ in lookupAnswer }
        defer { server.stop() }
        let probe = BackendProbe(emulatorHost: server.hostAndPort, apiKey: "k+y/z", tenantId: "tenant-1")
        let response = try probe.backend.call(LookupEndpoint(idToken: "ID-TOKEN"))
        #expect(response.user.localId == "U1")
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/identitytoolkit.googleapis.com/v1/accounts:lookup")
        #expect(request.query == "key=k%2By%2Fz")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("X-Client-Version") == "fauth/\(FauthVersion.current)")
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"idToken":"ID-TOKEN","tenantId":"tenant-1"}"#)
    }

    @Test func theSecureTokenBodyHasNoTenant() throws {
        let server = try LoopbackServer { _ in
            json(200, #"{"id_token":"ID","access_token":"ID","refresh_token":"RT2","expires_in":"3600","user_id":"U1","project_id":"p"}"#)
        }
        defer { server.stop() }
        let probe = BackendProbe(emulatorHost: server.hostAndPort, tenantId: "tenant-1")
        let response = try probe.backend.call(RefreshTokenEndpoint(refreshToken: "RT"))
        #expect(response.tokens.refreshToken == "RT2")
        let request = try #require(server.requests.first)
        #expect(request.path == "/securetoken.googleapis.com/v1/token")
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"grantType":"refresh_token","refreshToken":"RT"}"#)
    }

    @Test func errorAnswersAreMapped() throws {
        let server = try LoopbackServer { request in
            request.path.hasSuffix("accounts:signUp") ? firebaseError(400, "EMAIL_EXISTS") : firebaseError(400, "INVALID_PASSWORD")
        }
        defer { server.stop() }
        let backend = BackendProbe(emulatorHost: server.hostAndPort).backend
        #expect {
            try backend.call(SignUpEndpoint.emailPassword(email: "a@b.c", password: "secret-pw"))
        } throws: { error in
            let error = error as? FauthError
            return error?.code == .emailAlreadyInUse && error?.server == ServerDetail(status: 400, message: "EMAIL_EXISTS")
        }
        #expect {
            try backend.call(SignInWithPasswordEndpoint(email: "a@b.c", password: "secret-pw"))
        } throws: { error in
            (error as? FauthError)?.code == .wrongPassword
        }
    }

    @Test func aRedirectIsNotFollowedAndItsKeyIsRedacted() throws {
        let server = try LoopbackServer { request in
            request.path == "/elsewhere"
                ? lookupAnswer
                : HTTPResponse(status: 307, headers: [("Location", "/elsewhere?key=SECRET-KEY")])
        }
        defer { server.stop() }
        let backend = BackendProbe(emulatorHost: server.hostAndPort, apiKey: "SECRET-KEY").backend
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
        #expect(server.requests.map(\.path) == ["/identitytoolkit.googleapis.com/v1/accounts:lookup"])
    }

    @Test func anIdpSoftErrorIsMapped() throws {
        let server = try LoopbackServer { _ in
            json(200, #"{"kind":"identitytoolkit#VerifyAssertionResponse","providerId":"google.com","errorMessage":"FEDERATED_USER_ID_ALREADY_LINKED"}"#)
        }
        defer { server.stop() }
        let backend = BackendProbe(emulatorHost: server.hostAndPort).backend
        #expect {
            try backend.call(SignInWithIdpEndpoint(credential: IdpCredential(providerId: "google.com", idToken: "G"), idToken: "ID"))
        } throws: { error in
            (error as? FauthError)?.code == .credentialAlreadyInUse
        }
    }

    @Test func aSuccessThatIsNotJSONIsAnInternalError() throws {
        let server = try LoopbackServer { _ in HTTPResponse(status: 200, headers: [("Content-Type", "text/html")], body: bytes("<html>")) }
        defer { server.stop() }
        let backend = BackendProbe(emulatorHost: server.hostAndPort).backend
        #expect {
            try backend.call(DeleteAccountEndpoint(idToken: "ID"))
        } throws: { error in
            let error = error as? FauthError
            return error?.code == .internalError && error?.server?.status == 200
        }
    }

    @Test func aRefusedConnectionIsANetworkErrorWithTheCurlCode() throws {
        let port = try closedLoopbackPort()
        let probe = BackendProbe(emulatorHost: "127.0.0.1:\(port)", apiKey: "SECRET-KEY")
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
        let gate = Gate()
        let server = try LoopbackServer { _ in
            gate.wait()
            return lookupAnswer
        }
        defer {
            gate.open()
            server.stop()
        }
        let probe = BackendProbe(emulatorHost: server.hostAndPort, timeout: 0.3)
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
        let server = try LoopbackServer { _ in lookupAnswer }
        defer { server.stop() }
        let probe = BackendProbe(emulatorHost: server.hostAndPort, apiKey: "SECRET-KEY")
        _ = try probe.backend.call(LookupEndpoint(idToken: "ID-TOKEN-VALUE"))
        let lines = probe.trace.values
        #expect(lines.count == 2)
        #expect(lines.first == "POST http://\(server.hostAndPort)/identitytoolkit.googleapis.com/v1/accounts:lookup?key=REDACTED")
        let answer = try #require(lines.last)
        #expect(answer.hasPrefix("→ 200 in ") && answer.hasSuffix(" ms"))
        for line in lines {
            #expect(!line.contains("SECRET-KEY"))
            #expect(!line.contains("ID-TOKEN-VALUE"))
            #expect(!line.contains("a@b.c"))
        }
    }
}
