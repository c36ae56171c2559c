import FauthJSON

extension RouteTable {
    private static let adminAccounts = "/identitytoolkit.googleapis.com/v1/projects/{project}/accounts"

    /// `GET …/projects/{p}[/tenants/{t}]/accounts:batchGet?maxResults=&nextPageToken=` (list users).
    static let adminBatchGet = Route(
        "GET", Route.withTenantForm(adminAccounts + ":batchGet"), access: .privileged,
        answer: .json(
            .object(
                required: ["kind": .string, "users": .array(.userInfo)], optional: ["nextPageToken": .string])),
        handler: AdminBatchRoutes.batchGet)
    /// `POST …/projects/{p}[/tenants/{t}]/accounts:batchDelete`.
    static let adminBatchDelete = Route(
        "POST", Route.withTenantForm(adminAccounts + ":batchDelete"), access: .privileged,
        schema: .batchDelete,
        answer: .json(
            .object(
                required: [:],
                optional: [
                    "errors": .array(.object(required: ["index": .integer, "localId": .string, "message": .string]))
                ])),
        handler: AdminBatchRoutes.batchDelete)
    /// `POST …/projects/{p}[/tenants/{t}]/accounts:batchCreate` (import users).
    static let adminBatchCreate = Route(
        "POST", Route.withTenantForm(adminAccounts + ":batchCreate"), access: .privileged,
        schema: .batchCreate,
        answer: .json(
            .object(required: [
                "kind": .string, "error": .array(.object(required: ["index": .integer, "message": .string])),
            ])),
        handler: AdminBatchRoutes.batchCreate)
}

/// The Admin SDKs' bulk account routes: list, delete and import, as Firebase's emulator answers them.
enum AdminBatchRoutes {
    /// The page size when `maxResults` is absent, zero or not a number.
    static let defaultPageSize = 20
    /// The largest page.
    static let maximumPageSize = 1000

    /// Lists users ordered by localId, after `nextPageToken`; a negative `maxResults` lists all of them.
    static func batchGet(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        let requested = request.query("maxResults").flatMap(Double.init).map { $0.rounded(.down) }
        let pageSize = min(
            requested.flatMap { $0 == 0 || !$0.isFinite ? nil : Int($0) } ?? defaultPageSize, maximumPageSize)
        let after = request.query("nextPageToken").flatMap { $0.isEmpty ? nil : $0 }
        let users = project.users(orderedByLocalIdAfter: after, limit: pageSize >= 0 ? pageSize : nil)
        // A full page names its last account, even when no account follows (as Firebase's emulator does).
        let nextPageToken = pageSize >= 0 && users.count == pageSize ? users.last?.localId : nil
        var response: JSONObject = [
            "kind": "identitytoolkit#DownloadAccountResponse",
            "users": .array(users.map { .object($0.accountInfo) }),
        ]
        response["nextPageToken"] = nextPageToken.map(JSONValue.string)
        return .json(response)
    }

    /// Deletes the listed users; enabled ones only with `force`, else a `NOT_DISABLED` entry in `errors`.
    static func batchDelete(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        let localIds = try request.strings("localIds") ?? []
        try ensure(!localIds.isEmpty && localIds.count <= 1000, "LOCAL_ID_LIST_EXCEEDS_LIMIT")
        let force = try request.bool("force") == true
        var errors: [JSONValue] = []
        for (index, localId) in localIds.enumerated() {
            guard let user = project.user(localId: localId) else { continue }
            if !user.disabled && !force {
                errors.append([
                    "index": .number(Double(index)), "localId": .string(localId),
                    "message": "NOT_DISABLED : Disable the account before batch deletion.",
                ])
            } else {
                project.deleteUser(localId: localId)
            }
        }
        return .json(errors.isEmpty ? [:] : ["errors": .array(errors)])
    }

    /// Imports users; each failure is reported in `error[]` by index and the others are still imported.
    static func batchCreate(_ request: RouteRequest, _ state: EmulatorState) throws(APIError) -> HTTPResponse {
        let project = try state.project(for: request)
        try state.checkProjectEnabled(project)
        // The schema has checked that each user is an object.
        let users = (try request.array("users") ?? []).compactMap(\.object)
        try ensure(!users.isEmpty, "MISSING_USER_ACCOUNT")
        let options = UserImport.Options(
            sanityCheck: try request.bool("sanityCheck") == true,
            allowOverwrite: try request.bool("allowOverwrite") == true,
            oneAccountPerEmail: !state.config.allowDuplicateEmails,
            passwordHash: try ImportedPasswordHash.parse(request))
        try UserImport.checkBatch(users, options: options)
        var errors: [JSONValue] = []
        let nowMillis = Timestamp.nowMillis()
        for (index, entry) in users.enumerated() {
            do {
                project.save(try UserImport.record(from: entry, into: project, options: options, nowMillis: nowMillis))
            } catch {
                errors.append([
                    "index": .number(Double(index)), "message": .string(UserImport.friendlyMessage(error.message)),
                ])
            }
        }
        return .json(["kind": "identitytoolkit#UploadAccountResponse", "error": .array(errors)])
    }
}

