/// The configuration the caller gives directly (fauth: its options); nil for a value not given. Failures about
/// one name it as a `ConfigurationInput`.
package struct ConfigurationInputs: Sendable, Equatable {
    /// The Web API key.
    package var apiKey: String?
    /// The emulator's `HOST:PORT`.
    package var emulatorHost: String?
    /// The production base URL override.
    package var endpoint: String?
    /// The CA bundle file that replaces the system's.
    package var caFile: String?
    /// The tenant id.
    package var tenantId: String?
    /// The Firebase config file's path.
    package var configFile: String?
    /// The total time for each server call, in seconds.
    package var timeout: Double?

    /// Makes configuration inputs.
    package init(
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
