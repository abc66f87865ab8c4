import ClavisLayout

/// A generated layout of `keys` keys for the scale benchmark: rows of 20 single-letter-id
/// keys, with a portrait set that widens the first key of every row and a landscape set
/// that widens the first two, so an orientation switch changes real constraints.
enum StressLayout {
    static func yaml(keys: Int) -> String {
        let perRow = 20
        var rows: [String] = []
        var portrait: [String] = []
        var landscape: [String] = []
        var index = 0
        while index < keys {
            let ids = (index..<min(keys, index + perRow)).map { "k\($0)" }
            rows.append("      - '\(ids.joined(separator: " "))'")
            if ids.count >= 3 {
                portrait.append("    - \(ids[0]).width == 1.5 * \(ids[2]).width")
                landscape.append("    - \(ids[0]).width == 2 * \(ids[2]).width")
                landscape.append("    - \(ids[1]).width == 1.5 * \(ids[2]).width")
            }
            index += perRow
        }
        let definitions = (0..<keys).map { "  k\($0): {label: \"\($0)\"}" }
        return """
            id: stress\(keys)
            keys:
            \(definitions.joined(separator: "\n"))
            layers:
              all:
                rows:
            \(rows.joined(separator: "\n"))
            portrait:
              constraints:
            \(portrait.joined(separator: "\n"))
            landscape:
              constraints:
            \(landscape.joined(separator: "\n"))

            """
    }

    static func layout(keys: Int) throws -> KeyboardLayout {
        try LayoutReader(file: "stress\(keys).yaml").read(yaml(keys: keys))
    }
}
