/// Portrait or landscape, judged from the shape of what hosts the keyboard.
public enum Orientation: String, Equatable, Hashable, Sendable, CaseIterable {
    case portrait, landscape

    /// Portrait when the host is narrower than it is tall, as seed 002's judgeVH does with
    /// the screen bounds; a square host counts as landscape.
    ///
    ///     Orientation(hostWidth: 400, hostHeight: 700)   // .portrait
    public init(hostWidth: Double, hostHeight: Double) {
        self = hostWidth < hostHeight ? .portrait : .landscape
    }
}
