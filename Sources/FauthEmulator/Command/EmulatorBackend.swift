/// What `fauth-emulator` serves: a request handler with state that can be imported and exported.
public protocol EmulatorBackend: AnyObject, Sendable {
    /// Answers one HTTP request.
    func handle(_ request: HTTPRequest) -> HTTPResponse
    /// Loads state from a directory in the Firebase emulators' export layout.
    func importState(from directory: String) throws
    /// Writes state to a directory in the Firebase emulators' export layout.
    func exportState(to directory: String) throws
}
