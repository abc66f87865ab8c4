/// Portrait or landscape, judged from the shape of what hosts the keyboard.
public enum Orientation: String, Equatable, Hashable, Sendable, CaseIterable {
    case portrait, landscape

    /// Portrait when the host (window or monitor) is narrower than it is tall; a square host
    /// counts as landscape.
    ///
    ///     Orientation(hostWidth: 400, hostHeight: 700)   // .portrait
    public init(hostWidth: Double, hostHeight: Double) {
        self = hostWidth < hostHeight ? .portrait : .landscape
    }
}
