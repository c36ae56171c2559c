// Joining strings without the standard library's unspecialised generic code: `[String].joined(separator:)` runs its
// generic `BidirectionalCollection` version, whose first use in a process scans every protocol conformance record
// (about 0.06 M instructions, docs/performance.md), once in every `providers` and `signin` before this.

extension Array where Element == String {
    /// The strings with `separator` (none by default) between each two, as `joined(separator:)` gives.
    package func joinedText(separator: String = "") -> String {
        guard var text = first else { return "" }
        for part in dropFirst() {
            text += separator
            text += part
        }
        return text
    }
}
