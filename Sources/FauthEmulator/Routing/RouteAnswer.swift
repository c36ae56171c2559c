/// What a route answers when it succeeds, declared with the route and published in `/emulator/openapi.json`.
indirect enum RouteAnswer: Sendable {
    /// A `200` JSON body of this schema.
    case json(AnswerSchema)
    /// A `200` JSON body of this schema; a refusal (`4XX`) is `refusal`'s body where the handler refuses, Firebase's
    /// error body where the emulator refuses the request before the handler runs (a body that is no object, an
    /// unknown provider).
    case jsonRefusing(AnswerSchema, refusal: RefusalBody)
    /// A `200` HTML page (`text/html`).
    case html
    /// A `200` HTML page (`text/html`); a refusal (`4XX`) is a page too, saying what is wrong with the request.
    case htmlRefusing
    /// A redirect (`303`) whose `Location` header says where, or else what `or` declares.
    case redirect(or: RouteAnswer)
    /// Always `501` with Firebase's error body: an operation of Firebase's API its emulator does not implement either.
    case notImplemented
}