/// One `accounts:batchCreate` user entry turned into a stored account, with Firebase's per-user checks.
enum UserImport {
    /// The request-wide switches of an import.
    struct Options {
        /// `sanityCheck`: duplicate emails and IdP ids within the request are rejected.
        let sanityCheck: Bool
        /// `allowOverwrite`: an existing localId may be replaced.
        let allowOverwrite: Bool
        /// The project's one-account-per-email setting.
        let oneAccountPerEmail: Bool
        /// The request's hash algorithm and parameters, for the users' `passwordHash`es.
        let passwordHash: ImportedPasswordHash?
    }

    /// The checks over the whole request, before any user is written (DUPLICATE_EMAIL, DUPLICATE_RAW_ID, DUPLICATE_LOCAL_ID).
    static func checkBatch(_ users: [JSONObject], options: Options) throws(APIError) {
        // A hash needs its algorithm, except the emulator's own (`fakeHash:…`, as its lookups and exports show it).
        if options.passwordHash == nil {
            for hash in users.compactMap({ $0["passwordHash"]?.string }) where !hash.isEmpty {
                try ensure(hash.hasPrefix("fakeHash:"), "MISSING_HASH_ALGORITHM")
            }
        }
        if options.sanityCheck {
            if options.oneAccountPerEmail {
                var emails: Set<String> = []
                for email in users.compactMap({ $0["email"]?.string }) where !email.isEmpty {
                    try ensure(emails.insert(email).inserted, "DUPLICATE_EMAIL : \(email)")
                }
            }
            var identities: Set<String> = []
            for info in users.flatMap({ $0["providerUserInfo"]?.array ?? [] }) {
                let providerId = info["providerId"]?.string ?? "undefined"
                let rawId = info["rawId"]?.string ?? "undefined"
                try ensure(
                    identities.insert("\(providerId):\(rawId)").inserted,
                    "DUPLICATE_RAW_ID : Provider id(\(providerId)), Raw id(\(rawId))")
            }
        }
        if !options.allowOverwrite {
            var localIds: Set<String> = []
            for user in users {
                let localId = user["localId"]?.string ?? ""
                try ensure(localIds.insert(localId).inserted, "DUPLICATE_LOCAL_ID : \(localId)")
            }
        }
    }

    /// The members whose length is bounded, with the name their bound has.
    private static let boundedMembers = [
        ("displayName", "displayName"), ("photoUrl", "photoUrl"), ("email", "email"),
        ("rawPassword", "password"),
    ]

    /// The account for one entry; throws a business error whose message becomes the entry's `error[]` message.
    static func record(from entry: JSONObject, into project: ProjectState, options: Options, nowMillis: Int)
        throws(APIError) -> UserRecord
    {
        guard let localId = entry["localId"]?.string, !localId.isEmpty else {
            throw APIError.badRequest("localId is missing")
        }
        if let tenantId = entry["tenantId"]?.string, !tenantId.isEmpty {
            try ensure(project.tenantId == tenantId, "Tenant id in userInfo does not match the tenant id in request.")
        }
        var user = UserRecord(localId: localId, createdAt: nowMillis, tenantId: project.tenantId)
        for (member, pointer) in boundedMembers {
            if let text = entry[member]?.string { _ = try StoredStringBounds.check(text, pointer: pointer) }
        }
        user.displayName = entry["displayName"]?.string
        user.photoUrl = entry["photoUrl"]?.string
        user.lastLoginAt = entry["lastLoginAt"].flatMap(integer)
        if let hash = entry["passwordHash"]?.string, !hash.isEmpty {
            if let algorithm = options.passwordHash {
                try checkImportedHash(hash, salt: entry["salt"]?.string, algorithm: algorithm)
                user.importedHash = algorithm
            }
            user.passwordHash = hash
            user.salt = entry["salt"]?.string
            user.passwordUpdatedAt = nowMillis
        } else if let password = entry["rawPassword"]?.string, !password.isEmpty {
            let salt = entry["salt"]?.string ?? UserRecord.newSalt()
            user.salt = salt
            user.passwordHash = UserRecord.fakeHash(salt: salt, password: password)
            user.passwordUpdatedAt = nowMillis
        }
        if let claims = entry["customAttributes"]?.string, !claims.isEmpty {
            _ = try CustomClaims.validate(serialized: claims)
            user.customAttributes = claims
        }
        for info in entry["providerUserInfo"]?.array ?? [] {
            let providerId = info["providerId"]?.string ?? ""
            if providerId == "password" || providerId == "phone" { continue }
            guard let rawId = info["rawId"]?.string, !rawId.isEmpty, !providerId.isEmpty else {
                try ensure(
                    info["federatedId"]?.string == nil,
                    "((Parsing federatedId is not implemented in Auth Emulator; please specify providerId AND rawId as a workaround.))"
                )
                throw APIError.badRequest("federatedId or (providerId & rawId) is required")
            }
            if let owner = project.user(providerId: providerId, rawId: rawId) {
                try ensure(owner.localId == localId, "raw id exists in other account in database")
            }
            if let object = info.object, let provider = ProviderUserInfo(json: object) { user.upsertProvider(provider) }
        }
        if let phone = entry["phoneNumber"]?.string, !phone.isEmpty {
            try ensure(isValidPhoneNumber(phone), "phone number format is invalid")
            user.phoneNumber = phone
        }
        user.validSince = nowMillis / 1000
        if let createdAt = entry["createdAt"].flatMap(integer) { user.createdAt = createdAt }
        if let email = entry["email"]?.string, !email.isEmpty {
            try ensure(isValidEmail(email), "email is invalid")
            if let owner = project.user(email: email) {
                try ensure(
                    owner.localId == localId,
                    options.sanityCheck && options.oneAccountPerEmail
                        ? "email exists in other account in database"
                        : "((Auth Emulator does not support importing duplicate email: \(email)))")
            }
            user.email = email.lowercased()
        }
        user.emailVerified = entry["emailVerified"].map(JavaScriptTruthiness.isTruthy) ?? false
        user.disabledFlag = entry["disabled"].map(JavaScriptTruthiness.isTruthy) ?? false
        if let enrollments = entry["mfaInfo"]?.array, !enrollments.isEmpty {
            try ensure(user.email != nil, "Second factor account requires email to be presented.")
            try ensure(user.emailVerified == true, "Second factor account requires email to be verified.")
            user.mfaInfo = try importedEnrollments(enrollments, nowMillis: nowMillis)
        }
        if project.hasUser(localId: localId) {
            try ensure(options.allowOverwrite, "localId belongs to an existing account - can not overwrite.")
        }
        user.syncPasswordProvider()
        user.syncPhoneProvider()
        return user
    }

