/// Repeated timings of one operation, in seconds, summarised as median with min–max.
struct Samples {
    var values: [Double]

    var median: Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The value `fraction` of the way up the sorted samples (0.99: p99), one of them.
    func percentile(_ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[Swift.min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    var min: Double { values.min() ?? .nan }
    var max: Double { values.max() ?? .nan }

    /// "12.3 µs (11.9–14.0)".
    var summary: String { "\(formatDuration(median)) (\(formatDuration(min, unitOf: median))–\(formatDuration(max, unitOf: median)))" }
}

/// Seconds in the unit that suits `reference` (ns, µs, ms or s), three significant figures.
func formatDuration(_ seconds: Double, unitOf reference: Double? = nil) -> String {
    // A measurement that produced no samples reads as a dash, not a crash.
    guard seconds.isFinite, reference?.isFinite ?? true else { return "–" }
    let scale = reference ?? seconds
    let (factor, unit): (Double, String) =
        scale < 1e-6 ? (1e9, "ns") : scale < 1e-3 ? (1e6, "µs") : scale < 1 ? (1e3, "ms") : (1, "s")
    let value = seconds * factor
    let digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
    let text = String(format: digits, value)
    return reference == nil ? "\(text) \(unit)" : text
}

private func String(format digits: Int, _ value: Double) -> String {
    var scaled = (value * pow10(digits)).rounded()
    if scaled == -0 { scaled = 0 }
    let integer = Int(scaled)
    guard digits > 0 else { return "\(integer)" }
    let divisor = Int(pow10(digits))
    let fraction = abs(integer % divisor)
    let fractionText = "\(fraction)"
    return "\(integer / divisor).\(repeatElement("0", count: digits - fractionText.count).joined())\(fractionText)"
}

private func pow10(_ n: Int) -> Double { (0..<n).reduce(1) { acc, _ in acc * 10 } }

/// Times `body` once, in seconds.
func time(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
}
