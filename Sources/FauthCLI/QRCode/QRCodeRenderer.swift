/// Draws a QR code for a terminal with Unicode half blocks: one character is two modules stacked (`▀`, `▄`, `█`,
/// space), black on a bright white background set by ANSI colours, so it scans on light and dark terminals alike,
/// with the standard four-module quiet zone.
enum QRCodeRenderer {
    /// The light margin around the code, in modules.
    static let quietZone = 4

    /// The lines of the drawing, each ending in a newline.
    static func halfBlocks(_ code: QRCode) -> String {
        let side = code.size + 2 * quietZone
        func dark(_ row: Int, _ column: Int) -> Bool {
            let r = row - quietZone
            let c = column - quietZone
            guard (0..<code.size).contains(r), (0..<code.size).contains(c) else { return false }
            return code.modules[r][c]
        }
        var text = ""
        for row in stride(from: 0, to: side, by: 2) {
            text += "\u{1B}[30;107m"
            for column in 0..<side {
                switch (dark(row, column), dark(row + 1, column)) {
                case (true, true): text += "█"
                case (true, false): text += "▀"
                case (false, true): text += "▄"
                case (false, false): text += " "
                }
            }
            text += "\u{1B}[0m\n"
        }
        return text
    }
}
