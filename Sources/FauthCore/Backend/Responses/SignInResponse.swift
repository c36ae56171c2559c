/// The answer to the plain sign-in calls: `accounts:signUp`, `accounts:signInWithPassword` and
/// `accounts:signInWithCustomToken` (one shape, so one type; `signInWithIdp` has its own).
public struct SignInResponse: Sendable, Equatable {
    /// The user's uid (absent from custom-token answers).
    public var localId: String?
    /// The account's email.
    public var email: String?
    /// The display name.
    public var displayName: String?
    /// Whether the call created the user (`isNewUser`; custom-token sign-in says so, sign-up always does).
    public var isNewUser: Bool
    /// The session or the second-factor challenge.
    public var outcome: SignInOutcome

    /// Makes a response from its parts.
    public init(
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
