// Finding and replacing text by its UTF-8 bytes. The standard library's `firstRange(of:)`, `contains(_:)` on a
// string, `replacing(_:with:)` and `split(separator:)` on a collection live in _StringProcessing, whose code (with
// the regex parser's) is 860 KiB of the binary; a command that calls one maps its pages. These cover what fauth needs.

extension Collection where Element == UInt8 {
    /// The range of the first occurrence of `bytes`; empty at the start when `bytes` is empty, nil when it is absent.
    @inlinable
    package func firstRange(ofBytes bytes: some Collection<UInt8>) -> Range<Index>? {
        guard let first = bytes.first else { return startIndex..<startIndex }
        var searchFrom = startIndex
        while let candidate = self[searchFrom...].firstIndex(of: first) {
            var position = candidate
            var matched = true
            for byte in bytes {
                guard position != endIndex, self[position] == byte else {
                    matched = false
                    break
                }
                formIndex(after: &position)
            }
            if matched { return candidate..<position }
            searchFrom = index(after: candidate)
        }
        return nil
    }
}

extension StringProtocol {
    /// The range of the first occurrence of `text`, compared byte for byte in UTF-8 (not by canonical equivalence).
    @inlinable
    package func firstRange(ofText text: some StringProtocol) -> Range<Index>? {
        utf8.firstRange(ofBytes: text.utf8)
    }

    /// Whether `text` occurs, compared byte for byte in UTF-8.
    @inlinable
    package func contains(text: some StringProtocol) -> Bool {
        firstRange(ofText: text) != nil
    }

    /// The text with every occurrence of `target` (compared byte for byte in UTF-8) replaced by `replacement`,
    /// left to right; unchanged when `target` is empty.
    @inlinable
    package func replacingAll(_ target: some StringProtocol, with replacement: some StringProtocol) -> String {
        guard !target.isEmpty else { return String(self) }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(ofText: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}
