import FauthText

/// Formats and parses UTC timestamps `yyyy-MM-ddTHH:mm:ssZ` by hand (no ICU, no time zones, whole seconds).
package enum ISO8601 {
    /// The instants `format` can write and `parse` reads, in seconds since 1970: 0000-01-01T00:00:00Z to
    /// 9999-12-31T23:59:59Z.
    package static let secondRange: ClosedRange<Double> = -62_167_219_200...253_402_300_799
    /// The same instants in whole milliseconds (as the backend sends `createdAt` and `lastLoginAt`).
    package static let millisecondRange = -62_167_219_200_000...253_402_300_799_999

    /// `2026-11-21T19:20:10Z`; fractions of a second are dropped (rounded down). A date outside `secondRange`
    /// is written as the nearest end of the range (never a trap).
    package static func format(_ date: UnixTime) -> String {
        let seconds = date.seconds.isNaN ? 0 : date.seconds
        let total = Int64(min(max(seconds, secondRange.lowerBound), secondRange.upperBound).rounded(.down))
        let (days, secondOfDay) = floorDivide(total, 86_400)
        let (year, month, day) = CivilDate.of(daysSinceEpoch: days)
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
            + "\(padded(secondOfDay / 3600, 2)):\(padded(secondOfDay % 3600 / 60, 2)):\(padded(secondOfDay % 60, 2))Z"
    }

    /// The date of an exact `yyyy-MM-ddTHH:mm:ssZ` text (years 0000–9999), nil for anything else.
    package static func parse(_ text: String) -> UnixTime? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z"),
            let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
            let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]), let second = number(bytes[17..<19]),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else {
            return nil
        }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return UnixTime(seconds: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year  // years start in March, so leap days come last
        let (era, yearOfEra) = floorDivide(shiftedYear, 400)
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Quotient and non-negative remainder.
    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    /// The value of ASCII digits only, nil when any byte is not a digit.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
        var value: Int64 = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                return nil
            }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Decimal digits left-padded with zeros to `width` (negative years get a leading `-`).
    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
