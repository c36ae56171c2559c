/// The version of fauth, reported by `--version` and sent in `X-Client-Version`.
package enum FauthVersion {
    /// The version string (semantic versioning).
    package static let current = "0.1.0"
}
