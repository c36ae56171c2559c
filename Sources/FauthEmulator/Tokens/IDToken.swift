import FauthJSON

/// The second factor a token was completed with (`firebase.sign_in_second_factor`, `second_factor_identifier`).
struct SecondFactorClaims: Sendable, Equatable {
    /// `phone` or `totp`.
    var factor: String
    /// The enrollment id.
    var identifier: String
}

/// An ID token that passed Firebase's checks, with the user it names.
struct ParsedIDToken: Sendable {
    /// The decoded payload.
    let payload: JSONObject
    /// The user (as stored when the token was parsed).
    let user: UserRecord
    /// `firebase.sign_in_provider`.
    let signInProvider: String
    /// `auth_time`, in seconds.
    let authTime: Int
}

/// ID tokens' claims as Firebase's emulator mints them (encoded by `UnsignedJWT` or `TokenSigner`), and their
/// decoding.
enum IDToken {
    /// The payload of any decodable JWT (three dot-separated parts, JSON object header and payload); nil otherwise.
    static func decodePayload(_ token: String) -> JSONObject? {
        JWTPayload.decode(token)
    }

    /// The claims of a new ID token for `user`, in Firebase's emulator's order.
    static func claims(
        for user: UserRecord, signInProvider: String, projectId: String, extraClaims: JSONObject,
        secondFactor: SecondFactorClaims?, signInAttributes: JSONValue? = nil, issuedAt: Int, lifetime: Int
    ) -> JSONObject {
        var claims = JSONObject()
        if let name = user.displayName { claims["name"] = .string(name) }
        if let picture = user.photoUrl { claims["picture"] = .string(picture) }
        if let custom = user.customAttributes.flatMap({ try? JSONValue.parse($0) })?.object {
            for (key, value) in custom { claims[key] = value }
        }
        for (key, value) in extraClaims { claims[key] = value }
        if let email = user.email { claims["email"] = .string(email) }
        if let verified = user.emailVerified { claims["email_verified"] = .bool(verified) }
        if let phone = user.phoneNumber { claims["phone_number"] = .string(phone) }
        if signInProvider == "anonymous" { claims["provider_id"] = "anonymous" }
        claims["auth_time"] = .number(Double((user.lastLoginAt ?? user.createdAt) / 1000))
        claims["user_id"] = .string(user.localId)
        var firebase: JSONObject = ["identities": .object(identities(of: user))]
        firebase["sign_in_provider"] = .string(signInProvider)
        if let secondFactor {
            firebase["sign_in_second_factor"] = .string(secondFactor.factor)
            firebase["second_factor_identifier"] = .string(secondFactor.identifier)
        }
        if let tenant = user.tenantId { firebase["tenant"] = .string(tenant) }
        if let signInAttributes { firebase["sign_in_attributes"] = signInAttributes }
        claims["firebase"] = .object(firebase)
        claims["iat"] = .number(Double(issuedAt))
        claims["exp"] = .number(Double(issuedAt + lifetime))
        claims["aud"] = .string(projectId)
        claims["iss"] = .string("https://securetoken.google.com/\(projectId)")
        claims["sub"] = .string(user.localId)
        return claims
    }

    /// `firebase.identities`: email, phone, then each IdP's raw ids; password is never listed.
    static func identities(of user: UserRecord) -> JSONObject {
        var identities = JSONObject()
        if let email = user.email { identities["email"] = [.string(email)] }
        if let phone = user.phoneNumber { identities["phone"] = [.string(phone)] }
        for info in user.providerUserInfo where info.providerId != "password" && info.providerId != "phone" {
            let existing = identities[info.providerId]?.array ?? []
            identities[info.providerId] = .array(existing + [.string(info.rawId)])
        }
        return identities
    }
}
