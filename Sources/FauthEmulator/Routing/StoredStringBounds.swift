/// The longest values the emulator accepts for the account strings it keeps, in Unicode scalars, so that stored
/// accounts (and the export file) stay bounded: a password at most 4,096 characters (Identity Platform's documented
/// maximum password length), an email at most 256 (an SMTP path, RFC 5321), a display name 256 and a photo URL
/// 2,048 (Firebase documents no bound for these two; these are fauth's choice, stated in fauth-emulator(1)).
enum StoredStringBounds {
    /// The bound of each field, by its JSON member name wherever it appears in a request body.
    static let maximum: [String: Int] = [
        "password": 4096, "newPassword": 4096, "email": 256, "newEmail": 256, "displayName": 256, "photoUrl": 2048,
    ]

    private static let smallestBound = maximum.values.min() ?? 0

    /// The last bytes a pointer to a bounded member can end with (a trailing `/` is passed over).
    private static let boundedLastBytes = Set(maximum.keys.compactMap(\.utf8.last)).union([UInt8(ascii: "/")])

    /// `text` unchanged when the member at `pointer` (`/displayName`, `/users/0/email`) is within its bound; else
    /// 400 `INVALID_ARGUMENT` naming the member and the bound.
    static func check(_ text: String, pointer: String) throws(APIError) -> String {
        // A text of no more UTF-8 bytes than the smallest bound has no more scalars than any bound allows.
        guard text.utf8.count > smallestBound else { return text }
        // An ID token is longer than the smallest bound: most long values are no bounded member, told by one byte.
        guard let last = pointer.utf8.last, boundedLastBytes.contains(last) else { return text }
        // The member is the pointer's last segment, found over its bytes (a `/` is never part of a longer UTF-8
        // character): Character-wise, this search cost more than all the rest of an ID token's lookup.
        let bytes = pointer.utf8
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == UInt8(ascii: "/") {
            end = bytes.index(before: end)
        }
        let path = bytes[..<end]
        let member = path.lastIndex(of: UInt8(ascii: "/")).map { path[path.index(after: $0)...] } ?? path
        if let limit = maximum[String(Substring(member))], text.unicodeScalars.count > limit {
            throw APIError.invalidArgument(
                "Invalid JSON payload received. \(pointer) must be at most \(limit) characters")
        }
        return text
    }
}
