import ClavisEngine
import ClavisLayout

extension KeyboardSession {
    /// How the keys sit for the hands now (`HandMode`, with the settings' sizes).
    public var hands: HandPlacement { handPlacement }

    /// Sets how the keys sit, as the user chose it on the keyboard (a one-handed strip's key,
    /// the globe key's list): the keys move at once, and `onHandsChange` tells the host to
    /// keep the choice in the settings.
    ///
    ///     session.chooseHands(.left)   // the keys in a block at the left edge
    public func chooseHands(_ mode: HandMode) {
        guard mode != handPlacement.mode else { return }
        handPlacement.mode = mode
        onHandsChange?(mode)
    }
}
