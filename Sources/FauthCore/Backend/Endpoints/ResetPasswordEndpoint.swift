import FauthJSON

/// `accounts:resetPassword`: check a password-reset code, or use it to set a new password.
package struct ResetPasswordEndpoint: Endpoint {
    /// The code from the reset email.
    package var oobCode: String
    /// The new password; nil only checks the code.
    package var newPassword: String?

    /// Makes a request.
    package init(oobCode: String, newPassword: String? = nil) {
        self.oobCode = oobCode
        self.newPassword = newPassword
    }

    /// Identity Toolkit v1.
    package static let service = Service.identityToolkitV1
    /// `accounts:resetPassword`.
    package static let path = "accounts:resetPassword"
    /// Not idempotent: the code is consumed.
    package static let isIdempotent = false

    /// `{oobCode, newPassword?}`.
    package var body: JSONValue {
        var object: JSONObject = ["oobCode": .string(oobCode)]
        object["newPassword"] = newPassword.map(JSONValue.string)
        return .object(object)
    }

    /// The action code and the new password.
    package var secrets: [String] { [oobCode] + [newPassword].compactMap { $0 } }

    /// Decodes the account's email and the code's purpose.
    package static func decode(_ json: JSONValue) throws(FauthError) -> ResetPasswordResponse {
        let reader = try ResponseReader(json, endpoint: path)
        return ResetPasswordResponse(
            email: try reader.optionalString("email"),
            requestType: try reader.optionalString("requestType"),
            newEmail: try reader.optionalString("newEmail"))
    }
}
