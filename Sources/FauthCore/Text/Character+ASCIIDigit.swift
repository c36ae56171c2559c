extension Character {
    /// `0`–`9` only (not other scripts' digits).
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
