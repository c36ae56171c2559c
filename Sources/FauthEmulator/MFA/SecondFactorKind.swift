import FauthJSON

/// The second factors the MFA routes handle.
enum SecondFactorKind: String, Sendable {
    case phone
    case totp

    /// The factor of a stored enrollment.
    init(_ enrollment: MFAEnrollment) {
        self = enrollment.totpSharedSecret == nil ? .phone : .totp
    }
}

extension SecondFactorClaims {
    /// The claims of tokens issued after the second factor `enrollment`.
    init(_ enrollment: MFAEnrollment) {
        self.init(factor: SecondFactorKind(enrollment).rawValue, identifier: enrollment.mfaEnrollmentId)
    }
}
