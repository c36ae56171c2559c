import FauthJSON

/// The emulator's refresh token: standard base64 of a JSON object with a marker. Not a JWT; never expires.
struct RefreshToken: Sendable, Equatable {
    /// The marker key and value Firebase's emulator writes.
    static let marker = "_AuthEmulatorRefreshToken"
    var localId: String
    /// The sign-in provider the token keeps across refreshes.
    var provider: String
    var extraClaims: JSONObject
    var projectId: String
    var secondFactor: SecondFactorClaims?
    var tenantId: String?
    /// When it was issued, in seconds (fauth's addition, for `refreshTokenRevocation`; Firebase's tokens have none).
    var issuedAt: Int?

    /// The encoded token.
    var encoded: String {
        var object: JSONObject = ["localId": .string(localId)]
        object["provider"] = .string(provider)
        object["extraClaims"] = .object(extraClaims)
        object["projectId"] = .string(projectId)
        if let secondFactor {
            object["secondFactor"] = [
                "identifier": .string(secondFactor.identifier), "provider": .string(secondFactor.factor),
            ]
        }
        if let tenantId { object["tenantId"] = .string(tenantId) }
        if let issuedAt { object["issuedAt"] = .number(Double(issuedAt)) }
        return MarkedJSONToken.encode(object, marker: Self.marker)
    }

    /// Makes a token from its parts.
    init(
        localId: String, provider: String, extraClaims: JSONObject, projectId: String,
        secondFactor: SecondFactorClaims?, tenantId: String?, issuedAt: Int? = nil
    ) {
        self.localId = localId
        self.provider = provider
        self.extraClaims = extraClaims
        self.projectId = projectId
        self.secondFactor = secondFactor
        self.tenantId = tenantId
        self.issuedAt = issuedAt
    }

    /// Decodes a token; nil for bad base64, bad JSON or a missing marker.
    init?(decoding token: String) {
        guard let object = MarkedJSONToken.decode(token, marker: Self.marker),
            let localId = object["localId"]?.string, let projectId = object["projectId"]?.string
        else { return nil }
        self.localId = localId
        self.projectId = projectId
        provider = object["provider"]?.string ?? "password"
        extraClaims = object["extraClaims"]?.object ?? [:]
        tenantId = object["tenantId"]?.string
        issuedAt = object["issuedAt"]?.int
        if let second = object["secondFactor"]?.object, let identifier = second["identifier"]?.string,
            let factor = second["provider"]?.string
        {
            secondFactor = SecondFactorClaims(factor: factor, identifier: identifier)
        } else {
            secondFactor = nil
        }
    }
}
