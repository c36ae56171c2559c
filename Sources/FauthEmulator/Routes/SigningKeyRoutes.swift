import FauthCrypto
import FauthJSON

extension RouteTable {
    /// Where Google publishes the ID-token certificates (`{kid: PEM}`), host-prefixed as the SDKs reach the emulator.
    static let idTokenCertificates = Route(
        "GET", "/www.googleapis.com/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com", access: .open,
        answer: SigningKeyRoutes.certificatesAnswer
    ) { _, state throws(APIError) in
        SigningKeyRoutes.keys(state.tokenSigner.certificates(.idToken))
    }

    /// Where Google publishes the ID-token keys as a JWK set.
    static let idTokenJWKS = Route(
        "GET", "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com", access: .open,
        answer: SigningKeyRoutes.jwksAnswer
    ) { _, state throws(APIError) in
        try SigningKeyRoutes.keys(SigningKeyRoutes.jwks(state, .idToken))
    }

    /// Where the Admin SDKs fetch the session-cookie certificates (`{kid: PEM}`).
    static let sessionCookieCertificates = Route(
        "GET", "/www.googleapis.com/identitytoolkit/v3/relyingparty/publicKeys", access: .open,
        answer: SigningKeyRoutes.certificatesAnswer
    ) { _, state throws(APIError) in
        SigningKeyRoutes.keys(state.tokenSigner.certificates(.sessionCookie))
    }

    /// Identity Toolkit's session-cookie keys as a JWK set.
    static let sessionCookieJWKS = Route(
        "GET", "/identitytoolkit.googleapis.com/v1/sessionCookiePublicKeys", access: .open,
        answer: SigningKeyRoutes.jwksAnswer
    ) { _, state throws(APIError) in
        try SigningKeyRoutes.keys(SigningKeyRoutes.jwks(state, .sessionCookie))
    }

    /// `POST /emulator/v1/projects/{p}/signingKeys:rotate` (fauth extension): a new signing key of each kind; the
    /// previous ones stay published for at most `keepPreviousSeconds` more (default: an ID token's lifetime, and a
    /// session cookie's longest one), for the whole emulator.
    static let emulatorRotateSigningKeys = Route(
        "POST", "/emulator/v1/projects/{project}/signingKeys:rotate", access: .open,
        answer: SigningKeyRoutes.jwksAnswer
    ) { request, state throws(APIError) in
        let keep = try request.body["keepPreviousSeconds"].map { value throws(APIError) in
            guard let seconds = value.int, (0...31_536_000).contains(seconds) else {
                throw APIError.invalidArgument("keepPreviousSeconds must be a whole number of seconds up to a year")
            }
            return seconds
        }
        do throws(CryptoError) {
            try state.tokenSigner.rotate(keepPublishedSeconds: keep)
        } catch {
            throw APIError.internalError(error.message, reason: "internal")
        }
        return try SigningKeyRoutes.keys(SigningKeyRoutes.jwks(state, .idToken))
    }
}

/// The answers of the key routes.
enum SigningKeyRoutes {
    /// Google's certificate document: each published key's X.509 certificate (PEM) by its key id.
    static let certificatesAnswer = RouteAnswer.json(.map(.string))

    /// A JWK set of RS256 signing keys (RFC 7517), as Google publishes it.
    static let jwksAnswer = RouteAnswer.json(
        .object(required: [
            "keys": .array(
                .object(required: [
                    "kty": .string, "alg": .string, "use": .string, "kid": .string, "n": .string, "e": .string,
                ]))
        ]))

    /// A key document with Google's `Cache-Control`.
    static func keys(_ object: JSONObject) -> HTTPResponse {
        var response = HTTPResponse.json(object)
        response.headers.append(("Cache-Control", TokenSigner.cacheControl))
        return response
    }

    /// The JWK set of `kind`, a failure of libcrypto as an internal error.
    static func jwks(_ state: EmulatorState, _ kind: TokenSigner.Kind) throws(APIError) -> JSONObject {
        do throws(CryptoError) {
            return try state.tokenSigner.jwks(kind)
        } catch {
            throw APIError.internalError(error.message, reason: "internal")
        }
    }
}
