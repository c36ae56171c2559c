import FauthCore

/// The error a throwing call ended with, nil when it did not throw a FauthError.
func fauthError(_ body: () throws -> Void) -> FauthError? {
    do {
        try body()
        return nil
    } catch let error as FauthError {
        return error
    } catch {
        return nil
    }
}
