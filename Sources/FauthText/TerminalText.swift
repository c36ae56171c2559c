/// Text from elsewhere (a server, a token, the command line) made safe to print on a terminal in text mode: every
/// character that can change how the terminal shows the line (C0, DEL, C1, the bidi controls U+200E, U+200F,
/// U+202A–U+202E, U+2066–U+2069, and the invisible U+200B–U+200D and U+FEFF) is written as a `\xHH` or `\u{HHHH}`
/// escape, so a display name can neither rewrite the user's terminal nor reorder or hide what a line says. JSON
/// output keeps every character exact.
package enum TerminalText {
    /// `text` with every such character escaped.
    package static func escaped(_ text: String) -> String {
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
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x200B...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
