/// Why bytes are not one valid JSON document, and where.
package struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in a short phrase.
    package let message: String
    /// The byte offset at which the problem was found.
    package let offset: Int

    /// Makes an error for `message` at `offset`.
    package init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `message at offset N`.
    package var description: String { "\(message) at offset \(offset)" }
}
