import FauthJSON

extension RouteTable {
    private static let tenantsPath = "/identitytoolkit.googleapis.com/v2/projects/{project}/tenants"

    /// `POST /identitytoolkit.googleapis.com/v2/projects/{p}/tenants`: creates a tenant (providers off, MFA disabled
    /// unless the body says otherwise).
    static let createTenant = Route(
        "POST", tenantsPath, access: .privileged, schema: .tenant, answer: .json(TenantAdminRoute.createdAnswer)
    ) { request, state throws(APIError) in
        var tenantId = RandomID.alphanumeric(count: 28)
        while state.hasTenant(tenantId) { tenantId = RandomID.alphanumeric(count: 28) }
        let tenant = state.project(tenantId: tenantId)
        try TenantAdminRoute.replace(tenant, with: request.body)
        return HTTPResponse.json(TenantAdminRoute.json(tenant, request: request, state: state))
    }

    /// `GET /identitytoolkit.googleapis.com/v2/projects/{p}/tenants?pageSize=&pageToken=`: tenants by id, a page at a time.
    static let listTenants = Route(
        "GET", tenantsPath, access: .privileged,
        answer: .json(
            .object(required: ["tenants": .array(TenantAdminRoute.answer)], optional: ["nextPageToken": .string]))
    ) { request, state throws(APIError) in
        let requested = request.query("pageSize").flatMap(Double.init).map { $0.rounded(.down) }
        let pageSize = min(requested.flatMap { $0 == 0 || !$0.isFinite ? nil : Int($0) } ?? 20, 1000)
        var ids = state.tenantIds.sorted()
        if let after = request.query("pageToken"), !after.isEmpty { ids = ids.filter { $0 > after } }
        var nextPageToken: String?
        if pageSize > 0, ids.count >= pageSize {
            ids = Array(ids.prefix(pageSize))
            nextPageToken = ids.last
        }
        let tenants = ids.map {
            JSONValue.object(TenantAdminRoute.json(state.project(tenantId: $0), request: request, state: state))
        }
        var response: JSONObject = ["tenants": .array(tenants)]
        response["nextPageToken"] = nextPageToken.map(JSONValue.string)
        return HTTPResponse.json(response)
    }

    /// `GET /identitytoolkit.googleapis.com/v2/projects/{p}/tenants/{t}` (an unknown tenant is created, everything on).
    static let getTenant = Route(
        "GET", tenantsPath + "/{tenant}", access: .privileged, answer: .json(TenantAdminRoute.answer)
    ) { request, state throws(APIError) in
        let tenant = try state.project(for: request)
        return HTTPResponse.json(TenantAdminRoute.json(tenant, request: request, state: state))
    }

    /// `PATCH /identitytoolkit.googleapis.com/v2/projects/{p}/tenants/{t}?updateMask=a,b.c`: the masked fields, or
    /// without a mask the whole tenant (absent toggles off, absent MFA disabled).
    static let updateTenant = Route(
        "PATCH", tenantsPath + "/{tenant}", access: .privileged, schema: .tenant, answer: .json(TenantAdminRoute.answer)
    ) { request, state throws(APIError) in
        let tenant = try state.project(for: request)
        if let mask = request.query("updateMask"), !mask.isEmpty {
            try TenantAdminRoute.apply(request.body, mask: mask.split(separator: ",").map(String.init), to: tenant)
        } else {
            try TenantAdminRoute.replace(tenant, with: request.body)
        }
        return HTTPResponse.json(TenantAdminRoute.json(tenant, request: request, state: state))
    }

    /// `DELETE /identitytoolkit.googleapis.com/v2/projects/{p}/tenants/{t}`.
    static let deleteTenant = Route(
        "DELETE", tenantsPath + "/{tenant}", access: .privileged, answer: .json(.object(required: [:]))
    ) { request, state throws(APIError) in
        if let tenantId = try state.project(for: request).tenantId { state.deleteTenant(tenantId) }
        return HTTPResponse.json([:])
    }
}

