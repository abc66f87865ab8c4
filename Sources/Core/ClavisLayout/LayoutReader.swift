import ClavisFormats
/// Reads a YAML layout file into a `KeyboardLayout`, collecting every problem with its line
/// and column instead of stopping at the first.
///
///     let layout = try LayoutReader(file: "us.yaml").read(text)
///
/// The format is documented in docs/layouts.md and docs/layout.schema.json. Semantic checks
/// that need solving (overlaps, conflicts) are `LayoutChecker`'s; this reader checks shape,
/// types, names and references.
public struct LayoutReader {
    /// The name used in error messages.
    public var file: String

    public init(file: String) { self.file = file }

    /// The largest layout file read, in bytes: the built-in layouts are 1–5 KB.
    public static let maximumFileSize = 1 << 20
    /// The most keys a layout may define, over all its layers: the PC layout has about 100,
    /// and layout benchmarks build 800.
    public static let maximumKeys = 1_000
    /// The most constraints a layout may state (shared, portrait and landscape together): the
    /// PC layout states 24. Weak constraints cost the solver most: 10,000 took 17 s and 1.4 GB
    /// to check.
    public static let maximumConstraints = 1_000

    /// Parses `text`; throws every problem found, in file order.
    public func read(_ text: String) throws(LayoutErrors) -> KeyboardLayout {
        var context = Context(file: file)
        let composed: YAMLNode?
        do {
            composed = try YAMLNode.compose(text)
        } catch {
            throw LayoutErrors(errors: [LayoutError(file: file, at: error.location, message: error.message)])
        }
        guard let root = composed else {
            throw LayoutErrors(errors: [LayoutError(file: file, line: 1, column: 1, message: "the file is empty")])
        }
        let layout = context.layout(root)
        guard context.errors.isEmpty, let layout else {
            throw LayoutErrors(errors: context.errors.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
        }
        return layout
    }
}

/// The reader's state: the errors so far and helpers that type-check nodes.
private struct Context {
    let file: String
    var errors: [LayoutError] = []
    /// Where each key's `{layer: NAME}` names its layer, to locate an unknown one.
    var layerSwitches: [String: SourceLocation] = [:]

    init(file: String) { self.file = file }

    mutating func fail(_ node: YAMLNode?, _ message: String) {
        errors.append(LayoutError(file: file, at: node?.location, message: message))
    }

    mutating func fail(at location: SourceLocation?, _ message: String) {
        errors.append(LayoutError(file: file, at: location, message: message))
    }

    /// The node as a mapping of string keys, reporting any field not in `allowed`.
    mutating func fields(_ node: YAMLNode, _ what: String, allowed: [String]) -> [(String, YAMLNode, YAMLNode)]? {
        guard let mapping = node.mapping else {
            fail(node, "\(what) must be a mapping")
            return nil
        }
        var result: [(String, YAMLNode, YAMLNode)] = []
        for (key, value) in mapping {
            guard let name = key.scalar?.string else {
                fail(key, "\(what) has a key that is not a plain name")
                continue
            }
            guard allowed.contains(name) else {
                fail(key, "unknown field '\(name)' in \(what) (expected \(allowed.joined(separator: ", ")))")
                continue
            }
            result.append((name, key, value))
        }
        return result
    }

    mutating func string(_ node: YAMLNode, _ what: String) -> String? {
        guard let scalar = node.scalar else {
            fail(node, "\(what) must be text")
            return nil
        }
        return scalar.string
    }

    mutating func number(_ node: YAMLNode, _ what: String, in range: ClosedRange<Double>) -> Double? {
        guard let text = node.scalar?.string, let value = Double(text), value.isFinite else {
            fail(node, "\(what) must be a number")
            return nil
        }
        guard range.contains(value) else {
            fail(node, "\(what) must be from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))")
            return nil
        }
        return value
    }

    mutating func strings(_ node: YAMLNode, _ what: String) -> [String]? {
        if let single = node.scalar { return [single.string] }
        guard let sequence = node.sequence else {
            fail(node, "\(what) must be a list of text")
            return nil
        }
        var result: [String] = []
        for item in sequence {
            if let text = string(item, "each of \(what)") { result.append(text) }
        }
        return result
    }

