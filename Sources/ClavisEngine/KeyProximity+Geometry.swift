import ClavisLayout
import ClavisText

extension KeyProximity {
    /// The letters of a solved layer where the user sees them: each single-letter key's centre,
    /// scaled by the median letter key's width.
    ///
    ///     let proximity = KeyProximity(geometry: solver.geometry)
    public init(geometry: KeyboardGeometry) {
        var keys: [(letter: Character, x: Double, y: Double)] = []
        var widths: [Double] = []
        for frame in geometry.frames {
            guard case .insert(let text) = frame.key.action, text.count == 1, let letter = text.first, letter.isLetter else { continue }
            keys.append((letter, frame.frame.x + frame.frame.width / 2, frame.frame.y + frame.frame.height / 2))
            widths.append(frame.frame.width)
        }
        let median = widths.sorted().dropFirst(widths.count / 2).first ?? 1
        self.init(keys: keys, keyWidth: median)
    }
}
