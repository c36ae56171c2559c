extension UserProfile {
    /// The user as a lookup describes it; `idToken` (the session's) tells whether it signed in anonymously, which
    /// it stays until a provider, email or phone is linked.
    init(_ account: AccountInfo, idToken: String) {
        let providers = account.providerUserInfo.map(ProviderInfo.init)
        self.init(
            uid: account.localId, email: account.email, emailVerified: account.emailVerified,
            displayName: account.displayName, photoURL: account.photoUrl, phoneNumber: account.phoneNumber,
            isAnonymous: providers.isEmpty && account.email == nil && account.phoneNumber == nil
                && IDTokenClaims(token: idToken).signInProvider == "anonymous",
            tenantId: account.tenantId, providers: providers,
            createdAt: account.createdAt.map(Self.wholeSecond(milliseconds:)),
            lastSignInAt: account.lastLoginAt.map(Self.wholeSecond(milliseconds:)))
    }

    /// The user after `accounts:update` removed `providerId`: the providers the answer lists (as the SDKs take
    /// them from it, with no second lookup), and no phone number once the phone provider is gone.
    func removingProvider(_ providerId: String, answer: UpdateAccountResponse) -> UserProfile {
        var user = self
        user.providers = answer.providerUserInfo.map(ProviderInfo.init)
        if providerId == "phone" { user.phoneNumber = nil }
        return user
    }

    /// The date of a millisecond timestamp to the whole second, as the session file stores it, so that a lookup
    /// which changed nothing leaves the session equal (and the file unwritten).
    private static func wholeSecond(milliseconds: Int) -> UnixTime {
        UnixTime(seconds: (Double(milliseconds) / 1000).rounded(.down))
    }
}

extension ProviderInfo {
    /// A provider as a lookup or update answer lists it; its uid is the provider's raw id, else its federated id,
    /// email or phone number.
    init(_ info: ProviderUserInfo) {
        self.init(
            providerId: info.providerId, uid: info.rawId ?? info.federatedId ?? info.email ?? info.phoneNumber,
            email: info.email, displayName: info.displayName, photoURL: info.photoUrl, phoneNumber: info.phoneNumber)
    }
}
