/// Throws a business 400 with `message` unless `condition` holds (Firebase's `assert`).
func ensure(_ condition: Bool, _ message: @autoclosure () -> String) throws(APIError) {
    if !condition { throw APIError.badRequest(message()) }
}

/// Throws a 501 with `message` when `condition` holds (Firebase's `NotImplementedError`).
func rejectUnimplemented(_ condition: Bool, _ message: @autoclosure () -> String) throws(APIError) {
    if condition { throw APIError.notImplemented(message()) }
}
