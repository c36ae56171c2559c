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
    /// The JSON string of the user info the IdP would return (absent for SAML without attribute statements).
    let rawUserInfo: String?

    /// Reads the profile from `claims`, which hold a string `sub`, and for `saml.*` providers the SAMLResponse, if any
    /// (a `saml.*` email is always verified, with or without one).
    init(providerId: String, claims: JSONObject, samlResponse: JSONObject? = nil) {
        self.providerId = providerId
        rawId = claims["sub"]?.string ?? ""
        let claimedEmail = claims["email"].flatMap { JavaScriptTruthiness.isTruthy($0) ? $0.string?.lowercased() : nil }
        let isSaml = providerId.hasPrefix("saml.")
        if isSaml {
            let nameId = samlResponse?["assertion"]?["subject"]?["nameId"]?.string
            email = nameId.flatMap { isValidEmail($0) ? $0 : nil } ?? claimedEmail
            emailVerified = true
        } else {
            email = claimedEmail
            emailVerified = claims["email_verified"].map(JavaScriptTruthiness.isTruthy) ?? false
        }
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
        } else if isSaml {
            firstName = nil
            lastName = nil
            federatedId = rawId
            rawUserInfo = samlResponse?["assertion"]?["attributeStatements"]?.serialized()
        } else {
            firstName = nil
            lastName = nil
            federatedId = rawId
            rawUserInfo = JSONValue.object(claims).serialized()
        }
    }

    /// The credential fields of the response, before any account decision (`kind` … `federatedId`).
    var responseFields: JSONObject {
        var fields: JSONObject = [
            "kind": "identitytoolkit#VerifyAssertionResponse", "context": "", "providerId": .string(providerId),
        ]
        fields["displayName"] = displayName.map(JSONValue.string)
        fields["fullName"] = displayName.map(JSONValue.string)
        fields["screenName"] = screenName.map(JSONValue.string)
        fields["email"] = email.map(JSONValue.string)
        fields["emailVerified"] = .bool(emailVerified)
        fields["photoUrl"] = photoUrl.map(JSONValue.string)
        fields["firstName"] = firstName.map(JSONValue.string)
        fields["lastName"] = lastName.map(JSONValue.string)
        fields["rawUserInfo"] = rawUserInfo.map(JSONValue.string)
        fields["federatedId"] = .string(federatedId)
        return fields
    }
}

extension IdpProfile {
    /// The `providerUserInfo` entry for this IdP identity (its federatedId is the raw sub, as in production).
    var providerUserInfo: ProviderUserInfo {
        var info = ProviderUserInfo(providerId: providerId, rawId: rawId, federatedId: rawId)
        info.displayName = displayName
        info.photoUrl = photoUrl
        info.email = email
        info.screenName = screenName
        return info
    }

    /// Overwrites the user's profile with the IdP's values (an absent value clears the field).
    func applyProfile(to user: inout UserRecord) {
        user.displayName = displayName
        user.photoUrl = photoUrl
        user.screenName = screenName
    }
}
