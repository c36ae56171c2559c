import Foundation
import Testing

@testable import FauthCore

/// The client reads GoogleService-Info.plist without Foundation; Foundation's own encoder writes the property lists
/// here, in both forms, and what fauth reads must be exactly their top-level string members.
@Suite struct PropertyListStringsTests {
    /// A dictionary with every kind of member, long strings (a length past the marker's 4 bits), non-ASCII text
    /// (UTF-16 in the binary form), entities (in the XML form) and more than 15 members.
    private static func dictionary() -> [String: Any] {
        var members: [String: Any] = [
            "API_KEY": "AIza-&<>\"'-key",
            "PROJECT_ID": "project-ü-日本",
            "EMPTY": "",
            "LONG": String(repeating: "x", count: 300),
            "IS_SIGNIN_ENABLED": true,
            "COUNT": 42,
            "RATIO": 1.5,
            "NESTED": ["API_KEY": "not-this-one", "LIST": ["a", "b"]] as [String: Any],
            "LIST": ["x", 1, ["y": "z"]] as [Any],
            "BLOB": Data([0, 1, 2]),
            "WHEN": Date(timeIntervalSince1970: 0),
        ]
        for index in 0..<20 { members["K\(index)"] = "v\(index)" }
        return members
    }

    private static var expected: [String: String] {
        dictionary().compactMapValues { $0 as? String }
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func readsWhatFoundationWrites(format: PropertyListSerialization.PropertyListFormat) throws {
        let data = try PropertyListSerialization.data(fromPropertyList: Self.dictionary(), format: format, options: 0)
        #expect(try PropertyListStrings.read(Array(data)) == Self.expected)
    }

    @Test func readsCommentsAndEmptyStringsInXML() throws {
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- written by hand -->
            <plist version="1.0"><dict>
              <key>API_KEY</key><!-- the key --><string>k&#38;&#x41;</string>
              <key>EMPTY</key><string/>
              <key>FLAG</key><false/>
            </dict></plist>
            """
        #expect(try PropertyListStrings.read(Array(text.utf8)) == ["API_KEY": "k&A", "EMPTY": ""])
    }

    @Test(arguments: [
        "<plist><dict><key>API_KEY</key>",
        "<plist><dict><key>A</key><string>unterminated",
        "<plist><dict><key>A</key><string>x</key></dict></plist>",
        "<plist><array><string>x</string></array></plist>",
        "<plist><dict><key>A</key><string>&bogus;</string></dict></plist>",
        "<plist><dict><key>A</key><dict><key>B</key></array></dict></plist>",
        "<!-- never closed",
        "bplist00",
    ])
    func malformedInputIsRefused(text: String) {
        #expect(throws: PropertyListStrings.Malformed.self) { try PropertyListStrings.read(Array(text.utf8)) }
    }

    /// Every truncation and every single-byte corruption of a binary plist is read or refused, never a crash.
    @Test func damagedBinaryPropertyListsAreRefusedOrRead() throws {
        let data = Array(
            try PropertyListSerialization.data(fromPropertyList: Self.dictionary(), format: .binary, options: 0))
        for length in 0..<data.count {
            _ = try? PropertyListStrings.read(Array(data[..<length]))
        }
        for position in 8..<data.count {
            for value: UInt8 in [0x00, 0x0F, 0x7F, 0xFF] {
                var damaged = data
                damaged[position] = value
                _ = try? PropertyListStrings.read(damaged)
            }
        }
        #expect(try PropertyListStrings.read(data) == Self.expected)
    }
}
