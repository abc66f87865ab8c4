import ClavisLayout
import ClavisXkb
import Testing

/// Every keyboard generated from the machine's XKB data is shaped as a touch keyboard and
/// still types everything its keymap types.
@Suite struct GeneratedShapeTests {
    /// Every text the layout can type: each key's text, and Shift's (its shifted text, else
    /// the capital), each long press's and its capital (a latched Shift capitalises those too).
    static func typeable(_ layout: KeyboardLayout) -> Set<String> {
        var texts: Set<String> = []
        for key in layout.keys {
            guard case .insert(let text) = key.action else { continue }
            texts.formUnion([text, key.shifted ?? text.uppercased()])
            texts.formUnion(key.alternates.flatMap { [$0, $0.uppercased()] })
        }
        return texts
    }

    /// What is wrong with a generated letters layer: a letter the keymap types that is not
    /// on it (as a key, its Shift, or a long press), a long press that lists a letter and its capital (Shift would show it twice)
    /// or repeats its own key, two keys that show one label under Shift.
    static func lettersLayerProblems(_ layout: KeyboardLayout, levels: GeneratedLayout.Levels) -> [String] {
        let keys = layout.layer("letters")!.rows.flatMap(\.keyIDs).compactMap { layout.key($0) }.filter {
            if case .insert = $0.action { true } else { false }
        }
        var reachable: Set<String> = []
        var problems: [String] = []
        for key in keys {
            let shifted = key.shifted ?? key.label.uppercased()
            reachable.formUnion([key.label, shifted])
            reachable.formUnion(key.alternates.flatMap { [$0, $0.uppercased()] })
            if key.alternates.contains(where: { letter in key.alternates.contains { $0 != letter && $0.uppercased() == letter } }) {
                problems.append("\(key.label)'s long press lists a letter twice under Shift: \(key.alternates)")
            }
            if key.alternates.contains(key.label) || key.alternates.contains(shifted) {
                problems.append("\(key.label)'s long press repeats the key")
            }
        }
        let shiftLabels = keys.map { $0.shifted ?? $0.label.uppercased() }
        let repeated = Dictionary(grouping: shiftLabels) { $0 }.filter { $0.value.count > 1 }.keys
        if !repeated.isEmpty { problems.append("several keys show \(repeated.sorted()) under Shift") }
        let block = levels.numberRow + levels.topRow + levels.homeRow + levels.bottomRow
        let letters = Set(block.flatMap { [$0.plain, $0.shift, $0.altGr, $0.altGrShift] }.compactMap { $0 }.filter(GeneratedLayout.isStrayLetter))
        let away = letters.subtracting(reachable)
        if !away.isEmpty { problems.append("letters not on the letters layer: \(away.sorted())") }
        return problems
    }

    @Test func everyKeymapOnTheMachineStillTypesEveryCharacterWithEveryLetterOnTheLetters() throws {
        let ids = try XkbLayouts.list().map(\.id)
        #expect(ids.count > 100)
        var failures: [String] = []
        for id in ids {
            guard let (name, variant) = XkbLayouts.parse(id), let levels = try? XkbLayouts.levels(layout: name, variant: variant) else { continue }
            let layout = GeneratedLayout.layout(id: id, name: id, language: name, levels: levels)
            let typeable = Self.typeable(layout)
            let block = levels.numberRow + levels.topRow + levels.homeRow + levels.bottomRow
            let missing = Set(block.flatMap { [$0.plain, $0.shift, $0.altGr, $0.altGrShift] }.compactMap { $0 }).subtracting(typeable)
            if !missing.isEmpty { failures.append("\(id): cannot type \(missing.sorted())") }
            let letters = layout.layer("letters")!
            failures += Self.lettersLayerProblems(layout, levels: levels).map { "\(id): \($0)" }
            let labels = letters.rows.flatMap(\.keyIDs).compactMap { layout.key($0)?.label }
            let accents = labels.filter { GeneratedLayout.deadKeys.values.map(\.spacing).contains($0) }
            if !accents.isEmpty { failures.append("\(id): dead-key accents among the letters: \(accents)") }
            if letters.rows.contains(where: { $0.keyIDs.count > 13 }) { failures.append("\(id): a letter row of more than eleven letters") }
            for bottom in [letters.portraitRows.last!, letters.landscapeRows.last!] {
                guard let space = bottom.keyIDs.firstIndex(of: "space") else { failures.append("\(id): no space"); continue }
                let beside = [bottom.keyIDs[space - 1], bottom.keyIDs[space + 1]]
                if beside != ["comma", "period"] { failures.append("\(id): beside Space \(beside)") }
            }
            if layout.key("comma")?.shifted != nil || layout.key("period")?.shifted != nil {
                failures.append("\(id): Shift changes the comma or full stop")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) problems: \(failures.prefix(20).joined(separator: "; "))")
    }

    /// A sample across scripts, solved: letters as wide as the built-ins', rows centred and
    /// the widest spanning the width (Hebrew's top row of eight letters is inset by a key at
    /// each end), the globe where the built-ins have it.
    @Test(arguments: ["xkb:us", "xkb:es", "xkb:de", "xkb:fr", "xkb:ru", "xkb:gr", "xkb:pl", "xkb:se", "xkb:il", "xkb:ara", "xkb:in(hin-wx)", "xkb:kr"])
    func solvedAsATouchKeyboard(id: String) throws {
        let layout = try XkbLayouts.layout(id)
        #expect(LayoutChecker().check(layout).map(\.description) == [])
        for (width, height, orientation) in [(800.0, 300.0, Orientation.landscape), (400.0, 600.0, .portrait)] {
            let solver = KeyboardArrangement(layout: layout)
            solver.resize(width: width, height: height, orientation: orientation)
            let frames = solver.geometry.frames
            let letterWidths = Set(frames.filter { $0.key.id.hasPrefix("a") && $0.key.id.count <= 4 }.map { ($0.frame.width * 10).rounded() })
            #expect(letterWidths.count == 1, "\(id) \(orientation): letters of one width, not \(letterWidths)")
            let letterWidth = (letterWidths.first ?? 0) / 10
            #expect(letterWidth >= width / 11 - 1, "\(id) \(orientation): letters \(letterWidth) wide")
            var insets: [Double] = []
            for (top, row) in Dictionary(grouping: frames, by: { $0.frame.y.rounded() }) {
                let left = row.map(\.frame.x).min() ?? 0
                let right = row.map(\.frame.maxX).max() ?? 0
                #expect(abs(left - (width - right)) < 1, "\(id) \(orientation): row at \(top) is centred")
                insets.append(left)
            }
            #expect(insets.filter { $0 < 1 }.count >= 2, "\(id) \(orientation): the widest letter row and the bottom row span the width")
            let globe = try #require(solver.geometry.frame(ofKey: "globe"))
            #expect(abs(globe.x - width / 8) < 1 && abs(globe.width - width / 8) < 1)
        }
    }
}
