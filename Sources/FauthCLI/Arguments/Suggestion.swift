/// "Did you mean …?" candidates by edit distance, for unknown commands and options.
enum Suggestion {
    /// The closest candidate within a small edit distance (or that `word` is a prefix of), if any.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word, $0)) }
        let limit = max(1, min(3, word.count / 3))
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit { return best.0 }
        let prefixed = candidates.filter { $0.hasPrefix(word) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// The edit distance between two strings (insertions, deletions, substitutions and adjacent transpositions,
    /// each costing one), by characters.
    static func distance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs)
        let right = Array(rhs)
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var table = Array(repeating: Array(repeating: 0, count: right.count + 1), count: left.count + 1)
        for row in 0...left.count { table[row][0] = row }
        for column in 0...right.count { table[0][column] = column }
        for row in 1...left.count {
            for column in 1...right.count {
                let cost = left[row - 1] == right[column - 1] ? 0 : 1
                table[row][column] = min(
                    table[row - 1][column] + 1, table[row][column - 1] + 1, table[row - 1][column - 1] + cost)
                if row > 1, column > 1, left[row - 1] == right[column - 2], left[row - 2] == right[column - 1] {
                    table[row][column] = min(table[row][column], table[row - 2][column - 2] + 1)
                }
            }
        }
        return table[left.count][right.count]
    }
}
