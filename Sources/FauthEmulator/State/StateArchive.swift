import Foundation
import FauthJSON

/// A failure reading or writing an export folder.
public struct StateArchiveError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, naming the file.
    public let description: String
}

/// The users and config in the Firebase emulators' export layout:
/// `firebase-export-metadata.json`, `<auth.path>/accounts.json`, `<auth.path>/config.json`.
struct StateArchive {
    /// The firebase-tools version the metadata names (the one the reference describes).
    static let firebaseToolsVersion = "15.28.1"
    /// The auth folder name Firebase's emulators use.
    static let authFolder = "auth_export"

    /// Every user, each with its `tenantId` when it belongs to a tenant.
    var users: [JSONValue]
    /// The config object.
    var config: JSONObject

    /// What an export takes under the emulator's lock: O(1) copies of each project's users and of the config.
    struct Capture {
        fileprivate let projects: [UserSnapshot]
        fileprivate let config: JSONObject

        /// The archive of this capture, built without the lock.
        var archive: StateArchive {
            StateArchive(users: projects.flatMap { $0.allUsers.map { JSONValue.object($0.archivedAccountInfo) } }, config: config)
        }
    }

    /// A capture of `state`.
    static func capture(_ state: EmulatorState) -> Capture {
        let projects = [state.defaultProject] + state.tenantIds.sorted().map { state.project(tenantId: $0) }
        return Capture(projects: projects.map(\.snapshot), config: state.config.json)
    }

    /// Reads an export folder.
    static func read(from directory: String) throws(StateArchiveError) -> StateArchive {
        let metadata = try readObject(directory + "/firebase-export-metadata.json")
        let folder = metadata["auth"]?["path"]?.string ?? authFolder
        let accounts = try readObject(directory + "/" + folder + "/accounts.json")
        let configPath = directory + "/" + folder + "/config.json"
        let config = FileManager.default.fileExists(atPath: configPath) ? try readObject(configPath) : [:]
        return StateArchive(users: accounts["users"]?.array ?? [], config: config)
    }

    private init(users: [JSONValue], config: JSONObject) {
        self.users = users
        self.config = config
    }

    /// The archive's accounts as stored users, made before the emulator's lock is taken.
    var records: [UserRecord] { users.compactMap { $0.object.flatMap(UserRecord.init(accountInfo:)) } }

    /// Replaces the users in `state` with `records` (this archive's) and applies its config.
    func restore(_ records: [UserRecord], into state: EmulatorState) throws(APIError) {
        try state.config.apply(config)
        state.defaultProject.deleteAllUsers()
        for tenantId in state.tenantIds { state.project(tenantId: tenantId).deleteAllUsers() }
        for user in records { state.project(tenantId: user.tenantId).save(user) }
    }

    /// Writes the folder, creating it when needed.
    func write(to directory: String) throws(StateArchiveError) {
        let metadata: JSONValue = [
            "version": .string(Self.firebaseToolsVersion),
            "auth": ["version": .string(Self.firebaseToolsVersion), "path": .string(Self.authFolder)],
        ]
        let accounts: JSONValue = ["kind": "identitytoolkit#DownloadAccountResponse", "users": .array(users)]
        let folder = directory + "/" + Self.authFolder
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw StateArchiveError(description: "cannot create \(folder): \(error.localizedDescription)")
        }
        try Self.writeJSON(metadata, to: directory + "/firebase-export-metadata.json")
        try Self.writeJSON(accounts, to: folder + "/accounts.json")
        try Self.writeJSON(.object(config), to: folder + "/config.json")
    }

    private static func readObject(_ path: String) throws(StateArchiveError) -> JSONObject {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw StateArchiveError(description: "cannot read \(path)")
        }
        do {
            guard let object = try JSONValue.parse(Array(data)).object else {
                throw StateArchiveError(description: "\(path) does not hold a JSON object")
            }
            return object
        } catch let error as StateArchiveError {
            throw error
        } catch {
            throw StateArchiveError(description: "\(path) is not valid JSON: \(error)")
        }
    }

    private static func writeJSON(_ value: JSONValue, to path: String) throws(StateArchiveError) {
        do {
            try Data(value.serialized(pretty: true).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw StateArchiveError(description: "cannot write \(path): \(error.localizedDescription)")
        }
    }
}
