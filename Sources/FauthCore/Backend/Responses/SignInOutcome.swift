/// What a sign-in call produced: a session, or a request for the second factor.
package enum SignInOutcome: Sendable, Equatable {
    /// The user is signed in with these tokens.
    case signedIn(SessionTokens)
    /// The account has second factors; the sign-in completes with `pendingCredential` and one of `enrollments`.
    case secondFactorRequired(pendingCredential: String, enrollments: [MFAEnrollment])

    /// The tokens, when signed in.
    package var tokens: SessionTokens? {
        if case .signedIn(let tokens) = self { return tokens }
        return nil
    }

    /// Reads the outcome of a sign-in response: its `mfaPendingCredential` when present, else its tokens, which must
    /// then both be there (`SessionTokens.read`).
    static func read(_ reader: ResponseReader) throws(FauthError) -> SignInOutcome {
        if let pendingCredential = try reader.optionalString("mfaPendingCredential"), !pendingCredential.isEmpty {
            return .secondFactorRequired(
                pendingCredential: pendingCredential, enrollments: try MFAEnrollment.readAll(reader))
        }
        return .signedIn(try SessionTokens.read(reader))
    }
}

extension MFAEnrollment {
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
