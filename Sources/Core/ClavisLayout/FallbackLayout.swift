extension KeyboardLayout {
    /// A plain QWERTY compiled into the binary, for when no layout file can be loaded (the
    /// data files are missing, or every named layout is broken): the keyboard must always
    /// come up. The shipped `us` layout is the real one; this is the emergency copy.
    public static let fallback: KeyboardLayout = {
        let text = """
            id: fallback
            name: English (built in)
            keys:
              shift: {action: shift, width: 1.5}
              backspace: {action: backspace, width: 1.5}
              numbers: {label: "123", action: {layer: numbers}, width: 1.5}
              letters: {label: ABC, action: {layer: letters}, width: 1.5}
              space: {action: space, width: 5}
              return: {action: return, width: 2}
            layers:
              letters:
                rows: ['q w e r t y u i o p', '~0.5 a s d f g h j k l ~0.5', 'shift z x c v b n m backspace',
                       'numbers , space . return']
              numbers:
                rows: ['1 2 3 4 5 6 7 8 9 0', '- / : ; ( ) $ & @ "', '. , ? ! '' backspace', 'letters space return']
            """
        do {
            return try LayoutReader(file: "<built-in fallback>").read(text)
        } catch {
            preconditionFailure("the built-in fallback layout must parse: \\(error)")
        }
    }()
}
