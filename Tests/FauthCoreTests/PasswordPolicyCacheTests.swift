import FauthCore
import FauthTestSupport
import Testing

/// What the client remembers of a backend's password policy between commands.
@Suite struct PasswordPolicyCacheTests {
    private func makeClient(_ transport: ScriptedTransport, _ folder: TemporaryFolder) throws -> AuthClient {
        let configuration = try ConfigurationResolver.resolve(
            flags: ConfigurationInputs(emulatorHost: BackendProbe.emulatorHost), environment: [:], session: nil)
        return AuthClient(
            configuration: configuration, store: SessionStore(path: folder.file("s.json")), transport: transport)
    }

    @Test func aBackendThatServesNoPolicyIsAskedOnceNotBeforeEveryCommand() throws {
        let transport = ScriptedTransport()
        let folder = TemporaryFolder()
        FakeAccount().scriptSignUp(on: transport)  // the policy request answered 501, as Firebase's emulator does
        let client = try makeClient(transport, folder)
        _ = try client.signUp(email: "ada@example.com", password: "secret123")
        #expect(client.passwordPolicy() == nil)
        #expect(try makeClient(transport, folder).passwordPolicy() == nil, "another process reads the cached answer")
        #expect(transport.requests(to: "passwordPolicy").count == 1)
        transport.expectAllRepliesUsed()
    }

    @Test func noAnswerAtAllIsNotCached() throws {
        let transport = ScriptedTransport()
        let folder = TemporaryFolder()
        transport.reply(
            to: "passwordPolicy", method: "GET",
            .failure(.certificate(.untrusted, code: 60, message: "certificate not trusted")))
        let client = try makeClient(transport, folder)
        #expect(client.passwordPolicy() == nil)
        transport.reply(
            to: "passwordPolicy", method: "GET",
            .json(
                200,
                #"{"customStrengthOptions":{"minPasswordLength":8},"enforcementState":"ENFORCE","schemaVersion":1}"#))
        #expect(client.passwordPolicy()?.isEnforced == true, "asked again after a failure that was no answer")
        #expect(client.passwordPolicy()?.isEnforced == true)
        #expect(transport.requests(to: "passwordPolicy").count == 2)
        transport.expectAllRepliesUsed()
    }
}
