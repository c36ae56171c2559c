/// The answer to `accounts:delete`: nothing but success.
package struct DeleteAccountResponse: Sendable, Equatable {
    /// Makes the response.
    package init() {}
}
