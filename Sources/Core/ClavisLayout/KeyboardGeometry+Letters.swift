extension KeyboardGeometry {
    /// The single-letter keys where the user sees them (each key's centre) and the median
    /// letter key's width: what the keyboard-aware corrector and the swipe decoder measure in.
    ///
    ///     let (keys, keyWidth) = geometry.letterKeys   // [("q", 20, 30), …], 40
    public var letterKeys: (keys: [(letter: Character, x: Double, y: Double)], keyWidth: Double) {
        var keys: [(letter: Character, x: Double, y: Double)] = []
        var widths: [Double] = []
        for frame in frames {
            guard case .insert(let text) = frame.key.action, text.count == 1, let letter = text.first, letter.isLetter else { continue }
            keys.append((letter, frame.frame.midX, frame.frame.midY))
            widths.append(frame.frame.width)
        }
        return (keys, widths.sorted().dropFirst(widths.count / 2).first ?? 1)
    }
}
