import FauthJSON

/// `accounts:update` with an `oobCode`: apply an email action code (verify the email, or change it to the new
/// address a `VERIFY_AND_CHANGE_EMAIL` code was sent to). No ID token: the code names the account.
package struct ApplyActionCodeEndpoint: Endpoint {
    /// The code from the email's action link.
    package var oobCode: String

    /// Makes a request.
    package init(oobCode: String) {
        self.oobCode = oobCode
    }

    /// Identity Toolkit v1.
    package static let service = Service.identityToolkitV1
    /// `accounts:update`.
    package static let path = "accounts:update"
    /// Not idempotent: the code is consumed.
    package static let isIdempotent = false

    /// `{oobCode}`.
    package var body: JSONValue {
        ["oobCode": .string(oobCode)]
    }

    /// The action code.
    package var secrets: [String] { [oobCode] }

    /// Decodes the account as the code left it.
    package static func decode(_ json: JSONValue) throws(FauthError) -> UpdateAccountResponse {
        try UpdateAccountResponse(ResponseReader(json, endpoint: path))
    }
}
