import ClavisLayout
import ClavisPrediction

extension GestureDecoder {
    /// A decoder for the letter keys of a solved layout (their centres, the median key
    /// width), any layout at any size.
    ///
    ///     let decoder = GestureDecoder(lexicon: english, geometry: session.scene.geometry)
    public init(lexicon: Lexicon, geometry: KeyboardGeometry) {
        self.init(lexicons: [lexicon], geometry: geometry)
    }

    /// The same over several languages' lexicons (a keyboard that suggests in two).
    public init(lexicons: [Lexicon], geometry: KeyboardGeometry) {
        let letters = geometry.letterKeys
        self.init(lexicons: lexicons, keys: letters.keys, keyWidth: letters.keyWidth)
    }
}
