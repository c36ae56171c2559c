import FauthJSON
import FauthText

extension EmulatorState {
    /// An enrollment as sign-in responses show it: the phone number masked as `+*******0100`.
    func maskedEnrollment(_ enrollment: MFAEnrollment) -> JSONObject {
        var object: JSONObject = ["mfaEnrollmentId": .string(enrollment.mfaEnrollmentId)]
        if let name = enrollment.displayName { object["displayName"] = .string(name) }
        if let phone = enrollment.phoneInfo { object["phoneInfo"] = .string(PhoneNumberMask.masked(phone)) }
        if enrollment.totpSharedSecret != nil { object["totpInfo"] = .object([:]) }
        object["enrolledAt"] = .string(enrollment.enrolledAt)
        return object
    }
}
