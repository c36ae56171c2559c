import FauthJSON

/// `accounts:sendOobCode`: send a password-reset, verification or sign-in email.
package struct SendOobCodeEndpoint: Endpoint {
    /// What the email is for.
    package var requestType: OobRequestType
    /// The address (password reset, sign-in link).
    package var email: String?
    /// The user's ID token (verification, email change).
    package var idToken: String?
    /// The new address (email change).
    package var newEmail: String?
    /// Where the link continues after the action, if anywhere.
    package var continueUrl: String?
    /// Whether the link is to be completed by an app (a sign-in link must be: `canHandleCodeInApp`).
    package var canHandleCodeInApp: Bool

    /// Makes a request; see also the factory functions.
    package init(
        requestType: OobRequestType, email: String? = nil, idToken: String? = nil, newEmail: String? = nil,
        continueUrl: String? = nil,
        canHandleCodeInApp: Bool = false
    ) {
        self.requestType = requestType
        self.email = email
        self.idToken = idToken
        self.newEmail = newEmail
        self.continueUrl = continueUrl
        self.canHandleCodeInApp = canHandleCodeInApp
    }

    /// Sends a password-reset email to `email`.
    package static func passwordReset(email: String) -> SendOobCodeEndpoint {
        SendOobCodeEndpoint(requestType: .passwordReset, email: email)
    }

    /// Sends a verification email to the user of `idToken`.
    package static func verifyEmail(idToken: String) -> SendOobCodeEndpoint {
        SendOobCodeEndpoint(requestType: .verifyEmail, idToken: idToken)
    }

    /// Sends a sign-in link to `email`, completed by the client (`canHandleCodeInApp`), as the SDK's `sendSignInLink`.
    package static func emailSignIn(email: String, continueUrl: String?) -> SendOobCodeEndpoint {
        SendOobCodeEndpoint(requestType: .emailSignIn, email: email, continueUrl: continueUrl, canHandleCodeInApp: true)
    }

    /// Identity Toolkit v1.
    package static let service = Service.identityToolkitV1
    /// `accounts:sendOobCode`.
    package static let path = "accounts:sendOobCode"
    /// Not idempotent: every attempt sends an email.
    package static let isIdempotent = false

    /// `{requestType, email?, idToken?, newEmail?, continueUrl?, canHandleCodeInApp?}`.
    package var body: JSONValue {
        var object: JSONObject = ["requestType": .string(requestType.rawValue)]
        object["email"] = email.map(JSONValue.string)
        object["idToken"] = idToken.map(JSONValue.string)
        object["newEmail"] = newEmail.map(JSONValue.string)
        object["continueUrl"] = continueUrl.map(JSONValue.string)
        if canHandleCodeInApp { object["canHandleCodeInApp"] = true }
        return .object(object)
    }

    /// The ID token, when one is sent.
    package var secrets: [String] { [idToken].compactMap { $0 } }

    /// Decodes the address the email went to.
    package static func decode(_ json: JSONValue) throws(FauthError) -> SendOobCodeResponse {
        let reader = try ResponseReader(json, endpoint: path)
        return SendOobCodeResponse(email: try reader.optionalString("email"))
    }
}

/// What an out-of-band email sent by `accounts:sendOobCode` is for.
package enum OobRequestType: String, Sendable, Equatable, CaseIterable {
    /// A password reset (needs `email`).
    case passwordReset = "PASSWORD_RESET"
    /// Verify the user's email (needs `idToken`).
    case verifyEmail = "VERIFY_EMAIL"
    /// A sign-in link (needs `email`).
    case emailSignIn = "EMAIL_SIGNIN"
    /// Verify a new email, then change to it (needs `idToken` and `newEmail`).
    case verifyAndChangeEmail = "VERIFY_AND_CHANGE_EMAIL"
}
