/// The options shared by `fauth-emulator` and `fauth-emulator exec`.
package struct EmulatorOptions: Sendable, Equatable {
    /// The address to listen on.
    package var host: String
    /// The port asked for, or nil for the default (9099 when serving, a free port for `exec`).
    package var port: Int?
    /// The project every request lands in.
    package var projectId: String
    /// A directory in the Firebase emulators' export layout to load at start.
    package var importDirectory: String?
    /// A directory to export the state to when the emulator exits.
    package var exportOnExitDirectory: String?
    /// The most connections held open at once (`--max-connections`).
    package var maxConnections = 10_000
    /// Seconds a keep-alive connection may wait for its next request (`--idle-timeout`).
    package var idleTimeoutSeconds = 15.0
    /// MiB of request bytes held at once across all connections (`--request-memory`).
    package var requestMemoryMiB = 64
    /// Whether ID tokens and session cookies are signed with RS256 (`--sign-tokens`).
    package var signTokens = false
    /// Whether email action links and SMS codes go unprinted (`--quiet`).
    package var quiet = false

    /// Makes options; every parameter has a default.
    package init(
        host: String = "127.0.0.1", port: Int? = nil, projectId: String = "demo-fauth", importDirectory: String? = nil,
        exportOnExitDirectory: String? = nil
    ) {
        self.host = host
        self.port = port
        self.projectId = projectId
        self.importDirectory = importDirectory
        self.exportOnExitDirectory = exportOnExitDirectory
    }

    /// `HOST:PORT`, with an IPv6 host in brackets, as `FIREBASE_AUTH_EMULATOR_HOST` and URLs want it.
    package static func authority(host: String, port: Int) -> String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