    static func format(_ value: Double) -> String {
        abs(value) < 1e15 && value == Double(Int64(value)) ? String(Int64(value)) : String(value)
    }

    // MARK: The layout

    /// The fields a layout file may have at its top.
    static let layoutFields = ["id", "name", "language", "keys", "layers", "constraints", "portrait", "landscape"]

    mutating func layout(_ root: YAMLNode) -> KeyboardLayout? {
        // A file none of whose fields is a layout's (a password file named by mistake) is
        // refused in one line that quotes none of it: its lines are nobody's business.
        if let mapping = root.mapping, !mapping.contains(where: { Self.layoutFields.contains($0.0.scalar?.string ?? "") }) {
            fail(at: SourceLocation(line: 1, column: 1), "not a Clavis layout: none of its fields is a layout's (\(Self.layoutFields.joined(separator: ", ")))")
            return nil
        }
        guard let fields = fields(root, "the layout", allowed: Self.layoutFields) else { return nil }
        var id: String?
        var name: String?
        var language = ""
        var keyNodes: YAMLNode?
        var layerNodes: YAMLNode?
        var constraints = ConstraintSets()
        for (field, _, value) in fields {
            switch field {
            case "id":
                id = string(value, "'id'")
                if let text = id, text.isEmpty || text.contains("/") || text.contains(" ") {
                    fail(value, "'id' must be a short name without spaces or '/'")
                }
            case "name": name = string(value, "'name'")
            case "language": language = string(value, "'language'") ?? ""
            case "keys": keyNodes = value
            case "layers": layerNodes = value
            case "constraints": constraints.shared = constraintList(value, "'constraints'")
            case "portrait", "landscape":
                guard let sub = self.fields(value, "'\(field)'", allowed: ["constraints"]) else { continue }
                for (_, _, list) in sub {
                    let parsed = constraintList(list, "'\(field).constraints'")
                    if field == "portrait" { constraints.portrait = parsed } else { constraints.landscape = parsed }
                }
            default: break
            }
        }
        if id == nil { fail(at: SourceLocation(line: 1, column: 1), "the layout needs an 'id'") }
        var keys = keyNodes.map { keyDefinitions($0) } ?? []
        guard let layerNodes else {
            fail(at: SourceLocation(line: 1, column: 1), "the layout needs 'layers' with at least one layer")
            return nil
        }
        let constraintCount = constraints.shared.count + constraints.portrait.count + constraints.landscape.count
        if constraintCount > LayoutReader.maximumConstraints {
            fail(fields.first { $0.0 == "constraints" || $0.0 == "portrait" || $0.0 == "landscape" }?.1,
                 "\(constraintCount) constraints; a layout may state at most \(LayoutReader.maximumConstraints)")
            return nil
        }
        let layers = self.layers(layerNodes, keys: &keys)
        if keys.count > LayoutReader.maximumKeys {
            fail(keyNodes ?? layerNodes, "\(keys.count) keys; a layout may have at most \(LayoutReader.maximumKeys)")
            return nil
        }
        guard let id, !layers.isEmpty else { return nil }
        let layout = KeyboardLayout(id: id, name: name ?? id, language: language, keys: keys, layers: layers,
                                    constraints: constraints, file: file)
        checkReferences(layout)
        return layout
    }

    // MARK: Keys

    mutating func keyDefinitions(_ node: YAMLNode) -> [KeyDefinition] {
        guard let mapping = node.mapping else {
            fail(node, "'keys' must be a mapping from key ids to their definitions")
            return []
        }
        var keys: [KeyDefinition] = []
        for (keyNode, value) in mapping {
            guard let id = keyNode.scalar?.string, !id.isEmpty, !id.contains(where: \.isWhitespace) else {
                fail(keyNode, "a key id must be a name without spaces")
                continue
            }
            if id == AttributeReference.keyboard {
                fail(keyNode, "'keyboard' names the keyboard area and cannot be a key id")
                continue
            }
            if let key = keyDefinition(id: id, value) { keys.append(key) }
        }
        return keys
    }

