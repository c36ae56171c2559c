/// The answer to `accounts:lookup`.
public struct LookupResponse: Sendable, Equatable {
    /// The account of the ID token.
    public var user: AccountInfo

    /// Makes a response.
    public init(user: AccountInfo) {
        self.user = user
    }
}
