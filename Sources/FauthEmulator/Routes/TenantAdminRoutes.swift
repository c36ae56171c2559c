import FauthJSON

extension RouteTable {
    private static let tenantsPath = "/identitytoolkit.googleapis.com/v2/projects/{project}/tenants"

    /// `POST /identitytoolkit.googleapis.com/v2/projects/{p}/tenants`: creates a tenant (providers off, MFA disabled).
    static let createTenant = Route("POST", tenantsPath, access: .privileged) { request, state throws(APIError) in
        var tenantId = RandomID.alphanumeric(count: 20)
        while state.existingTenant(tenantId) != nil { tenantId = RandomID.alphanumeric(count: 20) }
        let tenant = state.createTenant(tenantId: tenantId)
        try TenantAdminRoute.apply(request.body, mask: nil, to: tenant, settings: state.signInSettings(for: tenant))
        return HTTPResponse.json(TenantAdminRoute.json(tenant, request: request, state: state))
    }

    /// `GET /identitytoolkit.googleapis.com/v2/projects/{p}/tenants`: every tenant.
    static let listTenants = Route("GET", tenantsPath, access: .privileged) { request, state throws(APIError) in
        let tenants = state.tenantIds.sorted().compactMap(state.existingTenant)
        return HTTPResponse.json(["tenants": .array(tenants.map { .object(TenantAdminRoute.json($0, request: request, state: state)) })])
    }

    /// `GET /identitytoolkit.googleapis.com/v2/projects/{p}/tenants/{t}`.
    static let getTenant = Route("GET", tenantsPath + "/{tenant}", access: .privileged) { request, state throws(APIError) in
        let tenant = try TenantAdminRoute.existing(request, state)
        return HTTPResponse.json(TenantAdminRoute.json(tenant, request: request, state: state))
    }

    /// `PATCH /identitytoolkit.googleapis.com/v2/projects/{p}/tenants/{t}?updateMask=a,b`.
    static let updateTenant = Route("PATCH", tenantsPath + "/{tenant}", access: .privileged) { request, state throws(APIError) in
        let tenant = try TenantAdminRoute.existing(request, state)
        let mask = request.query("updateMask").map { Set($0.split(separator: ",").map { String($0) }) }
        try TenantAdminRoute.apply(request.body, mask: mask, to: tenant, settings: state.signInSettings(for: tenant))
        return HTTPResponse.json(TenantAdminRoute.json(tenant, request: request, state: state))
    }

    /// `DELETE /identitytoolkit.googleapis.com/v2/projects/{p}/tenants/{t}`.
    static let deleteTenant = Route("DELETE", tenantsPath + "/{tenant}", access: .privileged) { request, state throws(APIError) in
        let tenant = try TenantAdminRoute.existing(request, state)
        if let tenantId = tenant.tenantId { state.deleteTenant(tenantId) }
        return HTTPResponse.json([:])
    }
}

/// The admin tenant resource: `allowPasswordSignup`, `enableEmailLinkSignin`, `enableAnonymousUser`, `disableAuth`
/// (the toggles the routes enforce), `displayName`, `mfaConfig` and any other field kept as sent.
enum TenantAdminRoute {
    private static let toggles = ["allowPasswordSignup", "enableEmailLinkSignin", "enableAnonymousUser", "disableAuth"]

    /// The tenant named in the path, or 400 TENANT_NOT_FOUND.
    static func existing(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> ProjectState {
        guard let id = request.pathTenantId, let tenant = state.existingTenant(id) else {
            throw APIError.badRequest("TENANT_NOT_FOUND")
        }
        return tenant
    }

    /// Writes the fields of `body` (only those in `mask`, when one is given) to `tenant`.
    static func apply(_ body: JSONObject, mask: Set<String>?, to tenant: ProjectState, settings: SignInSettings) throws(APIError) {
        var settings = settings
        var config = tenant.tenantConfig
        for (key, value) in body where mask?.contains(key) ?? true {
            switch key {
            case "name", "tenantId":
                continue
            case _ where toggles.contains(key):
                guard case .bool(let on) = value else { throw APIError.wrongType("/\(key)", expected: "boolean") }
                switch key {
                case "allowPasswordSignup": settings.allowPasswordSignup = on
                case "enableEmailLinkSignin": settings.enableEmailLinkSignin = on
                case "enableAnonymousUser": settings.enableAnonymousUser = on
                default: settings.disableAuth = on
                }
            default:
                config[key] = value
            }
        }
        tenant.tenantSettings = settings
        tenant.tenantConfig = config
    }

    /// The tenant resource as the admin API returns it.
    static func json(_ tenant: ProjectState, request: RouteRequest, state: EmulatorState) -> JSONObject {
        let id = tenant.tenantId ?? ""
        let settings = state.signInSettings(for: tenant)
        var object: JSONObject = ["name": .string("projects/\(request.pathProjectId ?? state.projectId)/tenants/\(id)")]
        object["tenantId"] = .string(id)
        object["allowPasswordSignup"] = .bool(settings.allowPasswordSignup)
        object["enableEmailLinkSignin"] = .bool(settings.enableEmailLinkSignin)
        object["enableAnonymousUser"] = .bool(settings.enableAnonymousUser)
        object["disableAuth"] = .bool(settings.disableAuth)
        for (key, value) in tenant.tenantConfig { object[key] = value }
        return object
    }
}
