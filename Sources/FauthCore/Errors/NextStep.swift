/// What a failure says to run next, for a front end to word as its own command (the command line writes the
/// command to type); the core's message states the failure without naming any command or option.
package enum NextStep: Sendable, Equatable {
    /// Ask for the SMS code of the second factor `enrollmentId` first.
    case sendSecondFactorCode(enrollmentId: String)
    /// Begin a second-factor enrollment (a phone or a TOTP app) first.
    case beginSecondFactorEnrollment
    /// Sign in (or reauthenticate) first.
    case signInFirst
    /// Begin the expired pending step again: as it began, with the same provider (and email) or kind of factor.
    case beginAgain(SecondFactorPurpose, providerId: String, email: String?, totp: Bool)
    /// Pick up what the server already did (`server-changed`): sign in to the account created, read the account
    /// changed, or remove the session of the account deleted.
    case recoverFrom(ServerChange)
}

/// What a pending second-factor step finishes.
package enum SecondFactorPurpose: String, Sendable {
    /// A sign-in (`fauth signin`): success starts the profile's session.
    case signIn = "signin"
    /// A reauthentication (`fauth reauth`): success gives the session's user new tokens.
    case reauth
    /// An enrollment (`fauth mfa enroll`): success adds the factor and gives new tokens.
    case enroll
}
