import ClavisLayout

/// Reads a layout from YAML text for tests (the text must be valid).
func layout(_ text: String, file: String = "test.yaml") -> KeyboardLayout {
    do {
        return try LayoutReader(file: file).read(text)
    } catch {
        fatalError("fixture does not parse: \(error)")
    }
}

/// A two-row layout whose bottom row differs by orientation.
let twoRowYAML = """
    id: two
    keys:
      space: {action: space, width: 3}
      left: {action: cursor-left}
    layers:
      letters:
        rows: ['q w e r']
        portrait: {rows: ['space']}
        landscape: {rows: ['left space']}
    """
