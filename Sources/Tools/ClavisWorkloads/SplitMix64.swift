/// A small, fast, seedable random number generator (SplitMix64), so generated workloads are
/// the same on every run and every machine.
///
///     var random = SplitMix64(seed: 42)
///     let x = Double.random(in: 0..<1, using: &random)
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension Double {
    /// The value rounded to a whole number, half away from zero (`rounded()` needs libm,
    /// which a module without Foundation does not link).
    var integral: Double {
        guard abs(self) < 1e15 else { return self }
        return Double(Int64(self + (self < 0 ? -0.5 : 0.5)))
    }
}
