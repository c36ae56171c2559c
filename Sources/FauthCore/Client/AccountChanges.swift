/// What `AuthClient.updateAccount` changes on the signed-in user's account; nil fields stay as they are.
public struct AccountChanges: Sendable, Equatable {
    /// A new email (changed at once; see `AuthClient.sendEmailChange` for the verified change).
    public var email: String?
    /// A new password.
    public var password: String?
    /// A new display name.
    public var displayName: String?
    /// A new photo URL.
    public var photoUrl: String?
    /// Profile attributes to remove.
    public var clear: [AccountAttribute]

    /// Makes a set of changes.
    public init(
        email: String? = nil, password: String? = nil, displayName: String? = nil, photoUrl: String? = nil,
        clear: [AccountAttribute] = []
    ) {
        self.email = email
        self.password = password
        self.displayName = displayName
        self.photoUrl = photoUrl
        self.clear = clear
    }

    /// Whether nothing would change.
    public var isEmpty: Bool {
        email == nil && password == nil && displayName == nil && photoUrl == nil && clear.isEmpty
    }
}
