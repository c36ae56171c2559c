import Foundation

/// The emulator's wall clock, in the units Firebase's emulator stores.
enum Timestamp {
    /// Milliseconds since the epoch, now.
    static func nowMillis() -> Int { Int((Date().timeIntervalSince1970 * 1000).rounded(.down)) }

    /// `millis` as ISO 8601 in UTC with milliseconds (`2026-01-02T03:04:05.678Z`), as JavaScript's `toISOString`.
    static func iso8601(millis: Int) -> String {
        let (days, millisOfDay) = millis.quotientAndRemainder(dividingBy: 86_400_000)
        let (day, dayMillis) = millisOfDay < 0 ? (days - 1, millisOfDay + 86_400_000) : (days, millisOfDay)
        let (year, month, dayOfMonth) = civilDate(daysSinceEpoch: day)
        func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(width - text.count, 0)) + text
        }
        return digits(year, 4) + "-" + digits(month, 2) + "-" + digits(dayOfMonth, 2) + "T"
            + digits(dayMillis / 3_600_000, 2) + ":" + digits(dayMillis / 60_000 % 60, 2) + ":"
            + digits(dayMillis / 1000 % 60, 2) + "." + digits(dayMillis % 1000, 3) + "Z"
    }

    /// The proleptic Gregorian (year, month, day) of a day counted from 1970-01-01 (days-from-civil, inverted).
    private static func civilDate(daysSinceEpoch: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = daysSinceEpoch + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
