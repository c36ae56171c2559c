import FauthText

/// A second factor enrolled on an account (`mfaInfo[]` of a lookup or of a sign-in that needs the second factor).
package struct MFAEnrollment: Sendable, Equatable {
    /// The enrollment's id (`mfaEnrollmentId`), which names the factor when completing a sign-in.
    package var enrollmentId: String
    /// The factor's display name.
    package var displayName: String?
    /// The phone number of an SMS factor (masked in sign-in responses).
    package var phoneNumber: String?
    /// Whether this is a TOTP factor (`totpInfo` present).
    package var isTOTP: Bool
    /// When the factor was enrolled, as the server wrote it (RFC 3339).
    package var enrolledAt: String?

    /// Makes an enrollment.
    package init(
        enrollmentId: String, displayName: String? = nil, phoneNumber: String? = nil, isTOTP: Bool = false,
        enrolledAt: String? = nil
    ) {
        self.enrollmentId = enrollmentId
        self.displayName = displayName
        self.phoneNumber = phoneNumber
        self.isTOTP = isTOTP
        self.enrolledAt = enrolledAt
    }

    /// The factor id as Firebase names it: `phone` or `totp`.
    package var factorId: String {
        isTOTP ? "totp" : "phone"
    }

    /// The phone number with every digit but the last four replaced by `*` (`+15555550100` → `+*******0100`), as
    /// Firebase masks it in sign-in answers; a number the server already masked stays as it is.
    package var maskedPhoneNumber: String? {
        phoneNumber.map(PhoneNumberMask.masked)
    }
}

/// For `second-factor-required`: the factors a sign-in can be finished with and, when its pending step was kept,
/// until when it can be.
package struct SecondFactorChallenge: Sendable, Equatable {
    /// The account's factors.
    package var factors: [MFAEnrollment]
    /// When the pending step is no longer kept; nil when none was kept.
    package var expiresAt: UnixTime?

    /// Makes the details.
    package init(factors: [MFAEnrollment], expiresAt: UnixTime? = nil) {
        self.factors = factors
        self.expiresAt = expiresAt
    }
}
