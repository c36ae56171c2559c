/// Why bytes are not one valid JSON document, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in a short phrase.
    public let message: String
    /// The byte offset at which the problem was found.
    public let offset: Int

    /// Makes an error for `message` at `offset`.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `message at offset N`.
    public var description: String { "\(message) at offset \(offset)" }
}
