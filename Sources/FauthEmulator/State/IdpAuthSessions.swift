/// One IdP sign-in started by `accounts:createAuthUri` with a `providerId` (a fauth-emulator extension): the
/// `sessionId` given to the client and the `state` carried through the sign-in page to the `continueUri`.
struct IdpAuthSession: Sendable {
    /// The `sessionId` of the createAuthUri answer, sent back with `accounts:signInWithIdp`.
    let sessionId: String
    /// The opaque value the sign-in page hands back in the callback URL's query.
    let state: String
    /// The provider, lower-cased.
    let providerId: String
    /// The `continueUri`, normalized as a `requestUri` base (scheme, host and path, no query).
    let continueBase: String
    /// True once a `signInWithIdp` completed it: a second use is a replay.
    var isUsed = false
}

/// The IdP sign-ins started by createAuthUri, checked when `signInWithIdp` completes one. Credentials that carry
/// neither a started `sessionId` nor an issued `state` (Firebase's emulator flows) are not checked.
struct IdpAuthSessions: Sendable {
    /// How many sessions are remembered (the oldest is forgotten first).
    static let capacity = 1000
    private var sessions: [IdpAuthSession] = []

    /// Starts a session for `providerId` returning to `continueUri`; `sessionId` is the client's or a new one.
    mutating func start(providerId: String, continueUri: String, sessionId: String?) -> IdpAuthSession {
        let session = IdpAuthSession(
            sessionId: sessionId ?? RandomID.alphanumeric(count: 27), state: RandomID.alphanumeric(count: 32),
            providerId: providerId.lowercased(),
            continueBase: IdpRequestURI(absolute: continueUri, postBody: nil)?.base ?? continueUri)
        sessions.removeAll { $0.sessionId == session.sessionId }
        if sessions.count >= Self.capacity { sessions.removeFirst() }
        sessions.append(session)
        return session
    }

    /// Checks a `signInWithIdp` credential against the session it belongs to and marks that session used.
    /// The `state` in `requestUri` must be the one issued with `sessionId`, once, for the same provider and
    /// `continueUri`; otherwise `INVALID_IDP_RESPONSE` with the reason.
    mutating func complete(sessionId: String?, requestUri: IdpRequestURI, providerId: String) throws(APIError) {
        let requestState = requestUri.value("state")
        let index = sessionId.flatMap { id in sessions.firstIndex { $0.sessionId == id } }
        guard let index else {
            guard let requestState, sessions.contains(where: { $0.state == requestState }) else { return }
            throw .badRequest(
                Self.refusal(
                    sessionId == nil
                        ? "The requestUri carries a state but no sessionId was sent."
                        : "The sessionId is not the one createAuthUri issued with this state."))
        }
        let session = sessions[index]
        try ensure(
            !session.isUsed, Self.refusal("This sign-in was already completed; start a new one with createAuthUri."))
        try ensure(requestState != nil, Self.refusal("The requestUri has no state."))
        try ensure(requestState == session.state, Self.refusal("The state in requestUri does not match the sessionId."))
        try ensure(
            providerId == session.providerId, Self.refusal("The providerId is not the one createAuthUri was asked for.")
        )
        try ensure(
            requestUri.base == session.continueBase,
            Self.refusal("The requestUri is not the continueUri given to createAuthUri."))
        sessions[index].isUsed = true
    }

    private static func refusal(_ reason: String) -> String {
        "INVALID_IDP_RESPONSE : ((\(reason)))"
    }
}
