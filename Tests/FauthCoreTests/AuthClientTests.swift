import FauthTestSupport
import Foundation
import Testing

@testable import FauthCore

/// The client operations as a library: AuthClient on the scripted transport, in one process.
@Suite struct AuthClientTests {
    final class Harness {
        let transport = ScriptedTransport()
        let folder = TemporaryFolder()
        let account = FakeAccount()

        func client(profile: String = "default", now: @escaping @Sendable () -> UnixTime = { UnixTime.now() }) throws
            -> AuthClient
        {
            let configuration = try ConfigurationResolver.resolve(
                flags: ConfigurationInputs(emulatorHost: BackendProbe.emulatorHost), environment: [:], session: nil)
            return AuthClient(
                configuration: configuration, store: SessionStore(path: folder.file("\(profile).json")),
                transport: transport, now: now)
        }

        func requests(_ endpoint: String) -> Int {
            transport.requests(to: endpoint).count
        }
    }

    @Test func signUpWritesASessionThatTokenReadsWithoutARequest() throws {
        let harness = Harness()
        harness.account.scriptSignUp(on: harness.transport)
        let client = try harness.client()
        let result = try client.signUp(email: "lib@example.com", password: "secret123")
        #expect(result.isNewUser && result.providerId == "password")
        let stored = try #require(try client.store.load())
        #expect(stored.user.uid == result.user.uid && stored.user.providers == result.user.providers)
        #expect(stored.project.target.server == .emulator(BackendProbe.emulatorHost))
        #expect(stored.project.target.projectId == "demo-fauth")
        #expect(stored.authTime != nil)
        let before = harness.transport.requests.count
        let token = try client.idToken(forceRefresh: false)
        #expect(token.token == stored.idToken)
        #expect(harness.transport.requests.count == before)
        harness.transport.expectAllRepliesUsed()
    }

    @Test func aTokenWithinFiveMinutesOfExpiryIsRefreshedOnce() throws {
        let harness = Harness()
        harness.account.scriptSignUp(on: harness.transport)
        _ = try harness.client().signUp(email: "clock@example.com", password: "secret123")
        harness.transport.reply(to: "token", harness.account.refreshReply(serial: 2))
        let later = try harness.client(now: { UnixTime.now().adding(seconds: 3600 - 200) })
        let first = try later.idToken(forceRefresh: false)
        #expect(harness.requests("token") == 1)
        let stored = try #require(try later.store.load())
        #expect(stored.idToken == first.token)
        #expect(stored.expiresAt > UnixTime.now().adding(seconds: 3600))
        _ = try later.idToken(forceRefresh: false)
        #expect(harness.requests("token") == 1, "the refreshed token is fresh for the clock that made it")
        harness.transport.expectAllRepliesUsed()
    }

    @Test func linkAndReauthRefuseCredentialsThatSignInAnotherUser() throws {
        let harness = Harness()
        harness.account.scriptSignUp(on: harness.transport)
        let client = try harness.client()
        _ = try client.signUp(email: "guard@example.com", password: "secret123")
        let before = harness.transport.requests.count
        for credential in [Credential.anonymous, .customToken(#"{"uid":"x"}"#)] {
            #expect(throws: FauthError(.usage, message: "link takes an email and password or a provider credential.")) {
                try client.link(credential)
            }
            #expect(throws: FauthError.self) { try client.reauthenticate(with: credential) }
        }
        #expect(harness.transport.requests.count == before)
    }

    @Test func aDeadSessionIsRemovedOnlyWhenTheServerSaysSo() throws {
        let harness = Harness()
        harness.account.scriptSignUp(on: harness.transport)
        let client = try harness.client()
        _ = try client.signUp(email: "dead@example.com", password: "secret123")
        harness.transport.reply(to: "accounts:lookup", harness.account.lookupReply())
        #expect(throws: FauthError.self) { try client.unlink(providerId: "google.com") }
        #expect(try client.store.load() != nil, "a local no-such-provider keeps the session")
        // The account was deleted.
        harness.transport.reply(to: "accounts:lookup", .firebaseError(400, "USER_NOT_FOUND"))
        let error = #expect(throws: FauthError.self) { try client.providers() }
        #expect(error?.code == .userNotFound)
        #expect(error?.message.contains("session was removed") == true)
        #expect(try client.store.load() == nil)
        harness.transport.expectAllRepliesUsed()
    }

    @Test func providerCredentialsAreCheckedBeforeAnyRequest() {
        #expect(throws: FauthError(.usage, message: "twitter.com needs an access token and a token secret.")) {
            try IdpCredential(providerId: "twitter.com", accessToken: "a").validate()
        }
        #expect(throws: FauthError.self) { try IdpCredential(providerId: "Google.com", idToken: "a").validate() }
        #expect(throws: FauthError.self) { try IdpCredential(providerId: "password", idToken: "a").validate() }
        #expect(throws: Never.self) { try IdpCredential(providerId: "oidc.corp", idToken: "a").validate() }
        #expect(throws: Never.self) { try IdpCredential(providerId: "github.com", accessToken: "a").validate() }
    }
}
