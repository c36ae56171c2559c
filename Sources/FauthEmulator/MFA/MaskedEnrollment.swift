import FauthJSON

extension EmulatorState {
    /// An enrollment as sign-in responses show it: the phone number masked as `+*******0100`.
    func maskedEnrollment(_ enrollment: MFAEnrollment) -> JSONObject {
        var object: JSONObject = ["mfaEnrollmentId": .string(enrollment.mfaEnrollmentId)]
        if let name = enrollment.displayName { object["displayName"] = .string(name) }
        if let phone = enrollment.phoneInfo { object["phoneInfo"] = .string(Self.maskedPhoneNumber(phone)) }
        if enrollment.totpSharedSecret != nil { object["totpInfo"] = .object([:]) }
        object["enrolledAt"] = .string(enrollment.enrolledAt)
        return object
    }

    /// `+15555550100` → `+*******0100`, `+1 555-555-0100` → `+* ***-***-0100`: every digit but the last four
    /// becomes `*`; other characters are kept.
    static func maskedPhoneNumber(_ phone: String) -> String {
        var digitsSeen = 0
        let masked = phone.reversed().map { character -> Character in
            guard character.isASCII, character.isNumber else { return character }
            digitsSeen += 1
            return digitsSeen > 4 ? "*" : character
        }
        return String(masked.reversed())
    }
}