    /// The bounds of one user's imported hash and salt: base64 (either alphabet) of at most 1 KiB, and for BCRYPT a
    /// bcrypt hash whose cost `Bcrypt.costs` accepts.
    private static func checkImportedHash(_ hash: String, salt: String?, algorithm: ImportedPasswordHash)
        throws(APIError)
    {
        guard let bytes = Base64.decodeEitherAlphabet(hash), bytes.count <= 1024,
            algorithm.algorithm != .bcrypt || Bcrypt(String(decoding: bytes, as: UTF8.self)) != nil
        else { throw APIError.badRequest("password hash is invalid") }
        if let salt, !salt.isEmpty {
            guard let bytes = Base64.decodeEitherAlphabet(salt), bytes.count <= 1024 else {
                throw APIError.badRequest("salt is invalid")
            }
        }
    }

    /// Production's wording for the custom-claims errors of an import.
    static func friendlyMessage(_ message: String) -> String {
        if message == "INVALID_CLAIMS" { return "Invalid custom claims provided." }
        if message == "CLAIMS_TOO_LARGE" { return "Custom claims provided are too large." }
        if message.hasPrefix("FORBIDDEN_CLAIM") { return "Custom claims provided include a reserved claim." }
        return message
    }

    private static func importedEnrollments(_ entries: [JSONValue], nowMillis: Int) throws(APIError) -> [MFAEnrollment]
    {
        var ids: Set<String> = []
        for id in entries.compactMap({ $0["mfaEnrollmentId"]?.string }) where !id.isEmpty {
            try ensure(ids.insert(id).inserted, "Enrollment id already exists.")
        }
        var enrollments: [MFAEnrollment] = []
        for entry in entries {
            var id = entry["mfaEnrollmentId"]?.string ?? ""
            while id.isEmpty || ids.contains(id) && entry["mfaEnrollmentId"]?.string != id {
                id = RandomID.alphanumeric(count: 28)
            }
            ids.insert(id)
            guard let phone = entry["phoneInfo"]?.string, !phone.isEmpty else {
                throw APIError.badRequest("Second factor not supported.")
            }
            try ensure(isValidPhoneNumber(phone), "Phone number format is invalid")
            enrollments.append(
                MFAEnrollment(
                    mfaEnrollmentId: id, displayName: entry["displayName"]?.string, phoneInfo: phone,
                    totpSharedSecret: nil,
                    enrolledAt: entry["enrolledAt"]?.string ?? Timestamp.iso8601(millis: nowMillis)))
        }
        return enrollments
    }

    /// A millisecond count sent as a number or a numeric string.
    private static func integer(_ value: JSONValue) -> Int? {
        switch value {
        case .number(let number): return number.isFinite ? Int(number) : nil
        case .string(let text): return Int(text)
        default: return nil
        }
    }
}
