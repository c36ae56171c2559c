/// The admin forms answer as the API-key routes whose handlers they share: each declares that route's answer, but for
/// the create, which signs nobody in (no tokens).
extension RouteTable {
    private static let adminProject = "/identitytoolkit.googleapis.com/v1/projects/{project}/"

    /// `POST …/v1/projects/{p}[/tenants/{t}]/accounts`: the Admin SDKs' create user (a privileged signUp, no tokens).
    static let adminCreateAccount = Route(
        "POST", Route.withTenantForm(adminProject + "accounts"), access: .privileged,
        schema: .signUp,
        answer: .json(
            .object(
                required: ["kind": .string, "localId": .string], optional: ["displayName": .string, "email": .string])),
        handler: SignUpRoute.handle)
    /// `POST …/v1/projects/{p}[/tenants/{t}]/accounts:lookup`.
    static let adminLookup = Route(
        "POST", Route.withTenantForm(adminProject + "accounts:lookup"), access: .privileged,
        schema: .lookup, answer: lookup.answer, handler: LookupRoute.handle)
    /// `POST …/v1/projects/{p}[/tenants/{t}]/accounts:update` (disable, revoke, custom claims, profile, password, links).
    static let adminUpdate = Route(
        "POST", Route.withTenantForm(adminProject + "accounts:update"), access: .privileged,
        schema: .update, answer: update.answer, handler: UpdateRoute.handle)
    /// `POST …/v1/projects/{p}[/tenants/{t}]/accounts:sendOobCode` (action links, `returnOobLink`).
    static let adminSendOobCode = Route(
        "POST", Route.withTenantForm(adminProject + "accounts:sendOobCode"),
        access: .privileged, schema: .sendOobCode, answer: sendOobCode.answer, handler: SendOobCodeRoute.handle)
    /// `POST …/v1/projects/{p}[/tenants/{t}]/accounts:delete`.
    static let adminDelete = Route(
        "POST", Route.withTenantForm(adminProject + "accounts:delete"), access: .privileged,
        schema: .delete, answer: delete.answer, handler: DeleteRoute.handle)
}
