import ClavisEngine
import ClavisLayout

extension KeyboardSession {
    /// Sets how the keys sit, as the user chose it on the keyboard (a one-handed strip's key,
    /// the globe key's list): the keys move at once, and `onHandsChange` tells the host to
    /// keep the choice in the settings.
    ///
    ///     session.chooseHands(.left)   // the keys in a block at the left edge
    public func chooseHands(_ mode: HandMode) {
        guard mode != hands.mode else { return }
        hands.mode = mode
        onHandsChange?(mode)
    }
}
