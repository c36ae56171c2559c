extension String {
    /// The string without leading and trailing spaces, tabs, CRs and LFs (the whitespace around HTTP header values).
    func trimmingHTTPWhitespace() -> String {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isWhitespace($0) }), let last = lastIndex(where: { !isWhitespace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
