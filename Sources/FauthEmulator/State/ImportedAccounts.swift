import FauthJSON

/// The accounts of an import, held to what `accounts:batchCreate` holds a request to: each entry a JSON object with
/// a non-empty string `localId`, and within one project (or tenant) no two accounts with the same localId, the same
/// email (emails are compared and stored in lower case, as batchCreate stores them) or the same provider account
/// (`providerId` and `rawId`), looked up in the tables' own indexes. The first entry that breaks a rule is refused
/// by its place in `users` and its localId.
struct ImportedAccounts {
    /// The accounts by tenant id (nil for the default project), in the file's order.
    private(set) var tables: [String?: UserTable] = [:]
    /// How many entries were added.
    private var count = 0

    /// Adds the entry `users[count]`, or throws why the import is refused.
    mutating func add(_ entry: JSONValue) throws(StateArchiveError) {
        let place = count
        count += 1
        guard let object = entry.object else { throw Self.refusal(place, nil, "is not a JSON object") }
        guard let localId = object["localId"]?.string, !localId.isEmpty, var user = UserRecord(accountInfo: object)
        else {
            throw Self.refusal(place, nil, "has no localId (a non-empty string)")
        }
        user.email = user.email.map { $0.lowercased() }
        if let shared = conflict(of: user) {
            throw Self.refusal(
                place, localId, "has the same \(shared.what) as the user with localId \(Self.quoted(shared.owner))")
        }
        tables[user.tenantId, default: UserTable()].save(user)
    }

    /// What `user` shares with an account already added (a localId, an email, a provider account) and that account's
    /// localId, nil when nothing. Looked up in place: a copy of the table held across the save would copy it whole.
    private func conflict(of user: UserRecord) -> (what: String, owner: String)? {
        guard let table = tables[user.tenantId] else { return nil }
        if table.contains(localId: user.localId) { return ("localId", user.localId) }
        if let email = user.email, !email.isEmpty, let owner = table.first(table.emailIndex[email]) {
            return ("email", owner.localId)
        }
        for provider in user.providerUserInfo where provider.providerId != "password" && provider.providerId != "phone"
        {
            let link = ProviderLink(providerId: provider.providerId, rawId: provider.rawId)
            if let owner = table.first(table.providerIndex[link]) { return ("provider account", owner.localId) }
        }
        return nil
    }

    /// "users[3] (localId "u2") has the same email as …".
    private static func refusal(_ place: Int, _ localId: String?, _ problem: String) -> StateArchiveError {
        StateArchiveError(description: "users[\(place)]\(localId.map { " (localId \(quoted($0)))" } ?? "") \(problem)")
    }

    private static func quoted(_ text: String) -> String { JSONValue.string(text).serialized() }
}
