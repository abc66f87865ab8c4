import ClavisLayout
import ClavisText

extension GestureDecoder {
    /// A decoder for the letter keys of a solved layout (their centres, the median key
    /// width), any layout at any size.
    ///
    ///     let decoder = GestureDecoder(lexicon: english, geometry: session.geometry)
    public init(lexicon: Lexicon, geometry: KeyboardGeometry) {
        let letters = geometry.letterKeys
        self.init(lexicon: lexicon, keys: letters.keys, keyWidth: letters.keyWidth)
    }
}
