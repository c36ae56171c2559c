/// The answer to the plain sign-in calls: `accounts:signUp`, `accounts:signInWithPassword` and
/// `accounts:signInWithCustomToken` (one shape, so one type; `signInWithIdp` has its own).
package struct SignInResponse: Sendable, Equatable {
    /// The user's uid (absent from custom-token answers).
    package var localId: String?
    /// The account's email.
    package var email: String?
    /// The display name.
    package var displayName: String?
    /// Whether the call created the user (`isNewUser`; custom-token sign-in says so, sign-up always does).
    package var isNewUser: Bool
    /// The session or the second-factor challenge.
    package var outcome: SignInOutcome

    /// Makes a response from its parts.
    package init(
        localId: String? = nil, email: String? = nil, displayName: String? = nil, isNewUser: Bool = false,
        outcome: SignInOutcome
    ) {
        self.localId = localId
        self.email = email
        self.displayName = displayName
        self.isNewUser = isNewUser
        self.outcome = outcome
    }

    /// Reads a sign-in answer; no tokens and no second-factor challenge is `invalid-user-token`.
    init(_ reader: ResponseReader) throws(FauthError) {
        self.init(
            localId: try reader.optionalString("localId"),
            email: try reader.optionalString("email"),
            displayName: try reader.optionalString("displayName"),
            isNewUser: try reader.bool("isNewUser"),
            outcome: try SignInOutcome.read(reader))
    }
}
