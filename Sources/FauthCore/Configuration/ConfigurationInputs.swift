/// The configuration the command line gave (flags); nil for a flag not given.
public struct ConfigurationInputs: Sendable, Equatable {
    /// `--api-key`.
    public var apiKey: String?
    /// `--emulator HOST:PORT`.
    public var emulatorHost: String?
    /// `--endpoint URL`: the production base URL override.
    public var endpoint: String?
    /// `--ca-file FILE`: the CA bundle that replaces the system's.
    public var caFile: String?
    /// `--tenant`.
    public var tenantId: String?
    /// `--config FILE`.
    public var configFile: String?
    /// `--timeout SECONDS`.
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
