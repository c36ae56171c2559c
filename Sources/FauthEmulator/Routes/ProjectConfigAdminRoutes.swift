import FauthJSON

extension RouteTable {
    private static let adminConfigPath = "/identitytoolkit.googleapis.com/v2/projects/{project}/config"

    /// `GET /identitytoolkit.googleapis.com/v2/projects/{p}/config`: Firebase's project config keys.
    static let getAdminConfig = Route("GET", adminConfigPath, access: .privileged) { request, state throws(APIError) in
        HTTPResponse.json(ProjectConfigAdminRoute.json(request: request, state: state))
    }

    /// `PATCH /identitytoolkit.googleapis.com/v2/projects/{p}/config?updateMask=signIn.allowDuplicateEmails,…`.
    static let updateAdminConfig = Route("PATCH", adminConfigPath, access: .privileged) { request, state throws(APIError) in
        var patch = JSONObject()
        let mask = request.query("updateMask").map { $0.split(separator: ",").map { String($0) } }
        for key in ["signIn", "emailPrivacyConfig"] {
            let masked = mask.map { fields in fields.contains { $0 == key || $0.hasPrefix(key + ".") } } ?? true
            if masked, let value = request.body[key] { patch[key] = value }
        }
        try state.config.apply(patch)
        return HTTPResponse.json(ProjectConfigAdminRoute.json(request: request, state: state))
    }
}

/// The admin view of the project config (`name`, `signIn`, `emailPrivacyConfig`).
enum ProjectConfigAdminRoute {
    /// The config resource as the admin API returns it.
    static func json(request: RouteRequest, state: EmulatorState) -> JSONObject {
        var object: JSONObject = ["name": .string("projects/\(request.pathProjectId ?? state.projectId)/config")]
        object["signIn"] = ["allowDuplicateEmails": .bool(state.config.allowDuplicateEmails)]
        object["emailPrivacyConfig"] = ["enableImprovedEmailPrivacy": .bool(state.config.improvedEmailPrivacy)]
        return object
    }
}