    mutating func keyDefinition(id: String, _ node: YAMLNode) -> KeyDefinition? {
        if let scalar = node.scalar, scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null" {
            return id.count == 1 ? .character(id) : KeyDefinition(id: id, action: .insert(id))
        }
        guard let fields = fields(node, "key '\(id)'",
                                  allowed: ["label", "icon", "action", "text", "shift", "alternates", "flick", "style", "sound", "width"])
        else { return nil }
        var label: String?
        var icon: String?
        var action: KeyAction?
        var text: String?
        var alternates: [String] = []
        var styles: [String] = []
        var sound: SoundClass?
        var width = 1.0
        var flicks: Flicks?
        var shifted: String?
        for (field, _, value) in fields {
            switch field {
            case "label": label = string(value, "the label of '\(id)'")
            case "icon": icon = string(value, "the icon of '\(id)'")
            case "text": text = string(value, "the text of '\(id)'")
            case "alternates": alternates = strings(value, "the alternates of '\(id)'") ?? []
            case "style": styles = strings(value, "the style of '\(id)'") ?? []
            case "flick": flicks = flickTexts(value, of: id)
            case "shift": shifted = string(value, "the shifted text of '\(id)'")
            case "width": width = number(value, "the width of '\(id)'", in: 0.1...20) ?? 1
            case "sound":
                guard let name = string(value, "the sound of '\(id)'") else { continue }
                sound = SoundClass(rawValue: name)
                if sound == nil { fail(value, "unknown sound '\(name)' (use character, delete or modifier)") }
            case "action":
                action = keyAction(value, of: id)
            default: break
            }
        }
        if action != nil, text != nil, case .insert = action! {} else if action != nil, text != nil {
            fail(node, "key '\(id)' has both an action and a text; 'text' is only for keys that type")
        }
        let resolved = action ?? .insert(text ?? (id.count == 1 ? id : label ?? id))
        let finalAction: KeyAction = if case .insert = resolved, let text { .insert(text) } else { resolved }
        return KeyDefinition(id: id, label: label, icon: icon, action: finalAction, alternates: alternates,
                             styles: styles, sound: sound, widthUnits: width, flicks: flicks, shifted: shifted)
    }

    /// `flick: {left: い, up: う, right: え, down: お}`: what flicking each way types.
    mutating func flickTexts(_ node: YAMLNode, of id: String) -> Flicks? {
        let names = FlickDirection.allCases.map(\.rawValue)
        guard let fields = fields(node, "the flick of '\(id)'", allowed: names) else { return nil }
        var flicks = Flicks()
        for (field, _, value) in fields {
            guard let text = string(value, "the \(field) flick of '\(id)'"), let direction = FlickDirection(rawValue: field) else { continue }
            if text.isEmpty { fail(value, "the \(field) flick of '\(id)' is empty") }
            flicks[direction] = text
        }
        return flicks
    }

    mutating func keyAction(_ node: YAMLNode, of id: String) -> KeyAction? {
        if let name = node.scalar?.string {
            if name == "insert" { return nil }
            guard let action = KeyAction(name: name) else {
                fail(node, "unknown action '\(name)' for '\(id)' (use insert, \(KeyAction.names.joined(separator: ", ")), {layer: NAME}, {key: NAME}, {modifier: NAME}, {edit: NAME} or {hands: NAME})")
                return nil
            }
            return action
        }
        guard let fields = fields(node, "the action of '\(id)'", allowed: ["layer", "key", "modifier", "edit", "hands"]),
              let (field, _, value) = fields.first else {
            return nil
        }
        guard let name = string(value, "the \(field) of '\(id)'") else { return nil }
        switch field {
        case "key":
            guard let key = KeyName.named.first(where: { $0.keysym == name }) else {
                fail(value, "unknown key '\(name)' for '\(id)' (use \(KeyName.named.map(\.keysym).sorted().joined(separator: ", ")))")
                return nil
            }
            return .key(key)
        case "modifier":
            guard let modifier = KeyModifier(rawValue: name) else {
                fail(value, "unknown modifier '\(name)' for '\(id)' (use \(KeyModifier.allCases.map(\.rawValue).joined(separator: ", ")))")
                return nil
            }
            return .modifier(modifier)
        case "edit":
            guard let command = EditCommand(rawValue: name) else {
                fail(value, "unknown edit '\(name)' for '\(id)' (use \(EditCommand.allCases.map(\.rawValue).joined(separator: ", ")))")
                return nil
            }
            return .edit(command)
        case "hands":
            guard let mode = HandMode(rawValue: name) else {
                fail(value, "unknown hands '\(name)' for '\(id)' (use \(HandMode.allCases.map(\.rawValue).joined(separator: ", ")))")
                return nil
            }
            return .hands(mode)
        default:
            if let location = value.location { layerSwitches[id] = location }
            return .switchLayer(name)
        }
    }

