/// The penalty score ISO/IEC 18004 uses to choose a mask: runs of one colour, 2×2 blocks, finder-like patterns and
/// the dark/light balance. Lower is better.
enum QRMaskPenalty {
    static func score(_ modules: [[Bool]]) -> Int {
        let size = modules.count
        let columns = (0..<size).map { column in modules.map { $0[column] } }
        var penalty = 0
        for line in modules + columns {
            penalty += runs(line) + finderLike(line)
        }
        for row in 0..<(size - 1) {
            for column in 0..<(size - 1) {
                let colour = modules[row][column]
                if modules[row][column + 1] == colour, modules[row + 1][column] == colour,
                    modules[row + 1][column + 1] == colour
                {
                    penalty += 3
                }
            }
        }
        let dark = modules.reduce(0) { $0 + $1.filter { $0 }.count }
        let percent = dark * 100 / (size * size)
        penalty += abs(percent - 50) / 5 * 10
        return penalty
    }

    /// 3 + (n − 5) for each run of n ≥ 5 modules of one colour.
    private static func runs(_ line: [Bool]) -> Int {
        var penalty = 0
        var length = 1
        for index in 1...line.count {
            if index < line.count, line[index] == line[index - 1] {
                length += 1
                continue
            }
            if length >= 5 { penalty += 3 + length - 5 }
            length = 1
        }
        return penalty
    }

    /// 40 for each dark-light-dark-dark-dark-light-dark (1:1:3:1:1) with four light modules on one side.
    private static func finderLike(_ line: [Bool]) -> Int {
        let core: [Bool] = [true, false, true, true, true, false, true]
        let light = [Bool](repeating: false, count: 4)
        let patterns = [light + core, core + light]
        var penalty = 0
        for start in 0...(line.count - 11) {
            let window = Array(line[start..<start + 11])
            penalty += patterns.filter { $0 == window }.count * 40
        }
        return penalty
    }
}
