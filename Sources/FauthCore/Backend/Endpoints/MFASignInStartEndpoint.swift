import FauthJSON

/// `mfaSignIn:start` (Identity Toolkit v2): sends the SMS code of a phone factor for a pending sign-in.
package struct MFASignInStartEndpoint: Endpoint {
    /// The sign-in's `mfaPendingCredential`.
    package var pendingCredential: String
    /// The phone factor's enrollment id.
    package var enrollmentId: String

    /// Makes a start request.
    package init(pendingCredential: String, enrollmentId: String) {
        self.pendingCredential = pendingCredential
        self.enrollmentId = enrollmentId
    }

    /// Identity Toolkit v2.
    package static let service = Service.identityToolkitV2
    /// `accounts/mfaSignIn:start`.
    package static let path = "accounts/mfaSignIn:start"
    /// Not idempotent: every attempt sends an SMS.
    package static let isIdempotent = false

    /// `{mfaPendingCredential, mfaEnrollmentId, phoneSignInInfo: {}}`.
    package var body: JSONValue {
        [
            "mfaPendingCredential": .string(pendingCredential), "mfaEnrollmentId": .string(enrollmentId),
            "phoneSignInInfo": [:],
        ]
    }

    /// The pending credential.
    package var secrets: [String] { [pendingCredential] }

    /// The `sessionInfo` of the code sent (`phoneResponseInfo.sessionInfo`).
    package static func decode(_ json: JSONValue) throws(FauthError) -> String {
        let reader = try ResponseReader(json, endpoint: path)
        guard let info = try reader.object("phoneResponseInfo") else {
            throw ResponseReader.malformed(path, "\"phoneResponseInfo\" is missing")
        }
        return try info.nonEmptyString("sessionInfo")
    }
}