    // MARK: Layers

    mutating func layers(_ node: YAMLNode, keys: inout [KeyDefinition]) -> [Layer] {
        guard let mapping = node.mapping, !mapping.isEmpty else {
            fail(node, "'layers' must be a mapping from layer names to their rows")
            return []
        }
        var layers: [Layer] = []
        for (nameNode, value) in mapping {
            guard let name = nameNode.scalar?.string, !name.isEmpty else {
                fail(nameNode, "a layer name must be text")
                continue
            }
            guard let fields = fields(value, "layer '\(name)'", allowed: ["rows", "constraints", "portrait", "landscape"]) else {
                continue
            }
            var layer = Layer(name: name, rows: [], location: nameNode.location)
            let errorsBefore = errors.count
            for (field, _, item) in fields {
                switch field {
                case "rows": layer.rows = rows(item, in: name, keys: &keys)
                case "constraints": layer.constraints.shared = constraintList(item, "the constraints of '\(name)'")
                case "portrait", "landscape":
                    guard let sub = self.fields(item, "'\(name).\(field)'", allowed: ["rows", "constraints"]) else { continue }
                    for (subField, _, subValue) in sub {
                        if subField == "rows" {
                            let parsed = rows(subValue, in: name, keys: &keys)
                            if field == "portrait" { layer.portraitRows = parsed } else { layer.landscapeRows = parsed }
                        } else {
                            let parsed = constraintList(subValue, "'\(name).\(field).constraints'")
                            if field == "portrait" { layer.constraints.portrait = parsed } else { layer.constraints.landscape = parsed }
                        }
                    }
                default: break
                }
            }
            // A layer whose rows had errors already said so; do not pile on.
            let rowsFailed = errors.count > errorsBefore
            for orientation in Orientation.allCases where layer.rows(in: orientation).isEmpty && !rowsFailed {
                fail(nameNode, "layer '\(name)' has no rows in \(orientation.rawValue)")
            }
            checkDuplicates(layer)
            layers.append(layer)
        }
        return layers
    }

    /// Parses row strings; single characters not defined under `keys` become character keys.
    mutating func rows(_ node: YAMLNode, in layer: String, keys: inout [KeyDefinition]) -> [LayoutRow] {
        guard let sequence = node.sequence else {
            fail(node, "the rows of '\(layer)' must be a list of strings")
            return []
        }
        var rows: [LayoutRow] = []
        // A set beside the list: searching the list for every token made reading grow with
        // the square of the keys.
        var known = Set(keys.map(\.id))
        for rowNode in sequence {
            guard let scalar = rowNode.scalar else {
                fail(rowNode, "each row must be a string of key ids")
                continue
            }
            let origin = contentStart(of: rowNode)
            var items: [LayoutRow.Item] = []
            for (token, offset) in tokens(scalar.string) {
                let location = origin?.advanced(by: offset)
                if token == LayoutRow.splitMark {
                    guard !items.contains(.split) else {
                        fail(at: location, "a row opens once when split: a second '\(LayoutRow.splitMark)' in layer '\(layer)'")
                        continue
                    }
                    items.append(.split)
                    continue
                }
                if token.hasPrefix("~") && token.count > 1 {
                    guard let units = Double(token.dropFirst()), units > 0, units <= 20 else {
                        fail(at: location, "gap '\(token)' needs a width of more than 0 and at most 20 key units, like '~0.5'")
                        continue
                    }
                    items.append(.gap(units))
                    continue
                }
                if !known.contains(token) {
                    guard token.count == 1 else {
                        fail(at: location, "unknown key '\(token)' in layer '\(layer)' (define it under 'keys', or use a single character)")
                        continue
                    }
                    keys.append(.character(token))
                    known.insert(token)
                }
                items.append(.key(token, location))
            }
            if items.isEmpty {
                if tokens(scalar.string).isEmpty { fail(rowNode, "a row of '\(layer)' has no keys") }
            } else {
                rows.append(LayoutRow(items: items, location: origin))
            }
        }
        return rows
    }

