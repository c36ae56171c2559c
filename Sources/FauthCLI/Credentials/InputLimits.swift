/// The bounds on what fauth reads (man page, LIMITS), checked before any request; reading stops one chunk past a
/// bound, so an endless input (`yes`, `/dev/zero`) ends in a usage error instead of filling memory.
enum InputLimits {
    /// Firebase's maximum password length, in Unicode characters (code points).
    static let passwordCharacters = 4096
    /// The bytes read for a password: the longest password in UTF-8 and a trailing CR LF.
    static let passwordBytes = passwordCharacters * 4 + 2
    /// Tokens, nonces and secrets, whether given on the command line, as `@FILE` or as `@-`: 64 KiB.
    static let tokenBytes = 65_536
}
