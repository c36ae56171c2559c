import Foundation

/// What every project of the emulator shares, as Google's servers share it between projects: the emulator's own
/// address, its token signing keys and its console. Thread-safe.
final class EmulatorSite: @unchecked Sendable {
    /// Token signing and its keys (`--sign-tokens`), shared by every project.
    let tokenSigner = TokenSigner()
    /// Where email action links and SMS codes are printed.
    let console = ConsoleMessages()
    private let lock = NSLock()
    private var authority = "localhost:9099"

    /// `host:port` of the emulator's own address, which every link it hands out points at (action links, provider
    /// sign-in pages); `localhost:9099` until the server is bound.
    var linkAuthority: String {
        get { lock.withLock { authority } }
        set { lock.withLock { authority = newValue } }
    }
}
