/// Text from elsewhere (a server, a token, the command line) made safe to print on a terminal in text mode:
/// control characters (C0, DEL, C1) are written as `\xHH` or `\u{HHHH}` escapes, so a display name holding
/// escape sequences cannot rewrite the user's terminal. JSON output escapes them already.
enum TerminalText {
    /// `text` with every control character escaped.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80, isControl(scalar) {
                result += "\\x" + hex(scalar.value, digits: 2)
            } else if isControl(scalar) {
                result += "\\u{" + hex(scalar.value, digits: 4) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
