import FauthText

/// Changes to the signed-in user's own account: deleting it, and updating its email, password and profile.
extension AuthClient {
    /// Deletes the signed-in user's account (`accounts:delete`), then removes the profile's session if it still
    /// belongs to that user; returns the deleted user as the session knew it.
    /// A sign-in too long ago fails with `requires-recent-login` and leaves the session as it was.
    @discardableResult
    package func deleteAccount() throws -> UserProfile {
        let user = try withSession { session in
            _ = try backend.call(DeleteAccountEndpoint(idToken: session.idToken))
            return session.user
        }
        try afterServerChange(.accountDeleted) {
            try store.withLock { file in
                if (try? file.read())??.user.uid == user.uid { try file.remove() }
            }
        }
        return user
    }

    /// Changes the signed-in user's email, password or profile (`accounts:update`). The new tokens the server
    /// returns after an email or password change replace the session's, so the next command keeps working.
    package func updateAccount(_ changes: AccountChanges) throws -> UserProfile {
        if changes.isEmpty { throw FauthError(.usage, message: "Nothing to update.") }
        if changes.password?.isEmpty == true { throw FauthError(.weakPassword, reason: "Missing password") }
        return try withSession(serverChange: .accountChanged) { session in
            let idToken = session.idToken
            let update = {
                try backend.call(
                    UpdateAccountEndpoint(
                        idToken: idToken, email: changes.email, password: changes.password,
                        displayName: changes.displayName, photoUrl: changes.photoUrl, deleteAttribute: changes.clear))
            }
            let response = try changes.password.map { try underPasswordPolicy($0, update) } ?? update()
            if let tokens = response.tokens { try checkTokens(tokens, belongTo: session.user.uid) }
            try afterServerChange(.accountChanged) { try apply(response, to: &session) }
            return session.user
        }
    }

    /// Whether `error` is the server's refusal of a direct email change where the project has email enumeration
    /// protection on (`OPERATION_NOT_ALLOWED : Please verify the new email before changing email.`): the change must
    /// go through `sendEmailChange(to:)`.
    package static func requiresVerifiedEmailChange(_ error: FauthError) -> Bool {
        guard error.code == .operationNotAllowed, let message = error.server?.message else { return false }
        return message.hasPrefix("OPERATION_NOT_ALLOWED") && message.contains(text: "verify the new email")
    }

    /// Sends a verification email to `newEmail` (`sendOobCode` `VERIFY_AND_CHANGE_EMAIL`, the SDK's
    /// `verifyBeforeUpdateEmail`); the account's email changes when its link is followed. Returns the address.
    package func sendEmailChange(to newEmail: String) throws -> String {
        try withSession { session in
            _ = try backend.call(
                SendOobCodeEndpoint(requestType: .verifyAndChangeEmail, idToken: session.idToken, newEmail: newEmail))
            return newEmail
        }
    }

    /// Takes an `accounts:update` answer into the session: its new tokens when it sent some (the old ones are
    /// then revoked), else the user looked up again.
    func apply(_ response: UpdateAccountResponse, to session: inout Session) throws {
        if let tokens = response.tokens {
            session = try makeSession(tokens, replacing: session)
        } else {
            session.user = try lookUpUser(idToken: session.idToken, of: session.user.uid)
        }
    }
}
