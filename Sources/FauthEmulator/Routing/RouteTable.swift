/// The route table: every route the emulator serves, looked up by method and path.
///
/// How to add a route:
/// 1. In a new file (one per route family, e.g. `Routes/SignInWithIdpRoute.swift`), declare the route as a static
///    property and its handler as a function:
///    ```swift
///    extension RouteTable {
///        /// `POST /identitytoolkit.googleapis.com/v1/accounts:signInWithIdp`.
///        static let signInWithIdp = Route("POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp",
///                                         access: .apiKey, answer: .json(.object(required: [...], optional: [...])),
///                                         handler: SignInWithIdpRoute.handle)
///    }
///    enum SignInWithIdpRoute {
///        static func handle(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse { … }
///    }
///    ```
///    Admin routes use `access: .privileged` and `Route.withTenantForm("/identitytoolkit.googleapis.com/v1/projects/{project}/accounts:lookup")`
///    for the path list; `{project}` / `{tenant}` arrive as `request.pathProjectId` / `request.pathTenantId`.
///    `answer` (a `RouteAnswer`: a JSON schema, a page, a redirect or 501) is what `/emulator/openapi.json` says it
///    answers; a request in `OpenAPIAnswerTests` must get each declared answer and every member its schema names.
/// 2. Add one line for it to `all` below.
/// Handlers run with the state lock held (anything that waits outside the emulator, such as a blocking function's
/// HTTP call, runs inside `state.lock.releasing`); use `state.project(for: request)`, `state.parseIdToken`, `state.signIn`,
/// `state.finishFirstFactor`, `request.requireField`, `ensure(_:_:)` and throw `APIError` for every error answer.
enum RouteTable {
    /// Every route, in match order.
    static let all: [Route] =
        [
            root,
            projectConfig,
            recaptchaParams,
            createTenant,
            listTenants,
            getTenant,
            updateTenant,
            deleteTenant,
            getAdminConfig,
            updateAdminConfig,
            signUp,
            signInWithPassword,
            lookup,
            update,
            delete,
            createAuthUri,
            sendOobCode,
            resetPassword,
            signInWithEmailLink,
            sendVerificationCode,
            signInWithPhoneNumber,
            secureToken,
            passwordPolicy,
            emulatorAction,
            emulatorOpenAPI,
            emulatorIdpPage,
            emulatorIdpFinish,
            emulatorAuthIframe,
            emulatorDevicePage,
            emulatorDeviceApprove,
            emulatorDeviceDeny,
            emulatorDeviceCodes,
            emulatorDeviceCodeAction,
            googleDeviceCode,
            googleDeviceToken,
            githubDeviceCode,
            githubDeviceToken,
            oidcDiscovery,
            oidcDeviceCode,
            oidcDeviceToken,
            emulatorDeleteAccounts,
            emulatorOobCodes,
            emulatorVerificationCodes,
            emulatorGetConfig,
            emulatorPatchConfig,
            emulatorAddFault,
            emulatorClearFaults,
            emulatorStatistics,
            emulatorResetStatistics,
            emulatorRotateSigningKeys,
            idTokenCertificates,
            idTokenJWKS,
            sessionCookieCertificates,
            sessionCookieJWKS,
        ] + notImplementedRoutes + [
            signInWithIdp,
            signInWithCustomToken,
            mfaEnrollmentStart,
            mfaEnrollmentFinalize,
            mfaEnrollmentWithdraw,
            mfaSignInStart,
            mfaSignInFinalize,
            passkeyEnrollmentStart,
            passkeyEnrollmentFinalize,
            passkeySignInStart,
            passkeySignInFinalize,
            adminCreateAccount,
            adminLookup,
            adminUpdate,
            adminSendOobCode,
            adminDelete,
            adminBatchGet,
            adminBatchDelete,
            adminBatchCreate,
            createSessionCookie,
            adminQuery,
        ]

    /// The route for `method` and the path `segments`, with its path parameters; nil when none matches.
    static func route(method: String, segments: [String]) -> (
        route: Route, parameters: (project: String?, tenant: String?)
    )? {
        for (route, pattern) in candidates[CandidateKey(method: method, segmentCount: segments.count)] ?? [] {
            if let parameters = pattern.match(segments) { return (route, parameters) }
        }
        return nil
    }

    /// What a path pattern can match at all: its method and its number of segments.
    private struct CandidateKey: Hashable {
        var method: String
        var segmentCount: Int
    }

    /// The patterns of `all` grouped by what they can match, each group in match order, so that a request is tried
    /// only against the few patterns of its method and length.
    private static let candidates: [CandidateKey: [(route: Route, pattern: PathPattern)]] = {
        var groups: [CandidateKey: [(route: Route, pattern: PathPattern)]] = [:]
        for route in all {
            for pattern in route.patterns {
                groups[CandidateKey(method: route.method, segmentCount: pattern.segmentCount), default: []].append(
                    (route, pattern))
            }
        }
        return groups
    }()

    /// The name a request is counted and faulted under (its last path segment), or nil for `GET /` and the
    /// `/emulator/…` control routes, which are never counted or faulted.
    static func trafficName(of segments: [String]) -> String? {
        guard let last = segments.last, segments.first != "emulator" else { return nil }
        return last
    }
}
