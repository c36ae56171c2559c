import FauthEmulator
import Foundation
import Testing
@testable import FauthCore

/// The client operations as a library: AuthClient against a real emulator over loopback, in one process.
@Suite struct AuthClientTests {
    final class Harness {
        let emulator = AuthEmulator(projectId: "demo-fauth")
        let server: LoopbackServer
        let folder = TemporaryFolder()

        init() throws {
            let emulator = self.emulator
            server = try LoopbackServer { emulator.handle($0) }
        }

        deinit { server.stop() }

        func client(profile: String = "default", now: @escaping @Sendable () -> Date = { Date() }) throws -> AuthClient {
            let configuration = try ConfigurationResolver.resolve(
                flags: ConfigurationInputs(emulatorHost: server.hostAndPort), environment: [:], session: nil)
            return AuthClient(configuration: configuration, store: SessionStore(path: folder.file("\(profile).json")),
                              transport: CurlTransport(), now: now)
        }

        func requests(_ suffix: String) -> Int {
            server.requests.filter { $0.path.hasSuffix(suffix) }.count
        }
    }

    @Test func signUpWritesASessionThatTokenReadsWithoutARequest() throws {
        let harness = try Harness()
        let client = try harness.client()
        let result = try client.signUp(email: "lib@example.com", password: "secret123")
        #expect(result.isNewUser && result.providerId == "password")
        let stored = try #require(try client.store.load())
        #expect(stored.user.uid == result.user.uid && stored.user.providers == result.user.providers)
        #expect(stored.project.emulatorHost == harness.server.hostAndPort)
        #expect(stored.project.projectId == "demo-fauth")
        #expect(stored.authTime != nil)
        let before = harness.server.requests.count
        let token = try client.idToken(forceRefresh: false)
        #expect(token.token == stored.idToken)
        #expect(harness.server.requests.count == before)
    }

    @Test func aTokenWithinFiveMinutesOfExpiryIsRefreshedOnce() throws {
        let harness = try Harness()
        _ = try harness.client().signUp(email: "clock@example.com", password: "secret123")
        let later = try harness.client(now: { Date().addingTimeInterval(3600 - 200) })
        let first = try later.idToken(forceRefresh: false)
        #expect(harness.requests("/token") == 1)
        let stored = try #require(try later.store.load())
        #expect(stored.idToken == first.token)
        #expect(stored.expiresAt > Date().addingTimeInterval(3600))
        _ = try later.idToken(forceRefresh: false)
        #expect(harness.requests("/token") == 1, "the refreshed token is fresh for the clock that made it")
    }

    @Test func linkAndReauthRefuseCredentialsThatSignInAnotherUser() throws {
        let harness = try Harness()
        let client = try harness.client()
        _ = try client.signUp(email: "guard@example.com", password: "secret123")
        let before = harness.server.requests.count
        for credential in [Credential.anonymous, .customToken(#"{"uid":"x"}"#)] {
            #expect(throws: FauthError(.usage, message: "link takes an email and password or a provider credential.")) {
                try client.link(credential)
            }
            #expect(throws: FauthError.self) { try client.reauthenticate(with: credential) }
        }
        #expect(harness.server.requests.count == before)
    }

    @Test func aDeadSessionIsRemovedOnlyWhenTheServerSaysSo() throws {
        let harness = try Harness()
        let client = try harness.client()
        _ = try client.signUp(email: "dead@example.com", password: "secret123")
        #expect(throws: FauthError.self) { try client.unlink(providerId: "google.com") }
        #expect(try client.store.load() != nil, "a local no-such-provider keeps the session")
        _ = harness.emulator.handle(HTTPRequest(method: "DELETE", path: "/emulator/v1/projects/demo-fauth/accounts"))
        let error = #expect(throws: FauthError.self) { try client.providers() }
        #expect(error?.code == .userNotFound)
        #expect(error?.message.contains("session was removed") == true)
        #expect(try client.store.load() == nil)
    }

    @Test func providerCredentialsAreCheckedBeforeAnyRequest() {
        #expect(throws: FauthError.self) { try IdpCredential(providerId: "twitter.com", accessToken: "a").validate() }
        #expect(throws: FauthError.self) { try IdpCredential(providerId: "Google.com", idToken: "a").validate() }
        #expect(throws: FauthError.self) { try IdpCredential(providerId: "password", idToken: "a").validate() }
        #expect(throws: Never.self) { try IdpCredential(providerId: "oidc.corp", idToken: "a").validate() }
        #expect(throws: Never.self) { try IdpCredential(providerId: "github.com", accessToken: "a").validate() }
    }
}
