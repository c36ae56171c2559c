import FauthJSON

#if canImport(Glibc)
import Glibc
#endif

/// The API key and project id read from a Firebase config file: a `GoogleService-Info.plist`, a
/// `google-services.json`, or a web config JSON (`{"apiKey","projectId",…}`, also nested under `firebaseConfig`
/// or `config`). The format is recognised from the content, not the name.
package struct FirebaseConfigFile: Sendable, Equatable {
    /// The Web API key (`API_KEY`, `client[0].api_key[0].current_key` or `apiKey`).
    package var apiKey: String
    /// The project id (`PROJECT_ID`, `project_info.project_id` or `projectId`), when the file has one.
    package var projectId: String?

    /// Makes config file values.
    package init(apiKey: String, projectId: String? = nil) {
        self.apiKey = apiKey
        self.projectId = projectId
    }

    /// Config files larger than this are refused.
    static let sizeLimit = 1 << 20

    /// Reads (within `seconds`, `InputFile`'s rule) and parses the file at `path`; unreadable or not a config with an
    /// API key → `usage` naming the path.
    package static func read(
        path: String, within seconds: Double = CallOptions.defaultTimeout
    ) throws -> FirebaseConfigFile {
        let content: [UInt8]
        do throws(InputFile.Problem) {
            content = try InputFile.read(path, limit: sizeLimit, within: seconds)
        } catch {
            var underlying: UnderlyingError?
            if case .system(let system) = error { underlying = system.underlying }
            throw FauthError(.usage, message: "The config file '\(path)' \(error.description).", underlying: underlying)
        }
        return try parse(content, path: path)
    }

    /// Parses config file content; `path` only names the file in errors.
    package static func parse(_ content: [UInt8], path: String) throws -> FirebaseConfigFile {
        let content = content.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(content.dropFirst(3)) : content  // UTF-8 BOM
        let values: (apiKey: String?, projectId: String?)
        switch content.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
        case UInt8(ascii: "<"), UInt8(ascii: "b"):
            values = try plistValues(content, path: path)
        case UInt8(ascii: "{"):
            values = try jsonValues(content, path: path)
        default:
            throw FauthError(
                .usage,
                message: "The config file \(path) is not a GoogleService-Info.plist, google-services.json "
                    + "or web config JSON.")
        }
        guard let apiKey = values.apiKey, !apiKey.isEmpty else {
            throw FauthError(.usage, message: "The config file \(path) has no API key.")
        }
        return FirebaseConfigFile(apiKey: apiKey, projectId: values.projectId.flatMap { $0.isEmpty ? nil : $0 })
    }

    private static func plistValues(_ content: [UInt8], path: String) throws -> (apiKey: String?, projectId: String?) {
        do {
            let strings = try PropertyListStrings.read(content)
            return (strings["API_KEY"], strings["PROJECT_ID"])
        } catch {
            throw FauthError(.usage, message: "The config file \(path) is not a valid property list.")
        }
    }

    private static func jsonValues(_ content: [UInt8], path: String) throws -> (apiKey: String?, projectId: String?) {
        let document: JSONValue
        do {
            document = try JSONValue.parse(content)
        } catch {
            throw FauthError(.usage, message: "The config file \(path) is not valid JSON (\(error.description)).")
        }
        if let projectInfo = document["project_info"] {
            // google-services.json
            let apiKey = document["client"]?.array?.first?["api_key"]?.array?.first?["current_key"]?.string
            return (apiKey, projectInfo["project_id"]?.string)
        }
        for web in [document["firebaseConfig"], document["config"], document] {
            if let web, web["apiKey"] != nil {
                return (web["apiKey"]?.string, web["projectId"]?.string)
            }
        }
        return (nil, nil)
    }
}
