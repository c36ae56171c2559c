/// The answer to `accounts:signInWithIdp` (without `errorMessage`: that one is thrown).
public struct SignInWithIdpResponse: Sendable, Equatable {
    /// The provider signed in with.
    public var providerId: String?
    /// The user's uid.
    public var localId: String?
    /// The email the provider gave (or, with `needConfirmation`, the existing account's email).
    public var email: String?
    /// Whether the provider verified the email.
    public var emailVerified: Bool
    /// The display name.
    public var displayName: String?
    /// The photo URL.
    public var photoUrl: String?
    /// The user's federated id at the provider.
    public var federatedId: String?
    /// Whether the call created the user.
    public var isNewUser: Bool
    /// True when an account with this email exists and must be signed in to another way first.
    public var needConfirmation: Bool
    /// With `needConfirmation`: the providers the existing account can sign in with.
    public var verifiedProvider: [String]
    /// The session or the second-factor challenge; nil only when `needConfirmation` is true and no tokens came.
    public var outcome: SignInOutcome?

    /// Makes a response from its parts.
    public init(
        providerId: String? = nil, localId: String? = nil, email: String? = nil, emailVerified: Bool = false,
        displayName: String? = nil, photoUrl: String? = nil, federatedId: String? = nil, isNewUser: Bool = false,
        needConfirmation: Bool = false, verifiedProvider: [String] = [], outcome: SignInOutcome?
    ) {
        self.providerId = providerId
        self.localId = localId
        self.email = email
        self.emailVerified = emailVerified
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.federatedId = federatedId
        self.isNewUser = isNewUser
        self.needConfirmation = needConfirmation
        self.verifiedProvider = verifiedProvider
        self.outcome = outcome
    }

    /// Reads the answer; without `needConfirmation`, no tokens and no second-factor challenge is `invalid-user-token`.
    init(_ reader: ResponseReader) throws(FauthError) {
        let needConfirmation = try reader.bool("needConfirmation")
        let outcome: SignInOutcome?
        if needConfirmation, try SessionTokens.readIfPresent(reader) == nil, !reader.has("mfaPendingCredential") {
            outcome = nil
        } else {
            outcome = try SignInOutcome.read(reader)
        }
        self.init(
            providerId: try reader.optionalString("providerId"),
            localId: try reader.optionalString("localId"),
            email: try reader.optionalString("email"),
            emailVerified: try reader.bool("emailVerified"),
            displayName: try reader.optionalString("displayName"),
            photoUrl: try reader.optionalString("photoUrl"),
            federatedId: try reader.optionalString("federatedId"),
            isNewUser: try reader.bool("isNewUser"),
            needConfirmation: needConfirmation,
            verifiedProvider: try reader.strings("verifiedProvider"),
            outcome: outcome)
    }
}
