import FauthJSON

/// The second factors an admin or a signUp hands in (`mfaInfo[]`, `mfa.enrollments[]`), read as Firebase's emulator
/// reads them: every phone number checked, one factor per phone number (later duplicates are dropped), ids required
/// and unique, or freshly generated on account creation.
enum MFAEnrollmentList {
    /// The enrollments of `entries`; `generatingIds` ignores the ids sent (signUp), else each entry needs one.
    /// An entry keeps the `enrolledAt` it was sent with, else that of the user's enrollment with the same id, else now.
    static func parse(
        _ entries: [JSONValue], generatingIds: Bool, existing: [MFAEnrollment],
        nowMillis: Int
    ) throws(APIError) -> [MFAEnrollment] {
        var enrollments: [MFAEnrollment] = []
        for entry in entries {
            let phone = entry["phoneInfo"]?.string ?? ""
            try ensure(isValidPhoneNumber(phone), "INVALID_MFA_PHONE_NUMBER : Invalid format.")
            if enrollments.contains(where: { $0.phoneInfo == phone }) { continue }
            var id = entry["mfaEnrollmentId"]?.string ?? ""
            if generatingIds {
                repeat { id = RandomID.alphanumeric(count: 28) } while enrollments.contains { $0.mfaEnrollmentId == id }
            }
            try ensure(!id.isEmpty, "INVALID_MFA_ENROLLMENT_ID : mfaEnrollmentId must be defined.")
            try ensure(!enrollments.contains { $0.mfaEnrollmentId == id }, "DUPLICATE_MFA_ENROLLMENT_ID")
            let enrolledAt =
                entry["enrolledAt"]?.string ?? existing.first { $0.mfaEnrollmentId == id }?.enrolledAt
                ?? Timestamp.iso8601(millis: nowMillis)
            enrollments.append(
                MFAEnrollment(
                    mfaEnrollmentId: id, displayName: entry["displayName"]?.string, phoneInfo: phone,
                    totpSharedSecret: nil, enrolledAt: enrolledAt))
        }
        return enrollments
    }
}