    mutating func checkDuplicates(_ layer: Layer) {
        for rows in [layer.rows + layer.portraitRows, layer.rows + layer.landscapeRows] {
            var seen: Set<String> = []
            for row in rows {
                for case .key(let id, let location) in row.items where !seen.insert(id).inserted {
                    if !errors.contains(where: { $0.message.hasPrefix("duplicate key '\(id)' in layer '\(layer.name)'") && $0.line == location?.line && $0.column == location?.column }) {
                        fail(at: location, "duplicate key '\(id)' in layer '\(layer.name)'")
                    }
                }
            }
        }
    }

    /// Words of a row string with their character offsets.
    func tokens(_ text: String) -> [(String, Int)] {
        var result: [(String, Int)] = []
        var current = ""
        var start = 0
        for (offset, character) in text.enumerated() {
            if character == " " || character == "\t" {
                if !current.isEmpty { result.append((current, start)) }
                current = ""
            } else {
                if current.isEmpty { start = offset }
                current.append(character)
            }
        }
        if !current.isEmpty { result.append((current, start)) }
        return result
    }

    /// Where a scalar's text begins on its line (after an opening quote).
    func contentStart(of node: YAMLNode) -> SourceLocation? {
        guard let location = node.location else { return nil }
        switch node.scalar?.style {
        case .singleQuoted?, .doubleQuoted?: return location.advanced(by: 1)
        default: return location
        }
    }

    // MARK: Constraints

    mutating func constraintList(_ node: YAMLNode, _ what: String) -> [LayoutConstraint] {
        guard let sequence = node.sequence else {
            fail(node, "\(what) must be a list of constraints like 'space.width == 5 * q.width'")
            return []
        }
        var result: [LayoutConstraint] = []
        for item in sequence {
            guard let text = item.scalar?.string else {
                fail(item, "each constraint must be a string like 'space.width == 5 * q.width'")
                continue
            }
            let origin = contentStart(of: item)
            do {
                result.append(try ConstraintParser.parse(text, at: origin))
            } catch {
                fail(at: origin?.advanced(by: error.column - 1), error.message)
            }
        }
        return result
    }

    /// Every constraint must name keys that some layer has (or `keyboard`), and every
    /// layer switch a layer that exists.
    mutating func checkReferences(_ layout: KeyboardLayout) {
        let layerKeys = layout.layers.map { ($0.name, $0.allKeyIDs) }
        let everyKey = layerKeys.reduce(into: Set<String>()) { $0.formUnion($1.1) }
        func check(_ constraints: [LayoutConstraint], within keys: Set<String>, where place: String) {
            for constraint in constraints {
                for reference in constraint.references where reference.item != AttributeReference.keyboard
                    && !keys.contains(reference.item) {
                    fail(at: reference.location ?? constraint.location,
                         "constraint names unknown key '\(reference.item)'\(place)")
                }
            }
        }
        check(layout.constraints.all, within: everyKey, where: "")
        for layer in layout.layers {
            check(layer.constraints.all, within: layer.allKeyIDs, where: " in layer '\(layer.name)'")
        }
        let names = Set(layout.layers.map(\.name))
        for key in layout.keys {
            if case .switchLayer(let target) = key.action, !names.contains(target) {
                fail(at: layerSwitches[key.id], "key '\(key.id)' switches to unknown layer '\(target)' (layers: \(layout.layers.map(\.name).joined(separator: ", ")))")
            }
        }
    }
}
