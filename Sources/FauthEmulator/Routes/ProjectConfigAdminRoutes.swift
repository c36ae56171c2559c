extension RouteTable {
    private static let adminConfigPath = "/identitytoolkit.googleapis.com/v2/projects/{project}/config"

    /// The members of Firebase's `Config` that both config routes answer (the emulator's own one too).
    static let firebaseConfigMembers: [String: AnswerSchema] = [
        "signIn": .object(required: ["allowDuplicateEmails": .boolean]),
        "emailPrivacyConfig": .object(required: ["enableImprovedEmailPrivacy": .boolean]),
    ]

    /// Firebase's `Config` as the emulator keeps it.
    private static let adminConfigAnswer = RouteAnswer.json(
        .object(
            required: firebaseConfigMembers.merging(["blockingFunctions": AnswerSchema(keptFrom: .blockingFunctions)]) {
                $1
            }))

    /// `GET /identitytoolkit.googleapis.com/v2/projects/{p}/config`: Firebase's project config keys.
    static let getAdminConfig = Route("GET", adminConfigPath, access: .privileged, answer: adminConfigAnswer) {
        _, state throws(APIError) in
        HTTPResponse.json(state.config.firebaseJSON)
    }

    /// `PATCH /identitytoolkit.googleapis.com/v2/projects/{p}/config?updateMask=signIn.allowDuplicateEmails,…`.
    /// Without an `updateMask` (or with an empty one) the whole of Firebase's config is replaced.
    static let updateAdminConfig = Route(
        "PATCH", adminConfigPath, access: .privileged, schema: .adminConfig, answer: adminConfigAnswer
    ) { request, state throws(APIError) in
        let mask = request.query("updateMask").flatMap { $0.isEmpty ? nil : $0.split(separator: ",").map(String.init) }
        try state.config.applyFirebaseKeys(RequestSchema.checkingBlockingFunctions(in: request.body), mask: mask)
        return HTTPResponse.json(state.config.firebaseJSON)
    }
}
