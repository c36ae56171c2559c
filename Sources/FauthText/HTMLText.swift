/// Text made safe to put in an HTML page, for the pages fauth (the browser sign-in's closing page) and
/// fauth-emulator (its identity-provider page) serve.
package enum HTMLText {
    /// `text` with the characters HTML gives meaning to (`& < > " '`) replaced by references, safe in element
    /// content and in quoted attribute values.
    package static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
