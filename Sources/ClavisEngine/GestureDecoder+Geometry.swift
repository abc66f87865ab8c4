import ClavisLayout
import ClavisText

extension GestureDecoder {
    /// A decoder for the letter keys of a solved layout (their centres, the median key
    /// width), any layout at any size.
    ///
    ///     let decoder = GestureDecoder(lexicon: english, geometry: session.geometry)
    public init(lexicon: Lexicon, geometry: KeyboardGeometry) {
        var keys: [(letter: Character, x: Double, y: Double)] = []
        var widths: [Double] = []
        for frame in geometry.frames {
            guard case .insert(let text) = frame.key.action, text.count == 1, let letter = text.first, letter.isLetter else { continue }
            keys.append((letter, frame.frame.midX, frame.frame.midY))
            widths.append(frame.frame.width)
        }
        let median = widths.sorted().dropFirst(widths.count / 2).first ?? 1
        self.init(lexicon: lexicon, keys: keys, keyWidth: median)
    }
}
