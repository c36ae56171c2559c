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

    /// Every entry of the response's `mfaInfo`, empty when absent.
    static func readAll(_ reader: ResponseReader) throws(FauthError) -> [MFAEnrollment] {
        var enrollments: [MFAEnrollment] = []
        for entry in try reader.objects("mfaInfo") {
            enrollments.append(
                MFAEnrollment(
                    enrollmentId: try entry.string("mfaEnrollmentId"),
                    displayName: try entry.optionalString("displayName"),
                    phoneNumber: try entry.optionalString("phoneInfo"),
                    isTOTP: entry.has("totpInfo"),
                    enrolledAt: try entry.optionalString("enrolledAt")))
        }
        return enrollments
    }
}
