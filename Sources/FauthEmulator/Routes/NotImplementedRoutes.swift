extension RouteTable {
    /// `PasswordPolicy.json` (the discovery document's `PasswordPolicy`), `maxPasswordLength` only when set: the
    /// answer of `passwordPolicy` and the emulator config's `fauth.passwordPolicy`.
    static let passwordPolicyAnswer = AnswerSchema.object(required: [
        "customStrengthOptions": .object(
            required: [
                "minPasswordLength": .integer, "containsLowercaseCharacter": .boolean,
                "containsUppercaseCharacter": .boolean, "containsNumericCharacter": .boolean,
                "containsNonAlphanumericCharacter": .boolean,
            ],
            optional: ["maxPasswordLength": .integer]),
        "allowedNonAlphanumericCharacters": .array(.string), "schemaVersion": .integer,
        "enforcementState": .string, "forceUpgradeOnSignin": .boolean,
    ])

    /// `GET /identitytoolkit.googleapis.com/v2/passwordPolicy`: fauth's `passwordPolicy`, or 501 as in Firebase's emulator.
    static let passwordPolicy = Route(
        "GET", "/identitytoolkit.googleapis.com/v2/passwordPolicy", access: .apiKey,
        answer: .json(passwordPolicyAnswer)
    ) { _, state throws(APIError) in
        guard let policy = state.config.passwordPolicy else {
            throw NotImplementedRoutes.error("identitytoolkit.getPasswordPolicy")
        }
        return HTTPResponse.json(policy.json)
    }

    /// Routes of the API schema Firebase's emulator has no handler for: after the credential checks, 501
    /// "`<operationId>` is not implemented in the Auth Emulator.".
    static let notImplementedRoutes: [Route] = NotImplementedRoutes.clientRoutes + NotImplementedRoutes.adminRoutes
}

/// The operations of the Identity Toolkit API schema that Firebase's emulator answers with 501.
enum NotImplementedRoutes {
    /// The 501 error of the operation `operationId`.
    static func error(_ operationId: String) -> APIError {
        APIError.notImplemented("\(operationId) is not implemented in the Auth Emulator.")
    }

    private static func route(_ method: String, _ paths: [String], access: RouteAccess, _ operationId: String) -> Route
    {
        Route(method, paths, access: access, answer: .notImplemented) { _, _ throws(APIError) in
            throw error(operationId)
        }
    }

    /// API-key routes.
    static let clientRoutes: [Route] = [
        (
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithGameCenter",
            "identitytoolkit.accounts.signInWithGameCenter"
        ),
        (
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:verifyIosClient",
            "identitytoolkit.accounts.verifyIosClient"
        ),
        ("POST", "/identitytoolkit.googleapis.com/v1/accounts:revokeToken", "identitytoolkit.accounts.revokeToken"),
        (
            "POST", "/identitytoolkit.googleapis.com/v1/accounts:issueSamlResponse",
            "identitytoolkit.accounts.issueSamlResponse"
        ),
        ("GET", "/identitytoolkit.googleapis.com/v2/recaptchaConfig", "identitytoolkit.getRecaptchaConfig"),
        ("POST", "/identitytoolkit.googleapis.com/v2/accounts:revokeToken", "identitytoolkit.accounts.revokeToken"),
    ].map { method, path, operationId in route(method, [path], access: .apiKey, operationId) }

    /// Admin (`Bearer owner`) routes: the v2 IdP configurations (each also under a tenant), the default IdP list,
    /// `identityPlatform:initializeAuth` and the tenants' IAM methods (`:getIamPolicy`, `:setIamPolicy`,
    /// `:testIamPermissions`).
    static let adminRoutes: [Route] = {
        var routes = [
            route(
                "GET", ["/identitytoolkit.googleapis.com/v2/defaultSupportedIdps"], access: .privileged,
                "identitytoolkit.defaultSupportedIdps.list"),
            route(
                "POST", ["/identitytoolkit.googleapis.com/v2/projects/{project}/identityPlatform:initializeAuth"],
                access: .privileged,
                "identitytoolkit.projects.identityPlatform.initializeAuth"),
        ]
        for method in ["getIamPolicy", "setIamPolicy", "testIamPermissions"] {
            routes.append(
                route(
                    "POST", ["/identitytoolkit.googleapis.com/v2/projects/{project}/tenants/{tenant}:\(method)"],
                    access: .privileged, "identitytoolkit.projects.tenants.\(method)"))
        }
        for collection in ["oauthIdpConfigs", "inboundSamlConfigs", "defaultSupportedIdpConfigs"] {
            for (scope, prefix) in [
                ("projects", "/projects/{project}/"), ("projects.tenants", "/projects/{project}/tenants/{tenant}/"),
            ] {
                let base = "/identitytoolkit.googleapis.com/v2" + prefix + collection
                let operation = "identitytoolkit.\(scope).\(collection)."
                routes += [
                    route("GET", [base], access: .privileged, operation + "list"),
                    route("POST", [base], access: .privileged, operation + "create"),
                    route("GET", [base + "/{id}"], access: .privileged, operation + "get"),
                    route("PATCH", [base + "/{id}"], access: .privileged, operation + "patch"),
                    route("DELETE", [base + "/{id}"], access: .privileged, operation + "delete"),
                ]
            }
        }
        return routes
    }()
}
