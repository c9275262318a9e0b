// SplitMix64 (Steele, Lea and Flood, 2014): a tiny generator whose sequence depends only on its
// seed, on every platform; the audit's scenes and the joint property test draw from it.

import Foundation

/// A seeded generator with the same sequence on every platform.
public struct SplitMix64 {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    public mutating func uniform(_ low: Double, _ high: Double) -> Double { low + (high - low) * unit() }
    /// Uniform in the logarithm: as likely in [0.01, 0.1] as in [10, 100].
    public mutating func logUniform(_ low: Double, _ high: Double) -> Double { exp(uniform(log(low), log(high))) }
    public mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    public mutating func chance(_ p: Double) -> Bool { unit() < p }
    public mutating func pick<T>(_ choices: [T]) -> T { choices[int(0...(choices.count - 1))] }
}
