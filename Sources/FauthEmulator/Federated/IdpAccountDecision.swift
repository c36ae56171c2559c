/// Which account a `signInWithIdp` lands on (Firebase's handleLinkIdp / handleIdpSignin* / handleIdpSignUp).
enum IdpAccountDecision {
    /// Link the IdP to the ID token's user.
    case link(UserRecord)
    /// Sign in to the user already linked to (provider, sub).
    case signIn(UserRecord)
    /// Sign in to the user whose email the IdP verified; `emailRecycled` when it had this provider with another sub.
    case mergeByVerifiedEmail(UserRecord, emailRecycled: Bool)
    /// The email belongs to a user and the IdP did not verify it: no tokens, nothing changes.
    case needConfirmation(UserRecord)
    /// Create a user; with one account per email its top-level email is the IdP's.
    case signUp(copiesEmail: Bool)

    /// Decides, throwing FEDERATED_USER_ID_ALREADY_LINKED or EMAIL_EXISTS when linking is impossible.
    init(_ profile: IdpProfile, linkingUser: UserRecord?, in project: ProjectState, oneAccountPerEmail: Bool)
        throws(APIError)
    {
        let linked = project.user(providerId: profile.providerId, rawId: profile.rawId)
        if let linkingUser {
            try ensure(linked == nil, "FEDERATED_USER_ID_ALREADY_LINKED")
            if oneAccountPerEmail, let email = profile.email, let owner = project.user(email: email) {
                try ensure(owner.localId == linkingUser.localId, "EMAIL_EXISTS")
            }
            self = .link(linkingUser)
        } else if let linked {
            self = .signIn(linked)
        } else if !oneAccountPerEmail {
            self = .signUp(copiesEmail: false)
        } else if let email = profile.email, let owner = project.user(email: email) {
            if profile.emailVerified {
                let recycled = owner.providerUserInfo.contains {
                    $0.providerId == profile.providerId && $0.rawId != profile.rawId
                }
                self = .mergeByVerifiedEmail(owner, emailRecycled: recycled)
            } else {
                self = .needConfirmation(owner)
            }
        } else {
            self = .signUp(copiesEmail: true)
        }
    }
}
