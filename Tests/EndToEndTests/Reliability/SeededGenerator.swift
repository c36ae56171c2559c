import Foundation

/// A seeded SplitMix64 generator, so that a failing random run can be replayed from its printed seed.
struct SeededGenerator: RandomNumberGenerator {
    /// The seed the generator started from.
    let seed: UInt64
    private var state: UInt64

    /// Starts from `seed`.
    init(seed: UInt64) {
        self.seed = seed
        state = seed
    }

    /// Starts from `$<variable>` when set (to replay a failure), else from a random seed.
    init(seedFrom variable: String) {
        self.init(
            seed: ProcessInfo.processInfo.environment[variable].flatMap { UInt64($0) } ?? UInt64.random(in: 0 ... .max))
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