/// The admin tenant resource as Firebase's emulator keeps it: `displayName`, the toggles the routes enforce
/// (`allowPasswordSignup`, `enableEmailLinkSignin`, `enableAnonymousUser`, `disableAuth`) and `mfaConfig`; an update
/// mask may set the other members `RequestSchema.tenant` declares, and no member it does not.
enum TenantAdminRoute {
    private static let toggles = ["allowPasswordSignup", "enableEmailLinkSignin", "enableAnonymousUser", "disableAuth"]

    /// The members of every tenant answer: its name and id (Firebase's emulator answers `tenantId`), the toggles and
    /// `mfaConfig`.
    private static let answeredMembers: [String: AnswerSchema] = [
        "name": .string, "tenantId": .string, "allowPasswordSignup": .boolean, "enableEmailLinkSignin": .boolean,
        "enableAnonymousUser": .boolean, "disableAuth": .boolean,
        "mfaConfig": AnswerSchema(keptFrom: .multiFactorConfig),
    ]

    /// The tenant resource as the admin routes answer it: Firebase's `Tenant` members the emulator keeps.
    static let answer = AnswerSchema(keptFrom: .tenant).requiring(answeredMembers)

    /// A tenant just created (replaced whole): only `displayName` beside the members every answer has.
    static let createdAnswer = AnswerSchema.object(required: answeredMembers, optional: ["displayName": .string])

    /// Replaces the whole tenant with `body`: absent toggles are off, an absent `mfaConfig` is DISABLED, other
    /// fields are dropped.
    static func replace(_ tenant: ProjectState, with body: JSONObject) throws(APIError) {
        let body = kept(body)
        var settings = SignInSettings(
            allowPasswordSignup: false, enableAnonymousUser: false, enableEmailLinkSignin: false)
        for key in toggles { if let on = try toggle(body, key) { set(key, on, in: &settings) } }
        var mfaConfig = body["mfaConfig"]?.object ?? [:]
        if mfaConfig["state"] == nil { mfaConfig["state"] = "DISABLED" }
        if mfaConfig["enabledProviders"] == nil { mfaConfig["enabledProviders"] = [] }
        var config: JSONObject = [:]
        config["displayName"] = body["displayName"].flatMap { $0.isNull ? nil : $0 }
        config["mfaConfig"] = .object(mfaConfig)
        tenant.tenantSettings = settings
        tenant.tenantConfig = config
    }

    /// Writes the fields named by `mask` (dotted paths, `mfaConfig.state`) from `body`; a path `body` lacks is skipped.
    static func apply(_ body: JSONObject, mask: [String], to tenant: ProjectState) throws(APIError) {
        let body = kept(body)
        var settings = tenant.tenantSettings ?? SignInSettings()
        var config = tenant.tenantConfig
        for path in mask {
            let fields = path.split(separator: ".").map(String.init)
            guard let first = fields.first, first != "name", first != "tenantId" else { continue }
            if fields.count == 1, toggles.contains(first) {
                if let on = try toggle(body, first) { set(first, on, in: &settings) }
            } else if let value = JSONPath.value(at: path, in: body) {
                config = JSONPath.setting(value, at: path, in: config)
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
        // A tenant created implicitly has no mfaConfig of its own; Firebase's emulator shows SMS MFA enabled.
        object["mfaConfig"] = ["enabledProviders": ["PHONE_SMS"], "state": "ENABLED"]
        for (key, value) in tenant.tenantConfig { object[key] = value }
        return object
    }

    /// `body` without the members `RequestSchema.tenant` does not declare, at any depth.
    private static func kept(_ body: JSONObject) -> JSONObject {
        RequestSchema.tenant.keepingDeclaredMembers(.object(body)).object ?? [:]
    }

    private static func toggle(_ body: JSONObject, _ key: String) throws(APIError) -> Bool? {
        switch body[key] {
        case nil, .null?: return nil
        case .bool(let on)?: return on
        default: throw APIError.wrongType("/\(key)", expected: "boolean")
        }
    }

    private static func set(_ key: String, _ on: Bool, in settings: inout SignInSettings) {
        switch key {
        case "allowPasswordSignup": settings.allowPasswordSignup = on
        case "enableEmailLinkSignin": settings.enableEmailLinkSignin = on
        case "enableAnonymousUser": settings.enableAnonymousUser = on
        default: settings.disableAuth = on
        }
    }

}
