import FauthJSON

/// What the fake IdP "returns" for a set of claims: the identity and the profile fields of the
/// `accounts:signInWithIdp` response (Firebase's `fakeFetchUserInfoFromIdp`).
struct IdpProfile: Sendable {
    /// The provider id, lower-cased.
    let providerId: String
    /// The IdP's user id (`sub`).
    let rawId: String
    /// The email, lower-cased.
    let email: String?
    /// Whether the IdP vouches for the email (`email_verified`, truthy).
    let emailVerified: Bool
    /// `name`.
    let displayName: String?
    /// `picture`.
    let photoUrl: String?
    /// `screen_name`.
    let screenName: String?
    /// `given_name` (google.com only).
    let firstName: String?
    /// `family_name` (google.com only).
    let lastName: String?
    /// `https://accounts.google.com/<sub>` for google.com, else the sub.
    let federatedId: String
    /// The JSON string of the user info the IdP would return.
    let rawUserInfo: String

    /// Reads the profile from `claims`, which hold a string `sub`.
    init(providerId: String, claims: JSONObject) {
        self.providerId = providerId
        rawId = claims["sub"]?.string ?? ""
        email = claims["email"].flatMap { JavaScriptTruthiness.isTruthy($0) ? $0.string?.lowercased() : nil }
        emailVerified = claims["email_verified"].map(JavaScriptTruthiness.isTruthy) ?? false
        displayName = claims["name"]?.string
        photoUrl = claims["picture"]?.string
        screenName = claims["screen_name"]?.string
        if providerId == "google.com" {
            firstName = claims["given_name"]?.string
            lastName = claims["family_name"]?.string
            federatedId = "https://accounts.google.com/\(rawId)"
            var scopes = "openid https://www.googleapis.com/auth/userinfo.profile"
            if email != nil { scopes += " https://www.googleapis.com/auth/userinfo.email" }
            var info: JSONObject = ["granted_scopes": .string(scopes), "id": .string(rawId)]
            info["name"] = displayName.map(JSONValue.string)
            info["given_name"] = firstName.map(JSONValue.string)
            info["family_name"] = lastName.map(JSONValue.string)
            info["verified_email"] = .bool(emailVerified)
            info["locale"] = "en"
            info["email"] = email.map(JSONValue.string)
            info["picture"] = photoUrl.map(JSONValue.string)
            rawUserInfo = JSONValue.object(info).serialized()
        } else {
            firstName = nil
            lastName = nil
            federatedId = rawId
            rawUserInfo = JSONValue.object(claims).serialized()
        }
    }

    /// The credential fields of the response, before any account decision (`kind` … `federatedId`).
    var responseFields: JSONObject {
        var fields: JSONObject = ["kind": "identitytoolkit#VerifyAssertionResponse", "context": "", "providerId": .string(providerId)]
        fields["displayName"] = displayName.map(JSONValue.string)
        fields["fullName"] = displayName.map(JSONValue.string)
        fields["screenName"] = screenName.map(JSONValue.string)
        fields["email"] = email.map(JSONValue.string)
        fields["emailVerified"] = .bool(emailVerified)
        fields["photoUrl"] = photoUrl.map(JSONValue.string)
        fields["firstName"] = firstName.map(JSONValue.string)
        fields["lastName"] = lastName.map(JSONValue.string)
        fields["rawUserInfo"] = .string(rawUserInfo)
        fields["federatedId"] = .string(federatedId)
        return fields
    }
}
