import Foundation
import Testing

@testable import FauthCore

@Test(arguments: [
    (0.0, "1970-01-01T00:00:00Z"),
    (951_782_400.0, "2000-02-29T00:00:00Z"),
    (1_700_000_000.0, "2023-11-14T22:13:20Z"),
    (4_107_542_399.0, "2100-02-28T23:59:59Z"),
    (-1.0, "1969-12-31T23:59:59Z"),
    (253_402_300_799.0, "9999-12-31T23:59:59Z"),
])
func formatsAndParsesUTCTimestamps(seconds: Double, text: String) {
    #expect(ISO8601.format(UnixTime(seconds: seconds)) == text)
    #expect(ISO8601.parse(text) == UnixTime(seconds: seconds))
}

@Test func formatDropsFractionsOfASecond() {
    #expect(ISO8601.format(UnixTime(seconds: 1.999)) == "1970-01-01T00:00:01Z")
    #expect(ISO8601.format(UnixTime(seconds: -0.5)) == "1969-12-31T23:59:59Z")
}

@Test func everyDayOfFourYearsRoundTrips() {
    for day in 0..<(4 * 366) {
        let date = UnixTime(seconds: Double(day * 86_400 + 3_661) + 946_684_800)
        #expect(ISO8601.parse(ISO8601.format(date)) == date)
    }
}

@Test(arguments: [
    "", "2023-11-14 22:13:20Z", "2023-11-14T22:13:20", "2023-11-14T22:13:20+00:00", "2023-11-14T22:13:20.5Z",
    "2023-13-01T00:00:00Z", "2023-02-29T00:00:00Z", "2023-04-31T00:00:00Z", "2023-11-14T24:00:00Z",
    "2023-11-14T22:60:00Z", "2023-11-14T22:13:60Z", "2023-00-10T00:00:00Z", "2023-11-00T00:00:00Z",
    "2023-1a-14T22:13:20Z", "+023-11-14T22:13:20Z",
])
func parseRefusesAnythingElse(text: String) {
    #expect(ISO8601.parse(text) == nil)
}
