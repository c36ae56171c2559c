/// A QR code (ISO/IEC 18004, model 2) of some bytes, in byte mode: the data with Reed–Solomon error correction
/// (level M, or L when M does not fit), placed in the smallest version from 1 to 13 under the mask with the lowest
/// penalty. `modules[row][column]` is true for a dark module; the quiet zone is the renderer's.
struct QRCode {
    /// The modules, row by row; true is dark.
    private(set) var modules: [[Bool]]
    /// The version and level chosen.
    let layout: QRCodeLayout
    /// The mask chosen (0–7).
    private(set) var mask = 0
    /// The modules of function patterns (finders, timing, alignment, format and version areas), which masks skip.
    private var reserved: [[Bool]]

    /// The code of `bytes`, nil when they do not fit version 13 at level L (425 bytes).
    init?(bytes: [UInt8]) {
        guard let layout = QRCodeLayout.smallest(holding: bytes.count) else { return nil }
        self.layout = layout
        modules = Array(repeating: Array(repeating: false, count: layout.size), count: layout.size)
        reserved = modules
        drawFunctionPatterns()
        placeCodewords(Self.codewords(for: bytes, layout: layout))
        var best: (mask: Int, penalty: Int)?
        for candidate in 0..<8 {
            var trial = self
            trial.applyMask(candidate)
            trial.drawFormatBits(mask: candidate)
            let penalty = QRMaskPenalty.score(trial.modules)
            if best == nil || penalty < best!.penalty { best = (candidate, penalty) }
        }
        applyMask(best!.mask)
        drawFormatBits(mask: best!.mask)
        mask = best!.mask
    }

    /// Modules per side.
    var size: Int { layout.size }

    // MARK: Codewords

    /// The data bit stream (mode, count, bytes, terminator, padding) split into blocks, each followed by its error
    /// correction, interleaved as the standard orders them.
    static func codewords(for bytes: [UInt8], layout: QRCodeLayout) -> [UInt8] {
        var bits: [Bool] = []
        func append(_ value: Int, count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
        }
        append(0b0100, count: 4)
        append(bytes.count, count: layout.headerBits - 4)
        for byte in bytes { append(Int(byte), count: 8) }
        let capacity = 8 * layout.dataCodewords
        append(0, count: min(4, capacity - bits.count))
        append(0, count: (8 - bits.count % 8) % 8)
        var data = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        for pad in 0..<(layout.dataCodewords - data.count) { data.append(pad % 2 == 0 ? 0xEC : 0x11) }

        var blocks: [[UInt8]] = []
        var offset = 0
        for size in layout.blockSizes {
            blocks.append(Array(data[offset..<offset + size]))
            offset += size
        }
        let corrections = blocks.map { QRErrorCorrection.codewords(for: $0, count: layout.correctionPerBlock) }
        var result: [UInt8] = []
        for column in 0..<(layout.blockSizes.max() ?? 0) {
            for block in blocks where column < block.count { result.append(block[column]) }
        }
        for column in 0..<layout.correctionPerBlock {
            for correction in corrections { result.append(correction[column]) }
        }
        return result
    }

    // MARK: Function patterns

    private mutating func set(_ row: Int, _ column: Int, _ dark: Bool) {
        modules[row][column] = dark
        reserved[row][column] = true
    }

    private mutating func drawFunctionPatterns() {
        for index in 0..<size {
            set(6, index, index % 2 == 0)
            set(index, 6, index % 2 == 0)
        }
        drawFinder(centreRow: 3, centreColumn: 3)
        drawFinder(centreRow: 3, centreColumn: size - 4)
        drawFinder(centreRow: size - 4, centreColumn: 3)
        let centres = layout.alignmentCentres
        for row in centres {
            for column in centres {
                let nearFinder =
                    (row == 6 && column == 6) || (row == 6 && column == centres.last)
                    || (row == centres.last && column == 6)
                if !nearFinder { drawAlignment(centreRow: row, centreColumn: column) }
            }
        }
        drawFormatBits(mask: 0)  // reserves the format areas; redrawn once the mask is chosen
        drawVersionBits()
    }

    /// A 7×7 finder with its light separator (clipped at the edges).
    private mutating func drawFinder(centreRow: Int, centreColumn: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let row = centreRow + dy
                let column = centreColumn + dx
                guard (0..<size).contains(row), (0..<size).contains(column) else { continue }
                let ring = max(abs(dx), abs(dy))
                set(row, column, ring != 2 && ring != 4)
            }
        }
    }

    /// A 5×5 alignment pattern.
    private mutating func drawAlignment(centreRow: Int, centreColumn: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                set(centreRow + dy, centreColumn + dx, max(abs(dx), abs(dy)) != 1)
            }
        }
    }

    /// The 15 format bits (level, mask, BCH(15,5) check, XOR 0x5412) in both copies, and the dark module.
    private mutating func drawFormatBits(mask: Int) {
        let data = layout.level.rawValue << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { set(index, 8, bit(index)) }
        set(7, 8, bit(6))
        set(8, 8, bit(7))
        set(8, 7, bit(8))
        for index in 9..<15 { set(8, 14 - index, bit(index)) }
        for index in 0..<8 { set(8, size - 1 - index, bit(index)) }
        for index in 8..<15 { set(size - 15 + index, 8, bit(index)) }
        set(size - 8, 8, true)
    }

    /// The 18 version bits (version, BCH(18,6) check with 0x1F25) in both 6×3 areas, from version 7.
    private mutating func drawVersionBits() {
        guard layout.version >= 7 else { return }
        var remainder = layout.version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = layout.version << 12 | remainder
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let near = size - 11 + index % 3
            let far = index / 3
            set(far, near, dark)
            set(near, far, dark)
        }
    }

    // MARK: Data and masks

    /// Places the codewords' bits, most significant first, in the two-column zigzag from the bottom right, skipping
    /// function modules and the vertical timing column; modules left over (remainder bits) stay light.
    private mutating func placeCodewords(_ codewords: [UInt8]) {
        var bitIndex = 0
        let total = codewords.count * 8
        var right = size - 1
        var upward = true
        while right >= 1 {
            if right == 6 { right = 5 }
            for step in 0..<size {
                let row = upward ? size - 1 - step : step
                for column in [right, right - 1] where !reserved[row][column] {
                    if bitIndex < total {
                        modules[row][column] = (codewords[bitIndex / 8] >> (7 - bitIndex % 8)) & 1 == 1
                        bitIndex += 1
                    }
                }
            }
            upward.toggle()
            right -= 2
        }
    }

    /// Flips every data module where mask `pattern`'s condition holds.
    private mutating func applyMask(_ pattern: Int) {
        for row in 0..<size {
            for column in 0..<size where !reserved[row][column] && Self.maskCondition(pattern, row, column) {
                modules[row][column].toggle()
            }
        }
    }

    /// The eight mask conditions of the standard (i = row, j = column).
    private static func maskCondition(_ pattern: Int, _ i: Int, _ j: Int) -> Bool {
        switch pattern {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }

    /// The number of modules left for codewords: 8 × the layout's codewords plus the remainder bits (for tests).
    var dataModuleCount: Int {
        reserved.reduce(0) { $0 + $1.filter { !$0 }.count }
    }
}
