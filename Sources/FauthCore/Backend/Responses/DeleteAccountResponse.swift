/// The answer to `accounts:delete`: nothing but success.
public struct DeleteAccountResponse: Sendable, Equatable {
    /// Makes the response.
    public init() {}
}
