/// Changes to the signed-in user's own account: deleting it, and updating its email, password and profile.
extension AuthClient {
    /// Deletes the signed-in user's account (`accounts:delete`), then removes the profile's session if it still
    /// belongs to that user; returns the deleted user as the session knew it.
    /// A sign-in too long ago fails with `requires-recent-login` and leaves the session as it was.
    @discardableResult
    public func deleteAccount() throws -> UserRecord {
        let user = try withSession { session in
            _ = try backend.call(DeleteAccountEndpoint(idToken: session.idToken))
            return session.user
        }
        try store.withLock { file in
            if (try? file.read())??.user.uid == user.uid { try file.remove() }
        }
        return user
    }
}
