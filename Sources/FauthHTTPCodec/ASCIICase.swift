extension StringProtocol {
    /// Whether this equals `other` when ASCII letters are compared without case, as HTTP compares field names and
    /// tokens; nothing is allocated.
    package func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        let left = utf8
        let right = other.utf8
        guard left.count == right.count else { return false }
        // Native strings (all the server makes) are compared over their bytes in place.
        let inPlace = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes in
                var index = 0
                while index < leftBytes.count {
                    if asciiLowercase(leftBytes[index]) != asciiLowercase(rightBytes[index]) { return false }
                    index += 1
                }
                return true
            }
        }
        if let inPlace, let result = inPlace { return result }
        return zip(left, right).allSatisfy { asciiLowercase($0) == asciiLowercase($1) }
    }
}

/// `byte` with an ASCII capital letter made small.
private func asciiLowercase(_ byte: UInt8) -> UInt8 {
    byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
}
