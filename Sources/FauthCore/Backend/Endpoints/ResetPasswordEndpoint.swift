import FauthJSON

/// `accounts:resetPassword`: check a password-reset code, or use it to set a new password.
public struct ResetPasswordEndpoint: Endpoint {
    /// The code from the reset email.
    public var oobCode: String
    /// The new password; nil only checks the code.
    public var newPassword: String?

    /// Makes a request.
    public init(oobCode: String, newPassword: String? = nil) {
        self.oobCode = oobCode
        self.newPassword = newPassword
    }

    /// Identity Toolkit v1.
    public static let service = Service.identityToolkitV1
    /// `accounts:resetPassword`.
    public static let path = "accounts:resetPassword"
    /// Not idempotent: the code is consumed.
    public static let isIdempotent = false

    /// `{oobCode, newPassword?}`.
    public var body: JSONValue {
        var object: JSONObject = ["oobCode": .string(oobCode)]
        object["newPassword"] = newPassword.map(JSONValue.string)
        return .object(object)
    }

    /// The action code and the new password.
    public var secrets: [String] { [oobCode] + [newPassword].compactMap { $0 } }

    /// Decodes the account's email and the code's purpose.
    public static func decode(_ json: JSONValue) throws(FauthError) -> ResetPasswordResponse {
        let reader = try ResponseReader(json, endpoint: path)
        return ResetPasswordResponse(
            email: try reader.optionalString("email"),
            requestType: try reader.optionalString("requestType"),
            newEmail: try reader.optionalString("newEmail"))
    }
}
