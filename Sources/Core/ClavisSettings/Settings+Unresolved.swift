import ClavisLayout

extension Settings {
    /// The names in these settings that a keyboard could not use: names that resolve to
    /// nothing installed, layouts that do not load or that `clavis check` rejects, themes
    /// with problems. `clavis settings --set` refuses them (a file that crashed or stopped the
    /// keyboard at every start could otherwise be enabled); a running keyboard skips them and
    /// says so. `themeProblems` gives a theme's problems, or nil when there is no such theme.
    ///
    ///     settings.unresolved(field: "enabledKeyboards", layouts: LayoutLibrary()) { _ in [] }
    ///     // ["unknown keyboard 'nope'; installed: de, edit, email, emoji, fr, ja, ja-kana, ko, numpad, pc, pc-compact, url, us"]
    public func unresolved(field: String, layouts: LayoutLibrary, themeProblems: (String) -> [String]?) -> [String] {
        switch field {
        case "enabledKeyboards":
            var problems: [String] = []
            for reference in enabledKeyboards {
                guard layouts.contains(reference) else {
                    let installed = layouts.available.map(\.id).joined(separator: ", ")
                    problems.append("unknown keyboard '\(reference)'; installed: \(installed)")
                    continue
                }
                let errors: [LayoutError]
                do { errors = LayoutChecker().check(try layouts.load(reference)) } catch { errors = error.errors }
                if let first = errors.first {
                    problems.append("keyboard '\(reference)' has \(errors.count) problem\(errors.count == 1 ? "" : "s") (clavis check \(reference)); the first: \(first)")
                }
            }
            return problems
        case "theme":
            guard theme != "system" else { return [] }
            guard let problems = themeProblems(theme) else {
                return ["unknown theme '\(theme)'; installed: system, light, dark, high-contrast (or a .css file, or a theme in ~/.local/share/clavis/themes)"]
            }
            return problems.first.map { ["theme '\(theme)' has \(problems.count) problem\(problems.count == 1 ? "" : "s"); the first: \($0)"] } ?? []
        default:
            return []
        }
    }
}
