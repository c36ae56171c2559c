/// The facts of ISO/IEC 18004 the encoder needs, for versions 1 to 13 (up to 331 bytes at level M, 425 at L):
/// block structure per version and error-correction level, and alignment pattern centres.
struct QRCodeLayout {
    /// The error-correction levels the encoder uses, with their two format bits.
    enum Level: Int, CaseIterable {
        case medium = 0b00
        case low = 0b01
    }

    /// The version, 1 to 13.
    let version: Int
    /// The error-correction level.
    let level: Level
    /// Error-correction codewords per block.
    let correctionPerBlock: Int
    /// The data codewords of each block, in order (short blocks first).
    let blockSizes: [Int]

    /// The highest version described here.
    static let maxVersion = 13

    /// (EC codewords per block, [(blocks, data codewords each)]) for levels M and L, versions 1 to 13.
    private static let medium: [(Int, [(Int, Int)])] = [
        (10, [(1, 16)]), (16, [(1, 28)]), (26, [(1, 44)]), (18, [(2, 32)]), (24, [(2, 43)]), (16, [(4, 27)]),
        (18, [(4, 31)]), (22, [(2, 38), (2, 39)]), (22, [(3, 36), (2, 37)]), (26, [(4, 43), (1, 44)]),
        (30, [(1, 50), (4, 51)]), (22, [(6, 36), (2, 37)]), (22, [(8, 37), (1, 38)]),
    ]
    private static let low: [(Int, [(Int, Int)])] = [
        (7, [(1, 19)]), (10, [(1, 34)]), (15, [(1, 55)]), (20, [(1, 80)]), (26, [(1, 108)]), (18, [(2, 68)]),
        (20, [(2, 78)]), (24, [(2, 97)]), (30, [(2, 116)]), (18, [(2, 68), (2, 69)]), (20, [(4, 81)]),
        (24, [(2, 92), (2, 93)]), (26, [(4, 107)]),
    ]

    /// Alignment pattern centre coordinates (rows and columns alike) per version.
    private static let alignmentCentres: [[Int]] = [
        [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50],
        [6, 30, 54], [6, 32, 58], [6, 34, 62],
    ]

    init(version: Int, level: Level) {
        precondition((1...Self.maxVersion).contains(version))
        let (correction, groups) = (level == .medium ? Self.medium : Self.low)[version - 1]
        self.version = version
        self.level = level
        correctionPerBlock = correction
        blockSizes = groups.flatMap { Array(repeating: $0.1, count: $0.0) }
    }

    /// The smallest layout (level M first, then L) whose data capacity holds `byteCount` bytes in byte mode.
    static func smallest(holding byteCount: Int) -> QRCodeLayout? {
        for level in Level.allCases {
            for version in 1...maxVersion {
                let layout = QRCodeLayout(version: version, level: level)
                if layout.headerBits + 8 * byteCount <= 8 * layout.dataCodewords { return layout }
            }
        }
        return nil
    }

    /// Modules per side.
    var size: Int { 17 + 4 * version }
    /// Data codewords in all blocks.
    var dataCodewords: Int { blockSizes.reduce(0, +) }
    /// All codewords, data and error correction.
    var totalCodewords: Int { dataCodewords + correctionPerBlock * blockSizes.count }
    /// The byte-mode header: the 4-bit mode indicator and the character count (8 bits up to version 9, then 16).
    var headerBits: Int { 4 + (version <= 9 ? 8 : 16) }
    /// The alignment pattern centres of this version.
    var alignmentCentres: [Int] { Self.alignmentCentres[version - 1] }
}
