/// What a route answers when it succeeds, declared with the route and published in `/emulator/openapi.json`.
enum RouteAnswer: Sendable {
    /// A `200` JSON body of this schema.
    case json(AnswerSchema)
    /// A `200` HTML page (`text/html`).
    case html
    /// A redirect (`302` or `303`) whose `Location` header says where.
    case redirect
    /// Always `501` with Firebase's error body: an operation of Firebase's API its emulator does not implement either.
    case notImplemented
}
