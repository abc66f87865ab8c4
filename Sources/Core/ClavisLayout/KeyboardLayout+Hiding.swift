extension KeyboardLayout {
    /// The layout without some keys: they leave their rows (which close up around the gap),
    /// and constraints that name them are dropped. Used to hide the next-keyboard key when
    /// only one keyboard is enabled (iOS's needsInputModeSwitchKey).
    ///
    ///     us.hiding(["globe"])
    public func hiding(_ ids: Set<String>) -> KeyboardLayout {
        guard !ids.isEmpty else { return self }
        func keep(_ constraint: LayoutConstraint) -> Bool {
            !constraint.references.contains { ids.contains($0.item) }
        }
        func filter(_ sets: ConstraintSets) -> ConstraintSets {
            ConstraintSets(shared: sets.shared.filter(keep), portrait: sets.portrait.filter(keep),
                           landscape: sets.landscape.filter(keep))
        }
        func filter(_ rows: [LayoutRow]) -> [LayoutRow] {
            rows.map { row in
                LayoutRow(items: row.items.filter {
                    if case .key(let id, _) = $0 { return !ids.contains(id) }
                    return true
                }, location: row.location)
            }.filter { !$0.keyIDs.isEmpty }
        }
        let layers = self.layers.map {
            Layer(name: $0.name, rows: filter($0.rows), portraitRows: filter($0.portraitRows),
                  landscapeRows: filter($0.landscapeRows), constraints: filter($0.constraints), location: $0.location)
        }
        return KeyboardLayout(id: id, name: name, language: language, keys: keys.filter { !ids.contains($0.id) },
                              layers: layers, constraints: filter(constraints), file: file)
    }

    /// The ids of the keys with this action.
    public func keyIDs(doing action: KeyAction) -> Set<String> {
        Set(keys.filter { $0.action == action }.map(\.id))
    }
}

extension KeyboardLayout {
    /// The layout with its space bar named for its language ("English", "Deutsch", "日本語"),
    /// as phone keyboards name it when several are enabled; a layout of no known language
    /// keeps its label.
    ///
    ///     de.namingLanguageOnSpace().key("space")?.label   // "Deutsch"
    public func namingLanguageOnSpace() -> KeyboardLayout {
        guard let name = LanguageNames.endonym(of: language) else { return self }
        let named = keys.map { key in
            guard key.action == .space else { return key }
            var named = key
            named.label = name
            return named
        }
        return KeyboardLayout(id: id, name: self.name, language: language, keys: named, layers: layers, constraints: constraints, file: file)
    }
}
