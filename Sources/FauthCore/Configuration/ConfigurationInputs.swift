/// The configuration the caller gives directly (fauth: its options); nil for a value not given. Failures about
/// one name it as a `ConfigurationInput`.
public struct ConfigurationInputs: Sendable, Equatable {
    /// The Web API key.
    public var apiKey: String?
    /// The emulator's `HOST:PORT`.
    public var emulatorHost: String?
    /// The production base URL override.
    public var endpoint: String?
    /// The CA bundle file that replaces the system's.
    public var caFile: String?
    /// The tenant id.
    public var tenantId: String?
    /// The Firebase config file's path.
    public var configFile: String?
    /// The total time for each server call, in seconds.
    public var timeout: Double?

    /// Makes configuration inputs.
    public init(
        apiKey: String? = nil, emulatorHost: String? = nil, tenantId: String? = nil, configFile: String? = nil,
        timeout: Double? = nil, endpoint: String? = nil, caFile: String? = nil
    ) {
        self.apiKey = apiKey
        self.emulatorHost = emulatorHost
        self.tenantId = tenantId
        self.configFile = configFile
        self.timeout = timeout
        self.endpoint = endpoint
        self.caFile = caFile
    }
}
