/// The answer to `accounts:signInWithIdp` (without `errorMessage`: that one is thrown).
package struct SignInWithIdpResponse: Sendable, Equatable {
    /// The provider signed in with.
    package var providerId: String?
    /// The user's uid.
    package var localId: String?
    /// The email the provider gave (or, with `needConfirmation`, the existing account's email).
    package var email: String?
    /// Whether the provider verified the email.
    package var emailVerified: Bool
    /// The display name.
    package var displayName: String?
    /// The photo URL.
    package var photoUrl: String?
    /// The user's federated id at the provider.
    package var federatedId: String?
    /// Whether the call created the user.
    package var isNewUser: Bool
    /// True when an account with this email exists and must be signed in to another way first.
    package var needConfirmation: Bool
    /// With `needConfirmation`: the providers the existing account can sign in with.
    package var verifiedProvider: [String]
    /// The session or the second-factor challenge; nil only when `needConfirmation` is true and no tokens came.
    package var outcome: SignInOutcome?

    /// Makes a response from its parts.
    package init(
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
