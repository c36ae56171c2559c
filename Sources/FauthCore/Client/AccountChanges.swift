/// What `AuthClient.updateAccount` changes on the signed-in user's account; nil fields stay as they are.
package struct AccountChanges: Sendable, Equatable {
    /// A new email (changed at once; see `AuthClient.sendEmailChange` for the verified change).
    package var email: String?
    /// A new password.
    package var password: String?
    /// A new display name.
    package var displayName: String?
    /// A new photo URL.
    package var photoUrl: String?
    /// Profile attributes to remove.
    package var clear: [AccountAttribute]

    /// Makes a set of changes.
    package init(
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
    package var isEmpty: Bool {
        email == nil && password == nil && displayName == nil && photoUrl == nil && clear.isEmpty
    }
}
