/// The version of fauth, reported by `--version` and sent in `X-Client-Version`.
public enum FauthVersion {
    /// The version string (semantic versioning).
    public static let current = "0.1.0"
}
