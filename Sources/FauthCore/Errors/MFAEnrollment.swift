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
}
