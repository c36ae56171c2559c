import FauthJSON
import Foundation

/// One project in an export folder: `accounts.json` (its users and its tenants' users, as Firebase's emulator
/// exports them), `config.json` and `tenants.json` (fauth: each tenant's toggles and configuration).
enum ProjectArchive {
    /// What an export takes of one project under its lock.
    struct Capture {
        /// The project's id.
        let projectId: String
        fileprivate let users: [UserSnapshot]
        fileprivate let config: JSONObject
        fileprivate let tenants: [JSONValue]

        /// Writes the project's three files into `folder`.
        func write(to folder: String) throws(StateArchiveError) {
            var accounts = try ArchiveFile(path: folder + "/accounts.json")
            try accounts.append(#"{"kind":"identitytoolkit#DownloadAccountResponse","users":["#.utf8)
            var first = true
            for project in users {
                for user in project.usersInOrder {
                    if !first { try accounts.append(CollectionOfOne(UInt8(ascii: ","))) }
                    first = false
                    try accounts.append(JSONValue.object(user.archivedAccountInfo).serializedBytes(pretty: false))
                }
            }
            try accounts.append("]}".utf8)
            try accounts.commit()
            try ArchiveFile.writeJSON(.object(config), to: folder + "/config.json")
            try ArchiveFile.writeJSON(["tenants": .array(tenants)], to: folder + "/tenants.json")
        }
    }

    /// A capture of `state`, taken under its lock.
    static func capture(_ state: EmulatorState) -> Capture {
        state.lock.withLock {
            let tenantIds = state.tenantIds.sorted()
            let projects = [state.defaultProject] + tenantIds.map { state.project(tenantId: $0) }
            return Capture(
                projectId: state.projectId, users: projects.map(\.snapshot), config: state.config.json,
                tenants: tenantIds.map { .object(tenantRecord(state.project(tenantId: $0))) })
        }
    }

    /// A tenant as `tenants.json` keeps it: its id, its four toggles and its own configuration members.
    private static func tenantRecord(_ tenant: ProjectState) -> JSONObject {
        let settings = tenant.tenantSettings ?? SignInSettings()
        var record = tenant.tenantConfig
        record["tenantId"] = tenant.tenantId.map(JSONValue.string)
        record["allowPasswordSignup"] = .bool(settings.allowPasswordSignup)
        record["enableEmailLinkSignin"] = .bool(settings.enableEmailLinkSignin)
        record["enableAnonymousUser"] = .bool(settings.enableAnonymousUser)
        record["disableAuth"] = .bool(settings.disableAuth)
        return record
    }

    /// One project's files as read, before its lock is taken.
    struct Contents {
        /// The accounts by tenant id (nil for the project's own), in the file's order.
        let tables: [String?: UserTable]
        /// The project's config, as `config.json` holds it.
        var config: JSONObject
        /// Where `config` was read from, for a refusal to name.
        let configPath: String
        /// The tenants' records by tenant id, in the file's order.
        var tenants: [(tenantId: String, settings: SignInSettings, config: JSONObject)]
        /// Where `tenants` was read from, for a refusal to name.
        let tenantsPath: String

        /// Replaces the users of `state` with these, applies the config and restores the tenants; the caller holds
        /// the state's lock.
        func restore(into state: EmulatorState) throws(StateArchiveError) {
            do {
                try state.config.apply(config)
            } catch {
                throw StateArchiveError(description: "\(configPath) is refused: \(error.message)")
            }
            state.defaultProject.deleteAllUsers()
            for tenantId in state.tenantIds { state.project(tenantId: tenantId).deleteAllUsers() }
            for tenant in tenants {
                let project = state.project(tenantId: tenant.tenantId)
                project.tenantSettings = tenant.settings
                project.tenantConfig = tenant.config
            }
            for (tenantId, table) in tables { state.project(tenantId: tenantId).replaceUsers(with: table) }
        }
    }

    /// Reads the project in `folder`: its accounts one at a time, each held to batchCreate's rules
    /// (`ImportedAccounts`); `config.json` and `tenants.json` may be missing.
    static func read(from folder: String) throws(StateArchiveError) -> Contents {
        let accountsPath = folder + "/accounts.json"
        let configPath = folder + "/config.json"
        let tenantsPath = folder + "/tenants.json"
        let config =
            FileManager.default.fileExists(atPath: configPath) ? try StateArchive.readObject(configPath) : [:]
        let tenants =
            FileManager.default.fileExists(atPath: tenantsPath)
            ? try readTenants(StateArchive.readObject(tenantsPath), path: tenantsPath) : []
        let fd = try StateArchive.openRegularFile(accountsPath)
        defer { close(fd) }
        var reader = JSONArrayReader(fileDescriptor: fd)
        var accounts = ImportedAccounts()
        do {
            try reader.forEachElement(ofMember: "users") { element in
                let entry: JSONValue
                do {
                    entry = try JSONValue.parse(Array(element))
                } catch let error as JSONParseError {
                    throw JSONArrayReader.Malformed(description: "is not valid JSON: \(error.description)")
                }
                try accounts.add(entry)
            }
        } catch let failure as FileChunk.ReadFailure {
            throw StateArchiveError(
                description: "cannot read \(accountsPath): \(String(cString: strerror(failure.code)))")
        } catch let refusal as StateArchiveError {
            throw StateArchiveError(description: "\(accountsPath): \(refusal.description)")
        } catch {
            throw StateArchiveError(description: "\(accountsPath) \(error)")
        }
        return Contents(
            tables: accounts.tables, config: config, configPath: configPath, tenants: tenants, tenantsPath: tenantsPath)
    }

    /// The records of `tenants.json`: each an object with a non-empty `tenantId`, named once, boolean toggles.
    private static func readTenants(_ object: JSONObject, path: String) throws(StateArchiveError) -> [(
        tenantId: String, settings: SignInSettings, config: JSONObject
    )] {
        guard case .array(let list)? = object["tenants"] else {
            throw StateArchiveError(description: "\(path) has no \"tenants\" array")
        }
        var tenants: [(tenantId: String, settings: SignInSettings, config: JSONObject)] = []
        for (index, entry) in list.enumerated() {
            guard var record = entry.object, let tenantId = record["tenantId"]?.string, !tenantId.isEmpty,
                !tenants.contains(where: { $0.tenantId == tenantId })
            else {
                throw StateArchiveError(description: "\(path): tenants[\(index)] has no tenantId of its own")
            }
            var settings = SignInSettings()
            for (key, flag) in [
                ("allowPasswordSignup", \SignInSettings.allowPasswordSignup),
                ("enableEmailLinkSignin", \.enableEmailLinkSignin), ("enableAnonymousUser", \.enableAnonymousUser),
                ("disableAuth", \.disableAuth),
            ] {
                switch record[key] {
                case nil: break
                case .bool(let on)?: settings[keyPath: flag] = on
                default: throw StateArchiveError(description: "\(path): tenants[\(index)].\(key) is not a boolean")
                }
                record[key] = nil
            }
            record["tenantId"] = nil
            tenants.append((tenantId, settings, record))
        }
        return tenants
    }
}
