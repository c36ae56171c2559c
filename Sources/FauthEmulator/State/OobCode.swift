import FauthJSON

/// An out-of-band code (email action link) the emulator issued and has not consumed.
struct OobCode: Sendable, Equatable {
    /// The 54-character code.
    var code: String
    /// `PASSWORD_RESET`, `VERIFY_EMAIL`, `VERIFY_AND_CHANGE_EMAIL`, `EMAIL_SIGNIN`, `RECOVER_EMAIL`.
    var requestType: String
    var email: String
    var newEmail: String?
    /// The full action link, as logged.
    var oobLink: String

    /// The entry as `GET /emulator/v1/projects/{p}/oobCodes` lists it.
    var json: JSONObject {
        var object: JSONObject = ["email": .string(email), "oobCode": .string(code), "oobLink": .string(oobLink)]
        object["requestType"] = .string(requestType)
        if let newEmail { object["newEmail"] = .string(newEmail) }
        return object
    }

    /// The `mode` query value of the action link for a request type.
    static func mode(for requestType: String) -> String {
        switch requestType {
        case "PASSWORD_RESET": return "resetPassword"
        case "VERIFY_EMAIL": return "verifyEmail"
        case "VERIFY_AND_CHANGE_EMAIL": return "verifyAndChangeEmail"
        case "EMAIL_SIGNIN": return "signIn"
        default: return "recoverEmail"
        }
    }
}

/// An SMS verification code the emulator "sent" (logged, listed under `/verificationCodes`).
struct VerificationCode: Sendable, Equatable {
    var code: String
    var phoneNumber: String
    var sessionInfo: String
    /// The MFA enrollment or sign-in this code belongs to, for the MFA routes; nil for phone sign-in.
    var mfaContext: JSONObject?

    /// The entry as `GET /emulator/v1/projects/{p}/verificationCodes` lists it.
    var json: JSONObject {
        ["code": .string(code), "phoneNumber": .string(phoneNumber), "sessionInfo": .string(sessionInfo)]
    }
}
