import Foundation

/// One line of a benchmark table: this project's figure beside a peer's.
struct ReportRow {
    var name: String
    var what: String
    var clavis: Samples
    var peer: Samples?
    /// The target in seconds for Clavis's median, if the issue sets one.
    var target: Double?

    var ratio: Double? { peer.map { clavis.median / $0.median } }

    var verdict: String {
        var failures: [String] = []
        if let ratio, ratio > 1 { failures.append("slower than kiwisolver") }
        if let target, clavis.median >= target { failures.append("misses < \(formatDuration(target))") }
        return failures.isEmpty ? "met" : "**missed**: " + failures.joined(separator: ", ")
    }
}

/// Formats rows as a Markdown table (the same text is printed and written to the docs).
func markdownTable(_ rows: [ReportRow], peerName: String) -> String {
    var text = "| measurement | what | Clavis | \(peerName) | ratio | target | verdict |\n"
    text += "|---|---|---|---|---|---|---|\n"
    for row in rows {
        let peer = row.peer?.summary ?? "–"
        let ratio = row.ratio.map { String(format: "%.2f", $0) } ?? "–"
        let target = row.target.map { "< \(formatDuration($0))" } ?? "ratio ≤ 1.0"
        text += "| \(row.name) | \(row.what) | \(row.clavis.summary) | \(peer) | \(ratio) | \(target) | \(row.verdict) |\n"
    }
    return text
}

/// Today's date (UTC), as reports print it: "2026-11-23".
func dateString() -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.timeZone = TimeZone(identifier: "UTC")
    return formatter.string(from: Date())
}

/// A one-line description of this machine for the report header.
func machineDescription() -> String {
    let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("model name") }?
        .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
    let memory = (try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("MemTotal") }
        .flatMap { Double($0.split(separator: " ").dropFirst().first ?? "") }
        .map { String(format: "%.0f GiB", $0 / 1024 / 1024) } ?? "? GiB"
    return "\(ProcessInfo.processInfo.activeProcessorCount) cores (\(cpu)), \(memory)"
}

/// Replaces the text between `<!-- NAME:begin -->` and `<!-- NAME:end -->` in a Markdown
/// file (appending the section when it is missing), so each benchmark owns its section.
func replaceSection(named name: String, in file: URL, with body: String) throws {
    let begin = "<!-- \(name):begin -->"
    let end = "<!-- \(name):end -->"
    var text = (try? String(contentsOf: file, encoding: .utf8))
        ?? "# Benchmarks\n\nRelease builds on the project's 2-core machine; each figure is the median with min–max over repeated runs. Produced by the commands named in each section; do not edit by hand.\n"
    let section = "\(begin)\n\(body)\(end)"
    if let start = text.range(of: begin), let stop = text.range(of: end), start.lowerBound < stop.upperBound {
        text.replaceSubrange(start.lowerBound..<stop.upperBound, with: section)
    } else {
        text += "\n\(section)\n"
    }
    try text.write(to: file, atomically: true, encoding: .utf8)
}
