import FauthJSON
import Foundation

/// The emulator's signing keys in an export folder: `auth_export/fauth_signing_keys.json`, in the owner-only folder
/// beside the accounts (it holds private keys), which Firebase's emulators ignore. Written only once a key was made.
enum SigningKeyArchive {
    /// The file's name inside the auth folder.
    static let fileName = "fauth_signing_keys.json"

    /// Writes `keys` (from `TokenSigner.exported()`) when there are any, after the rest of the export.
    static func write(_ keys: JSONObject?, to directory: String) throws(StateArchiveError) {
        guard let keys else { return }
        var file = try ArchiveFile(path: directory + "/" + StateArchive.authFolder + "/" + fileName)
        try file.append(JSONValue.object(keys).serializedBytes(pretty: false))
        try file.commit()
    }

    /// The keys an export folder holds; nil when it has none.
    static func read(from directory: String) throws(StateArchiveError) -> JSONObject? {
        let path = directory + "/" + StateArchive.authFolder + "/" + fileName
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try StateArchive.readObject(path)
    }
}
