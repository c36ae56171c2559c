extension StringProtocol {
    /// The text without the leading and trailing characters for which `isTrimmed` is true.
    func trimming(_ isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) }) else {
            return ""
        }
        return String(self[first...last])
    }

    /// The text without leading and trailing spaces, tabs, CRs and LFs (the whitespace around HTTP header values).
    func trimmingHTTPWhitespace() -> String {
        trimming { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
    }
}
