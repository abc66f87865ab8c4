import ClavisLayout
import ClavisPrediction

extension KeyProximity {
    /// The letters of a solved layer where the user sees them: each single-letter key's centre,
    /// scaled by the median letter key's width.
    ///
    ///     let proximity = KeyProximity(geometry: solver.geometry)
    public init(geometry: KeyboardGeometry) {
        let letters = geometry.letterKeys
        self.init(keys: letters.keys, keyWidth: letters.keyWidth)
    }
}
