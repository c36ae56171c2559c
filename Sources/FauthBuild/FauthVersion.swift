import CBuildStamp
import FauthJSON

/// The version of fauth and of the build it is: what both executables' `--version` print and `X-Client-Version` sends.
package enum FauthVersion {
    /// The version (semantic versioning), the one place it is written: scripts/package reads it here.
    package static let current = "0.1.0"

    /// The commit the binary was built from; nil when it was not stamped (scripts/build-release stamps it).
    package static var commit: String? { nonEmpty(fauth_build_commit()) }

    /// When the sources built were committed (SOURCE_DATE_EPOCH), ISO-8601 UTC; nil when it was not stamped.
    package static var buildDate: String? { nonEmpty(fauth_build_date()) }

    /// The processor the binary was built for, as `uname -m` names it.
    package static var architecture: String {
        #if arch(x86_64)
        "x86_64"
        #elseif arch(arm64)
        "aarch64"
        #else
        "unknown"
        #endif
    }

    /// `{"program", "version", "commit", "buildDate", "architecture"}` followed by `libraries` (what the program loads
    /// at run time, by library): the `--version --json` document, schemas/version.json.
    package static func jsonObject(program: String, libraries: JSONObject) -> JSONValue {
        [
            "program": .string(program),
            "version": .string(current),
            "commit": commit.map(JSONValue.string) ?? .null,
            "buildDate": buildDate.map(JSONValue.string) ?? .null,
            "architecture": .string(architecture),
            "libraries": .object(libraries),
        ]
    }

    private static func nonEmpty(_ text: UnsafePointer<CChar>) -> String? {
        let string = String(cString: text)
        return string.isEmpty ? nil : string
    }
}
