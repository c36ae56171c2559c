import FauthJSON

/// Request keys normalised as Firebase's emulator does before validating a body: lodash's `camelCase` on every key at
/// every depth, so `grant_type` → `grantType`, `photoURL` → `photoUrl`, `ID_TOKEN` → `idToken`.
enum CamelCaseKeys {
    /// `value` with every object key converted by `camelCase`, at every depth.
    static func converting(_ value: JSONValue) -> JSONValue {
        if isConverted(value) { return value }
        switch value {
        case .object(let object):
            var converted = JSONObject()
            for (key, member) in object { converted[camelCase(key)] = converting(member) }
            return .object(converted)
        case .array(let elements):
            return .array(elements.map(converting))
        default:
            return value
        }
    }

    /// Whether no key in `value`, at any depth, is changed by `camelCase` (the common case: clients send camelCase).
    private static func isConverted(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let object): return object.allSatisfy { isCamelCase($0.key) && isConverted($0.value) }
        case .array(let elements): return elements.allSatisfy(isConverted)
        default: return true
        }
    }

    /// A sufficient test that `camelCase(key) == key`, without splitting it: ASCII letters and digits only, a
    /// lower-case letter first, no two capitals in a row (`URL` → `Url`) and no lower-case letter after a digit
    /// (`a1b` → `a1B`).
    static func isCamelCase(_ key: String) -> Bool {
        var previous: UInt8 = 0
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(previous) { return false }
            case UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if previous == 0 || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(previous) { return false }
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if previous == 0 { return false }
            default:
                return false
            }
            previous = byte
        }
        return previous != 0
    }

    /// lodash's `camelCase`: the key split into words, the first lower-cased, the others capitalised, joined.
    static func camelCase(_ key: String) -> String {
        var result = ""
        for (index, word) in words(of: key).enumerated() {
            let lower = word.lowercased()
            result += index == 0 ? lower : lower.prefix(1).uppercased() + lower.dropFirst()
        }
        return result
    }

    /// The kind of one character in lodash's word rules: ASCII and Latin-1 letters have a case; other letters join
    /// lower-case runs; ASCII punctuation and spaces, Latin-1 symbols and general punctuation break words.
    private enum Kind { case upper, lower, digit, separator }

    private static func kind(_ scalar: Unicode.Scalar) -> Kind {
        switch scalar.value {
        case 0x41...0x5A, 0xC0...0xD6, 0xD8...0xDE: return .upper
        case 0x30...0x39: return .digit
        case 0x61...0x7A, 0xDF...0xF6, 0xF8...0xFF: return .lower
        case 0x00...0xBF, 0xD7, 0xF7, 0x2000...0x206F: return .separator
        default: return scalar.properties.isWhitespace ? .separator : .lower
        }
    }

    /// lodash's word split: runs of digits; a lower-case run with an optional capital (`Token`); an upper-case run,
    /// leaving its last capital to a following lower-case run (`URLToken` → `URL`, `Token`).
    static func words(of key: String) -> [String] {
        let scalars = Array(key.unicodeScalars)
        let kinds = scalars.map(kind)
        func run(of kind: Kind, from index: Int) -> Int {
            var end = index
            while end < kinds.count, kinds[end] == kind { end += 1 }
            return end
        }
        var words: [String] = []
        var start = 0
        while start < scalars.count {
            var end: Int
            switch kinds[start] {
            case .separator:
                start += 1
                continue
            case .digit, .lower:
                end = run(of: kinds[start], from: start)
            case .upper:
                end = run(of: .upper, from: start)
                if end < kinds.count, kinds[end] == .lower {
                    end = end - start > 1 ? end - 1 : run(of: .lower, from: end)
                }
            }
            words.append(String(String.UnicodeScalarView(scalars[start..<end])))
            start = end
        }
        return words
    }
}
