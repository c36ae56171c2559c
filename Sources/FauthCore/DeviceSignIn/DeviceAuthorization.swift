import FauthJSON

/// A device authorization endpoint's answer (RFC 8628, 3.2), checked: the codes, the page the person opens, how
/// long the code lasts and how often the token endpoint may be polled.
package struct DeviceAuthorization: Sendable, Equatable {
    /// The secret code the token endpoint is polled with.
    package let deviceCode: String
    /// The code the person types on the page (`WDJB-MJHT`).
    package let userCode: String
    /// The page the person opens (`verification_uri`, Google's `verification_url`).
    package let verificationURI: String
    /// The page with the code filled in, when the server gives one.
    package let verificationURIComplete: String?
    /// How long the codes last, in seconds.
    package let expiresIn: Double
    /// The minimum time between polls, in seconds (5 when the server names none).
    package let interval: Double

    /// The longest a code may be said to last (a day), and the longest interval taken (an hour).
    static let maximumLifetime = 86_400.0
    static let maximumInterval = 3_600.0

    /// Reads and checks the answer: non-empty codes of printable characters within bounds, http(s) pages, a positive
    /// lifetime, an interval from 0 to an hour.
    package init(_ json: JSONValue, endpoint: String) throws(FauthError) {
        let reader = try ResponseReader(json, endpoint: endpoint)
        deviceCode = try Self.code(reader, "device_code", maximumLength: 4096)
        userCode = try Self.code(reader, "user_code", maximumLength: 64)
        let rfcPage = try reader.optionalString("verification_uri")
        let googlePage = try reader.optionalString("verification_url")
        guard let page = rfcPage ?? googlePage, DeviceFlowEndpoints.isHTTPURL(page)
        else {
            throw ResponseReader.malformed(endpoint, "\"verification_uri\" is missing or not an http(s) URL")
        }
        verificationURI = page
        let complete = try reader.optionalString("verification_uri_complete")
        verificationURIComplete = complete.flatMap { DeviceFlowEndpoints.isHTTPURL($0) ? $0 : nil }
        guard let lifetime = reader.object["expires_in"]?.number, lifetime > 0, lifetime.isFinite else {
            throw ResponseReader.malformed(endpoint, "\"expires_in\" is missing or not a positive number")
        }
        expiresIn = min(lifetime, Self.maximumLifetime)
        let interval = reader.object["interval"]?.number ?? 5
        guard interval >= 0, interval <= Self.maximumInterval else {
            throw ResponseReader.malformed(endpoint, "\"interval\" is not a number of seconds from 0 to 3600")
        }
        self.interval = interval
    }

    private static func code(_ reader: ResponseReader, _ key: String, maximumLength: Int) throws(FauthError) -> String {
        let value = try reader.string(key)
        guard !value.isEmpty, value.utf8.count <= maximumLength,
            value.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F || $0 == " " })
        else {
            throw ResponseReader.malformed(reader.endpoint, "\"\(key)\" is empty, too long or not printable")
        }
        return value
    }
}
