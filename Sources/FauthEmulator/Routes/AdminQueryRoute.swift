import FauthJSON

extension RouteTable {
    /// `POST …/v1/projects/{p}[/tenants/{t}]/accounts:query` and `POST …/v1/projects/{p}:queryAccounts` (Admin SDKs).
    static let adminQuery = Route(
        "POST",
        Route.withTenantForm("/identitytoolkit.googleapis.com/v1/projects/{project}/accounts:query")
            + ["/identitytoolkit.googleapis.com/v1/projects/{project}:queryAccounts"],
        access: .privileged, schema: .query,
        answer: .json(.object(required: ["recordsCount": .string], optional: ["userInfo": .array(.userInfo)])),
        handler: AdminQueryRoute.handle)
}

/// The admin account query as Firebase's emulator answers it: every user sorted by localId, or only their count;
/// expressions, limits, offsets and other sort fields are 501.
enum AdminQueryRoute {
    /// Handles the route, with Firebase's check order.
    static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        let expression = try request.array("expression")
        try rejectUnimplemented(!(expression ?? []).isEmpty, "expression is not implemented.")
        if try request.bool("returnUserInfo") == false {
            return .json(["recordsCount": .string(String(project.userCount))])
        }
        try rejectUnimplemented(request.isTruthy("limit"), "limit is not implemented.")
        let offset = try request.string("offset") ?? ""
        try rejectUnimplemented(!offset.isEmpty && offset != "0", "offset is not implemented.")
        let order = try request.string("order") ?? "ASC"
        let sortBy = try request.string("sortBy") ?? "USER_ID"
        try rejectUnimplemented(
            sortBy != "USER_ID" && sortBy != "SORT_BY_FIELD_UNSPECIFIED", "Only sorting by USER_ID is implemented.")
        var users = project.allUsers.sorted { $0.localId < $1.localId }
        if order == "DESC" { users.reverse() }
        return .json([
            "recordsCount": .string(String(users.count)), "userInfo": .array(users.map { .object($0.accountInfo) }),
        ])
    }
}
