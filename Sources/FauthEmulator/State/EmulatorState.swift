import FauthJSON

/// Everything the emulator remembers of one project (as Firebase's emulator keeps one state per project ID): the
/// config, the project's own users, the tenants, and its request counters and faults. What every project shares (the
/// emulator's address) is in `site`. Not thread-safe by itself: `AuthEmulator` holds `lock` around every use.
final class EmulatorState {
    /// The lock every use of the state holds (a handler may release it while it waits, see `StateLock`).
    let lock = StateLock()
    /// The project's id: the `aud` of its ID tokens and its refresh tokens' projectId.
    let projectId: String
    /// What every project of the emulator shares.
    let site: EmulatorSite
    /// The project's request counters and injected faults (with their own lock, used without `lock`).
    let traffic = TrafficControl()
    /// The project configuration (Firebase keys and fauth extensions).
    var config = EmulatorConfig()
    /// The default (agent) project.
    let defaultProject: ProjectState
    /// Tenants by tenant id.
    private(set) var tenants: [String: ProjectState] = [:]
    /// The IdP sign-ins started by createAuthUri with a `providerId` (fauth extension), checked by signInWithIdp.
    var idpSessions = IdpAuthSessions()
    /// The device authorizations (RFC 8628) issued by the emulated Google, GitHub and OpenID device endpoints.
    var deviceCodes = DeviceCodes()
    /// `host:port` of the emulator's own address, which every link it hands out points at (action links, provider
    /// sign-in pages); never taken from a request's `Host` header.
    var linkAuthority: String { site.linkAuthority }
    /// Token signing and its keys: the emulator's, shared by every project (as Google's keys are).
    var tokenSigner: TokenSigner { site.tokenSigner }

    /// Firebase's fixed project number.
    static let projectNumber = "12345"

    /// An empty state for `projectId`, sharing `site` (the address, the signing keys) with the emulator's other
    /// projects.
    init(projectId: String, site: EmulatorSite = EmulatorSite()) {
        self.projectId = projectId
        self.site = site
        defaultProject = ProjectState(tenantId: nil)
    }

    /// The default project for nil, else the tenant, created with every provider on when first referenced, as
    /// Firebase's emulator creates tenants it has not seen (no `mfaConfig`: every second factor allowed).
    func project(tenantId: String?) -> ProjectState {
        guard let tenantId else { return defaultProject }
        if let tenant = tenants[tenantId] { return tenant }
        let tenant = ProjectState(tenantId: tenantId, tenantSettings: SignInSettings())
        tenants[tenantId] = tenant
        return tenant
    }

    /// Whether the tenant `tenantId` exists (no implicit creation).
    func hasTenant(_ tenantId: String) -> Bool { tenants[tenantId] != nil }

    /// Deletes a tenant with its users and codes.
    func deleteTenant(_ tenantId: String) { tenants[tenantId] = nil }

    /// The ids of every tenant.
    var tenantIds: [String] { Array(tenants.keys) }

    /// The sign-in toggles that apply to `project`: the tenant's, or fauth's `signInProviders` for the default project.
    func signInSettings(for project: ProjectState) -> SignInSettings {
        project.tenantSettings ?? config.signInProviders
    }

    /// Throws PROJECT_DISABLED when `project` is a tenant with `disableAuth` (checked first on nearly every route).
    func checkProjectEnabled(_ project: ProjectState) throws(APIError) {
        try ensure(!signInSettings(for: project).disableAuth, "PROJECT_DISABLED")
    }

    /// Enforces fauth's `passwordPolicy` (enforce mode) on a new password.
    func checkPasswordPolicy(_ password: String) throws(APIError) {
        guard let policy = config.passwordPolicy, policy.enforcementState == "ENFORCE" else { return }
        let missing = policy.unmetRequirements(password)
        try ensure(
            missing.isEmpty,
            "PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password requirements: [\(missing.joined(separator: ", "))]")
    }

    /// Firebase's minimum length check, then fauth's password policy.
    func checkNewPassword(_ password: String) throws(APIError) {
        try ensure(password.count >= 6, "WEAK_PASSWORD : Password should be at least 6 characters")
        try checkPasswordPolicy(password)
    }

    /// Throws TOO_MANY_ATTEMPTS_TRY_LATER when fauth's `failedSignInLimit` failures happened for `email` in the last minute.
    func checkSignInThrottle(email: String, in project: ProjectState, nowMillis: Int) throws(APIError) {
        guard let limit = config.failedSignInLimit else { return }
        let recent = (project.failedSignIns[email] ?? []).filter { nowMillis - $0 < 60_000 }
        project.failedSignIns[email] = recent
        try ensure(
            recent.count < limit,
            "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later."
        )
    }

    /// Records one failed sign-in for `email` (only while `failedSignInLimit` is set).
    func recordFailedSignIn(email: String, in project: ProjectState, nowMillis: Int) {
        guard config.failedSignInLimit != nil else { return }
        project.failedSignIns[email, default: []].append(nowMillis)
    }
}

/// Firebase's email check: one `@` with something on each side.
func isValidEmail(_ email: String) -> Bool {
    let bytes = email.utf8
    guard let at = bytes.firstIndex(of: UInt8(ascii: "@")) else { return false }
    let domain = bytes[bytes.index(after: at)...]
    return at != bytes.startIndex && !domain.isEmpty && !domain.contains(UInt8(ascii: "@"))
}

/// Firebase's phone check: a leading `+`.
func isValidPhoneNumber(_ phoneNumber: String) -> Bool {
    phoneNumber.hasPrefix("+")
}
