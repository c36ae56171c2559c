import Foundation

/// Reads back a QR code that `fauth` drew with Unicode half blocks on a terminal: the text becomes a bitmap (each
/// character two modules stacked, ANSI colour sequences dropped), scaled up with a wide white margin, written as a
/// PBM image and decoded by `zbarimg` (Debian's zbar-tools, installed by scripts/bootstrap), an independent decoder.
package enum HalfBlockQRImage {
    /// The modules of the drawing in `text` (the lines made of half blocks and spaces), row by row; true is dark.
    package static func modules(in text: String) -> [[Bool]] {
        var rows: [[Bool]] = []
        for line in text.split(whereSeparator: \.isNewline) {  // "\r\n" from a terminal is one Character
            let plain = withoutEscapes(String(line))
            guard plain.contains(where: { "▀▄█".contains($0) }) else { continue }
            var top: [Bool] = []
            var bottom: [Bool] = []
            for character in plain {
                top.append(character == "▀" || character == "█")
                bottom.append(character == "▄" || character == "█")
            }
            rows += [top, bottom]
        }
        return rows
    }

    /// The text `zbarimg --raw` decodes from the drawing in `text`, nil when it finds no code.
    package static func decode(_ text: String, scale: Int = 6, margin: Int = 8) throws -> String? {
        let modules = modules(in: text)
        guard let width = modules.map(\.count).max(), width > 0 else { return nil }
        let side = (width + 2 * margin) * scale
        let height = (modules.count + 2 * margin) * scale
        var pbm = "P1\n\(side) \(height)\n"
        for y in 0..<height {
            let row = y / scale - margin
            var line = ""
            for x in 0..<side {
                let column = x / scale - margin
                let dark =
                    modules.indices.contains(row) && modules[row].indices.contains(column) && modules[row][column]
                line += dark ? "1 " : "0 "
            }
            pbm += line + "\n"
        }
        let image = FileManager.default.temporaryDirectory.appendingPathComponent("fauth-qr-\(UUID().uuidString).pbm")
        try Data(pbm.utf8).write(to: image)
        defer { try? FileManager.default.removeItem(at: image) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--quiet", "--raw", image.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        var decoded = String(decoding: data, as: UTF8.self)
        if decoded.hasSuffix("\n") { decoded.removeLast() }
        return decoded
    }

    /// `text` without ANSI CSI sequences (`ESC [ … letter`).
    private static func withoutEscapes(_ text: String) -> String {
        var result = ""
        var inEscape = false
        var afterEscape = false
        for character in text {
            if afterEscape {
                afterEscape = false
                inEscape = character == "["
                continue
            }
            if inEscape {
                if character.isLetter { inEscape = false }
                continue
            }
            if character == "\u{1B}" {
                afterEscape = true
                continue
            }
            result.append(character)
        }
        return result
    }
}
