extension JSONValue {
    /// The JSON text: compact, or indented by two spaces when `pretty`; members in insertion order.
    package func serialized(pretty: Bool = false) -> String {
        String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
    }

    /// The JSON text as UTF-8 bytes.
    package func serializedBytes(pretty: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)  // an account's answer in one allocation
        JSONSerializer(pretty: pretty).write(self, into: &output, indent: 0)
        return output
    }
}

/// Writes JSON text; integral numbers print without a fraction, and strings escape only what JSON requires.
struct JSONSerializer {
    let pretty: Bool

    func write(_ value: JSONValue, into output: inout [UInt8], indent: Int) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: Self.format(number).utf8)
        case .string(let text): Self.writeString(text, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(into: &output, indent: indent + 1)
                write(element, into: &output, indent: indent + 1)
            }
            if !elements.isEmpty { newline(into: &output, indent: indent) }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(into: &output, indent: indent + 1)
                Self.writeString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                write(member.value, into: &output, indent: indent + 1)
            }
            if !object.isEmpty { newline(into: &output, indent: indent) }
            output.append(UInt8(ascii: "}"))
        }
    }

    private func newline(into output: inout [UInt8], indent: Int) {
        guard pretty else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if abs(number) < 1e15, let integral = Int64(exactly: number) {
            return String(integral)
        }
        return "\(number)"
    }

    /// Writes `text` quoted, copying the runs between escapes whole.
    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            var position = 0
            while position < utf8.count {
                // Whole words with nothing to escape are passed over, then one byte is looked at.
                while position + 8 <= utf8.count {
                    let word = ByteScan.word(utf8, at: position)
                    if ByteScan.hasQuoteBackslashOrControl(word) || ByteScan.hasDelete(word) { break }
                    position += 8
                }
                guard position < utf8.count else { break }
                let byte = utf8[position]
                position += 1
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F else {
                    continue
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<(position - 1)]))
                writeEscape(byte, into: &output)
                runStart = position
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// The escape of a quote, a backslash or a control character.
    private static func writeEscape(_ byte: UInt8, into output: inout [UInt8]) {
        output.append(0x5C)
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            let hex = { (nibble: UInt8) in nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10 }
            output.append(contentsOf: [
                UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex(byte >> 4), hex(byte & 0x0F),
            ])
        }
    }
}
