import FauthJSON

/// What a successful command prints: a JSON document for `--json`, lines for people otherwise.
struct CommandOutput {
    /// The one JSON document printed on stdout with `--json`; nil for output that is text whatever the mode (help).
    var json: JSONValue?
    /// The text printed on stdout without `--json` (empty for nothing).
    var text: String
    /// Whether the text is requested data (printed even with `--quiet`) rather than a confirmation.
    var isData: Bool
    /// What the person should do next, printed on stderr after the result unless `--json` or `--quiet` (stdout
    /// carries results only); empty for none.
    var note = ""
    /// Whether a JSON object result also names the session file used (`sessionFile`); not for a document printed as
    /// it is (a token's claims).
    var namesSessionFile = true
}
