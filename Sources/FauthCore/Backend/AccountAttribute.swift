/// A profile attribute `accounts:update` can delete (`deleteAttribute`).
package enum AccountAttribute: String, Sendable, Equatable, CaseIterable {
    /// The display name.
    case displayName = "DISPLAY_NAME"
    /// The photo URL.
    case photoUrl = "PHOTO_URL"
}
