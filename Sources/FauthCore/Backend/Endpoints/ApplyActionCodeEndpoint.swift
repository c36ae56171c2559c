import FauthJSON

/// `accounts:update` with an `oobCode`: apply an email action code (verify the email, or change it to the new
/// address a `VERIFY_AND_CHANGE_EMAIL` code was sent to). No ID token: the code names the account.
public struct ApplyActionCodeEndpoint: Endpoint {
    /// The code from the email's action link.
    public var oobCode: String

    /// Makes a request.
    public init(oobCode: String) {
        self.oobCode = oobCode
    }

    /// Identity Toolkit v1.
    public static let service = Service.identityToolkitV1
    /// `accounts:update`.
    public static let path = "accounts:update"
    /// Not idempotent: the code is consumed.
    public static let isIdempotent = false

    /// `{oobCode}`.
    public var body: JSONValue {
        ["oobCode": .string(oobCode)]
    }

    /// The action code.
    public var secrets: [String] { [oobCode] }

    /// Decodes the account as the code left it.
    public static func decode(_ json: JSONValue) throws(FauthError) -> UpdateAccountResponse {
        try UpdateAccountResponse(ResponseReader(json, endpoint: path))
    }
}
