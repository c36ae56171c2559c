/// The string members of a property list's top-level dictionary, read from either form Apple's tools write: XML
/// (`<plist><dict><key>…</key><string>…</string>…`) or binary (`bplist00`). Members of other kinds are skipped.
/// Enough for a `GoogleService-Info.plist`; not a general property-list parser.
enum PropertyListStrings {
    /// Why a property list could not be read.
    struct Malformed: Error {}

    /// The top-level dictionary's string members; `Malformed` when the content is neither form, or is broken.
    static func read(_ content: [UInt8]) throws(Malformed) -> [String: String] {
        if content.starts(with: Array("bplist00".utf8)) {
            return try BinaryPropertyList(content).topLevelStrings()
        }
        return try XMLPropertyList(content).topLevelStrings()
    }
}
