import FauthJSON

extension MFAEnrollment {
    /// One factor as the `second-factor-required` error lists it: `{"uid", "factorId", "displayName", "phoneNumber", "enrolledAt"}`.
    var jsonObject: JSONValue {
        [
            "uid": .string(enrollmentId),
            "factorId": .string(factorId),
            "displayName": displayName.map { .string($0) } ?? .null,
            "phoneNumber": phoneNumber.map { .string($0) } ?? .null,
            "enrolledAt": enrolledAt.map { .string($0) } ?? .null,
        ]
    }
}
