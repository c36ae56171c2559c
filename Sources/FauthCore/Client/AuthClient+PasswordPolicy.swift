/// The project's password policy on the client, as the SDKs check it: fetched (`GET /v2/passwordPolicy`) and cached
/// beside the session, checked before a request that sets a password, fetched again when the server says a password
/// does not meet it.
extension AuthClient {
    /// The backend's policy: what the cache holds while it is fresh, else fetched (and cached); nil when the backend
    /// serves none (a server's error answer: Firebase's emulator's 501, a project without one; cached too) or one of a
    /// schema fauth does not read, and when no answer came (not cached). The policy only advises the client: the
    /// server enforces it, so its absence stops nothing.
    package func passwordPolicy(refetch: Bool = false) -> PasswordPolicy? {
        let cache = PasswordPolicyCache(beside: store, target: configuration.target)
        if !refetch, let cached = cache.read(now: now()) { return cached.policy }
        let policy: PasswordPolicy?
        do {
            let fetched = try backend.call(PasswordPolicyEndpoint())
            policy = fetched.schemaVersion == PasswordPolicy.supportedSchemaVersion ? fetched : nil
        } catch  where error.server != nil {
            policy = nil
        } catch {
            return nil
        }
        cache.write(policy, now: now())
        return policy
    }

    /// Runs `operation`, which sets `password` as a new password, under the project's policy: in enforce mode a
    /// password that misses a requirement is refused before any request (`password-does-not-meet-requirements`,
    /// naming each); in notify mode the operation runs and, once it succeeded, the unmet requirements go to `warn`.
    /// A server that refuses the password anyway has the policy fetched again, and its error lists the requirements.
    func underPasswordPolicy<T>(_ password: String, _ operation: () throws -> T) throws -> T {
        let requirements = passwordPolicy().map { ($0.isEnforced, $0.requirements(for: password)) }
        if let (enforced, requirements) = requirements, requirements.contains(where: { !$0.met }) {
            if enforced { throw Self.unmetPolicy(requirements, server: nil) }
        }
        let result: T
        do {
            result = try operation()
        } catch let error as FauthError where error.code == .passwordDoesNotMeetRequirements && error.server != nil {
            guard let policy = passwordPolicy(refetch: true) else { throw error }
            let requirements = policy.requirements(for: password)
            guard requirements.contains(where: { !$0.met }) else {
                var refused = error
                refused.requirements = requirements
                throw refused
            }
            throw Self.unmetPolicy(requirements, server: error.server)
        }
        if let (enforced, requirements) = requirements, !enforced, requirements.contains(where: { !$0.met }) {
            warn?(
                FauthWarning(
                    code: .passwordDoesNotMeetRequirements,
                    message: Self.policyMessage(requirements),
                    requirements: requirements))
        }
        return result
    }

    /// `password-does-not-meet-requirements` naming each unmet requirement, with all of them in `requirements`.
    private static func unmetPolicy(_ requirements: [PasswordRequirement], server: ServerDetail?) -> FauthError {
        var error = FauthError(.passwordDoesNotMeetRequirements, message: policyMessage(requirements), server: server)
        error.requirements = requirements
        return error
    }

    /// "The password does not meet the project's password policy: it needs at least 8 characters, a digit (0-9)."
    private static func policyMessage(_ requirements: [PasswordRequirement]) -> String {
        let unmet = requirements.filter { !$0.met }.map(\.summary)
        return "The password does not meet the project's password policy: it needs " + unmet.joined(separator: ", ")
            + "."
    }
}
