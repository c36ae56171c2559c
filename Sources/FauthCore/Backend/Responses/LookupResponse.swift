/// The answer to `accounts:lookup`.
package struct LookupResponse: Sendable, Equatable {
    /// The account of the ID token.
    package var user: AccountInfo

    /// Makes a response.
    package init(user: AccountInfo) {
        self.user = user
    }
}
