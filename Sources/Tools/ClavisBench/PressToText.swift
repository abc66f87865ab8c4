import Foundation

/// The demo of `clavis` with `--trace-latency`: `clicks` clicks on its j key, the latencies
/// read back (seconds from each release event to the text in the field).
func pressToTextLatencies(clavis: String, clicks: Int) throws -> [Double] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-latency-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let geometry = folder.appendingPathComponent("keys.json")
    let trace = folder.appendingPathComponent("latency.txt")
    let group = try ProcessGroup([clavis, "--layout", "us", "--geometry-out", geometry.path, "--trace-latency", trace.path],
                                 environment: ["XDG_CONFIG_HOME": folder.path])
    defer { group.stop() }
    let deadline = Date().addingTimeInterval(20)
    var key: [String: Any]?
    while Date() < deadline && key == nil {
        if let data = try? Data(contentsOf: geometry), let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
           json["visible"] as? Bool == true {
            key = (json["keys"] as? [[String: Any]])?.first { $0["id"] as? String == "j" }
        }
        usleep(10_000)
    }
    guard let key, let x = key["x"] as? Int, let y = key["y"] as? Int, let w = key["width"] as? Int, let h = key["height"] as? Int else {
        throw BenchError("Clavis did not show its keyboard")
    }
    Thread.sleep(forTimeInterval: 0.5)
    _ = capture(["xdotool", "mousemove", "\(x + w / 2)", "\(y + h / 2)", "click", "--repeat", "\(clicks)", "--delay", "3", "1"])
    Thread.sleep(forTimeInterval: 0.5)
    let text = (try? String(contentsOf: trace, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { Double($0) }.map { $0 / 1_000_000 }
}
