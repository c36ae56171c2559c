import FauthText
import Foundation

/// The emulator's wall clock, in the units Firebase's emulator stores.
enum Timestamp {
    /// Milliseconds since the epoch, now.
    static func nowMillis() -> Int { Int((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

    /// `millis` as ISO 8601 in UTC with milliseconds (`2026-01-02T03:04:05.678Z`), as JavaScript's `toISOString`.
    static func iso8601(millis: Int) -> String {
        let (days, millisOfDay) = millis.quotientAndRemainder(dividingBy: 86_400_000)
        let (day, dayMillis) = millisOfDay < 0 ? (days - 1, millisOfDay + 86_400_000) : (days, millisOfDay)
        let (year, month, dayOfMonth) = CivilDate.of(daysSinceEpoch: Int64(day))
        func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(width - text.count, 0)) + text
        }
        return digits(Int(year), 4) + "-" + digits(Int(month), 2) + "-" + digits(Int(dayOfMonth), 2) + "T"
            + digits(dayMillis / 3_600_000, 2) + ":" + digits(dayMillis / 60_000 % 60, 2) + ":"
            + digits(dayMillis / 1000 % 60, 2) + "." + digits(dayMillis % 1000, 3) + "Z"
    }
}
