import Foundation

/// What one on-screen keyboard measured in a side-by-side run (`clavis-bench wayland` and
/// `kwin`), and the table they print.
struct KeyboardFigures {
    var startups: [Double] = []
    var rss: [Double] = []
    var pss: [Double] = []
    var privateDirty: [Double] = []
    var latencies: [Double] = []
    var failure: String?

    /// Whether its median start-up is shorter than `other`'s (both measured).
    func startsFaster(than other: KeyboardFigures) -> Bool {
        !startups.isEmpty && !other.startups.isEmpty && Samples(values: startups).median < Samples(values: other.startups).median
    }

    /// Whether its median RSS and private dirty memory are both below `other`'s.
    func isSmaller(than other: KeyboardFigures) -> Bool {
        !rss.isEmpty && !other.rss.isEmpty && Samples(values: rss).median < Samples(values: other.rss).median
            && Samples(values: privateDirty).median < Samples(values: other.privateDirty).median
    }

    /// The `p`th percentile (nearest rank) of `values`; NaN for none.
    static func percentile(_ values: [Double], _ p: Int) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, sorted.count * p / 100)]
    }

    /// A Markdown table with a row per keyboard: start-up (`startup` names what it runs
    /// until), memory, press → text p50 / p99.
    static func table(_ names: [String], _ figures: [String: KeyboardFigures], startup: String) -> String {
        func mb(_ values: [Double]) -> String { values.isEmpty ? "–" : String(format: "%.1f MB", Samples(values: values).median / 1_048_576) }
        var table = "| keyboard | \(startup) | RSS | PSS | private dirty | press → text p50 / p99 (presses) |\n|---|---|---|---|---|---|\n"
        for name in names {
            let result = figures[name] ?? KeyboardFigures()
            if let failure = result.failure, result.startups.isEmpty {
                table += "| \(name) | could not be measured: \(failure) | | | | |\n"
                continue
            }
            let latency = result.latencies.isEmpty ? "no press reached the entry"
                : "\(formatDuration(percentile(result.latencies, 50))) / \(formatDuration(percentile(result.latencies, 99))) (\(result.latencies.count))"
            table += "| \(name) | \(Samples(values: result.startups).summary) | \(mb(result.rss)) | \(mb(result.pss)) | \(mb(result.privateDirty)) | \(latency) |\n"
        }
        return table
    }
}
