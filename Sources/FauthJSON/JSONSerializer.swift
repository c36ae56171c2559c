extension JSONValue {
    /// The JSON text: compact, or indented by two spaces when `pretty`; members in insertion order.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
    }

    /// The JSON text as UTF-8 bytes.
    public func serializedBytes(pretty: Bool = false) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        JSONSerializer(pretty: pretty).write(self, into: &output, indent: 0)
        return output
    }
}

/// Writes JSON text; integral numbers print without a fraction, and strings escape only what JSON requires.
struct JSONSerializer {
    let pretty: Bool

    func write(_ value: JSONValue, into output: inout [UInt8], indent: Int) {
        switch value {
        case .null: output.append(contentsOf: Array("null".utf8))
        case .bool(let flag): output.append(contentsOf: Array((flag ? "true" : "false").utf8))
        case .number(let number): output.append(contentsOf: Array(Self.format(number).utf8))
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

    static func writeString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                output.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                           hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
