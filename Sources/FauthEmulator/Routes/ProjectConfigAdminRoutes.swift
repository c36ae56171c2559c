extension RouteTable {
    private static let adminConfigPath = "/identitytoolkit.googleapis.com/v2/projects/{project}/config"

    /// `GET /identitytoolkit.googleapis.com/v2/projects/{p}/config`: Firebase's project config keys.
    static let getAdminConfig = Route("GET", adminConfigPath, access: .privileged) { _, state throws(APIError) in
        HTTPResponse.json(state.config.firebaseJSON)
    }

    /// `PATCH /identitytoolkit.googleapis.com/v2/projects/{p}/config?updateMask=signIn.allowDuplicateEmails,…`.
    /// Without an `updateMask` (or with an empty one) the whole of Firebase's config is replaced.
    static let updateAdminConfig = Route("PATCH", adminConfigPath, access: .privileged, schema: .adminConfig) {
        request, state throws(APIError) in
        let mask = request.query("updateMask").flatMap { $0.isEmpty ? nil : $0.split(separator: ",").map(String.init) }
        try state.config.applyFirebaseKeys(request.body, mask: mask)
        return HTTPResponse.json(state.config.firebaseJSON)
    }
}
