import FauthJSON
import FauthText

extension MFAEnrollment {
    /// One factor as fauth shows it (the `second-factor-required` error, `mfa list`, `status`) and keeps it in the
    /// pending file: `{"uid", "factorId", "displayName", "phoneNumber", "enrolledAt"}`, the phone number masked.
    package var jsonObject: JSONValue {
        [
            "uid": .string(enrollmentId),
            "factorId": .string(factorId),
            "displayName": displayName.map { .string($0) } ?? .null,
            "phoneNumber": maskedPhoneNumber.map { .string($0) } ?? .null,
            "enrolledAt": enrolledAt.map { .string($0) } ?? .null,
        ]
    }

    /// The phone number with every digit but the last four replaced by `*` (`+15555550100` → `+*******0100`), as
    /// Firebase masks it in sign-in answers; a number the server already masked stays as it is.
    package var maskedPhoneNumber: String? {
        phoneNumber.map(PhoneNumberMask.masked)
    }
}
