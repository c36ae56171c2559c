import Foundation

/// The emulator's wall clock, in the units Firebase's emulator stores.
enum Timestamp {
    /// Milliseconds since the epoch, now.
    static func nowMillis() -> Int { Int((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

    /// `millis` as ISO 8601 with milliseconds (`2026-01-02T03:04:05.678Z`).
    static func iso8601(millis: Int) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: Double(millis) / 1000))
    }
}
