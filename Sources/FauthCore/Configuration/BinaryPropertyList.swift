/// Reads the binary form of a property list (`bplist00`: objects, an offset table and a 32-byte trailer) far enough
/// to return its top-level dictionary's string members (ASCII and UTF-16 strings); every offset is bounds-checked.
struct BinaryPropertyList {
    private let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The string members of the top object, which must be a dictionary.
    func topLevelStrings() throws(PropertyListStrings.Malformed) -> [String: String] {
        guard bytes.count >= 8 + 32 else { throw PropertyListStrings.Malformed() }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let objectCount = try integer(at: trailer + 8, size: 8)
        let topObject = try integer(at: trailer + 16, size: 8)
        let tableOffset = try integer(at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), topObject < objectCount,
            tableOffset <= trailer, objectCount <= (trailer - tableOffset) / offsetSize
        else {
            throw PropertyListStrings.Malformed()
        }
        let offset = { (object: Int) throws(PropertyListStrings.Malformed) -> Int in
            guard object < objectCount else { throw PropertyListStrings.Malformed() }
            return try integer(at: tableOffset + object * offsetSize, size: offsetSize)
        }
        let top = try offset(topObject)
        guard top < tableOffset, bytes[top] >> 4 == 0xD else { throw PropertyListStrings.Malformed() }
        let (count, start) = try length(at: top)
        guard count <= (tableOffset - start) / (2 * referenceSize) else { throw PropertyListStrings.Malformed() }
        var strings: [String: String] = [:]
        for member in 0..<count {
            let key = try integer(at: start + member * referenceSize, size: referenceSize)
            let value = try integer(at: start + (count + member) * referenceSize, size: referenceSize)
            if let key = try string(at: offset(key), end: tableOffset),
                let value = try string(at: offset(value), end: tableOffset)
            {
                strings[key] = value
            }
        }
        return strings
    }

    /// The string object at `position`; nil when the object there is of another kind.
    private func string(at position: Int, end: Int) throws(PropertyListStrings.Malformed) -> String? {
        guard position < end else { throw PropertyListStrings.Malformed() }
        let kind = bytes[position] >> 4
        guard kind == 0x5 || kind == 0x6 else { return nil }
        let (count, start) = try length(at: position)
        let byteCount = kind == 0x5 ? count : 2 * count
        guard byteCount <= end - start else { throw PropertyListStrings.Malformed() }
        let content = bytes[start..<start + byteCount]
        if kind == 0x5 {
            guard content.allSatisfy({ $0 < 0x80 }) else { throw PropertyListStrings.Malformed() }
            return String(decoding: content, as: UTF8.self)
        }
        var units: [UInt16] = []
        units.reserveCapacity(count)
        for unit in 0..<count {
            units.append(UInt16(content[start + 2 * unit]) << 8 | UInt16(content[start + 2 * unit + 1]))
        }
        guard let text = String(validating: units, as: UTF16.self) else { throw PropertyListStrings.Malformed() }
        return text
    }

    /// The element count of the dictionary or string at `position` (in its marker, or in the integer object after it
    /// when the marker says 0xF), and where its content starts.
    private func length(at position: Int) throws(PropertyListStrings.Malformed) -> (count: Int, start: Int) {
        let low = Int(bytes[position] & 0x0F)
        guard low == 0x0F else { return (low, position + 1) }
        guard position + 1 < bytes.count, bytes[position + 1] >> 4 == 0x1 else { throw PropertyListStrings.Malformed() }
        let size = 1 << Int(bytes[position + 1] & 0x0F)
        guard size <= 8 else { throw PropertyListStrings.Malformed() }
        return (try integer(at: position + 2, size: size), position + 2 + size)
    }

    /// The big-endian unsigned integer of `size` bytes at `position`; within Int's positive range.
    private func integer(at position: Int, size: Int) throws(PropertyListStrings.Malformed) -> Int {
        guard position >= 0, size <= bytes.count - position else { throw PropertyListStrings.Malformed() }
        var value: UInt64 = 0
        for byte in bytes[position..<position + size] {
            value = value << 8 | UInt64(byte)
        }
        guard value <= UInt64(Int.max / 2) else { throw PropertyListStrings.Malformed() }
        return Int(value)
    }
}
