/// A second-factor step the profile has begun and a later command finishes (`fauth mfa verify`, `fauth mfa enroll
/// --code`): a first-factor sign-in or reauthentication that the server answered with `mfaPendingCredential`, or an
/// enrollment started with `mfaEnrollment:start`. Kept in the pending file beside the session
/// (`PendingSecondFactorFile`), never printed: the pending credential and the session info are secrets.
package struct PendingSecondFactor: Sendable, Equatable {
    /// How long a pending step is kept: ten minutes, the lifetime Firebase gives a pending credential and a started
    /// enrollment; after that the first step must be run again.
    package static let lifetime: Double = 600

    /// What the step finishes.
    package typealias Purpose = SecondFactorPurpose

    /// What the step finishes.
    package var purpose: Purpose
    /// The project settings of the first step, so that the second goes to the same backend target.
    package var project: ProjectSettings
    /// When the step is no longer kept.
    package var expiresAt: UnixTime
    /// The server's `mfaPendingCredential` (sign-in and reauth; empty for an enrollment).
    package var pendingCredential: String
    /// The account's factors (sign-in and reauth), or the one factor being enrolled (its id empty).
    package var factors: [MFAEnrollment]
    /// The first factor's provider (`password`, `google.com`, …).
    package var providerId: String
    /// The email the first factor used, when it used one (to name the command to run again).
    package var email: String?
    /// The user who must finish: the session's user for reauth and enrollment.
    package var uid: String?
    /// Whether the first step created the account.
    package var isNewUser: Bool
    /// The `sessionInfo` of the SMS code sent (`mfaSignIn:start`) or of the enrollment started.
    package var sessionInfo: String?
    /// The factor the SMS code went to (sign-in and reauth).
    package var codeSentTo: String?

    /// Makes a pending step.
    package init(
        purpose: Purpose, project: ProjectSettings, expiresAt: UnixTime, pendingCredential: String = "",
        factors: [MFAEnrollment], providerId: String, email: String? = nil, uid: String? = nil,
        isNewUser: Bool = false, sessionInfo: String? = nil, codeSentTo: String? = nil
    ) {
        self.purpose = purpose
        self.project = project
        self.expiresAt = expiresAt
        self.pendingCredential = pendingCredential
        self.factors = factors
        self.providerId = providerId
        self.email = email
        self.uid = uid
        self.isNewUser = isNewUser
        self.sessionInfo = sessionInfo
        self.codeSentTo = codeSentTo
    }

    /// The factor with this enrollment id.
    package func factor(_ enrollmentId: String) -> MFAEnrollment? {
        factors.first { $0.enrollmentId == enrollmentId }
    }
}

extension PendingSecondFactor {
    /// The step that begins this one again.
    package var beginAgain: NextStep {
        .beginAgain(purpose, providerId: providerId, email: email, totp: factors.first?.isTOTP == true)
    }
}
