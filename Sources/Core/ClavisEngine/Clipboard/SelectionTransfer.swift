/// Reading what was copied on X11 as the ICCCM has a requestor read a selection, bounded
/// whatever the owner offers: the CLIPBOARD's targets first — a copy a password manager
/// marks secret (`secretTypes`) or that has no text is not fetched at all — then its text,
/// in one property or in increments (INCR, how owners hand over large copies), of which no
/// more than `ClipboardTransfer.maximumBytes` is ever read: a copy announced or found larger
/// is given up before the rest is asked for. The X11 glue does what each `Step` says and
/// hands back what the server answered; this decides.
///
///     var transfer = SelectionTransfer()
///     transfer.start()                                         // .convert("TARGETS")
///     transfer.targetsReceived(["TARGETS", "UTF8_STRING"])     // .convert("UTF8_STRING")
///     transfer.valueReceived(.data(Array("Ada".utf8), remaining: 0))   // .finished(.text("Ada"))
public struct SelectionTransfer: Equatable, Sendable {
    /// What the glue does next.
    public enum Step: Equatable, Sendable {
        /// Ask the owner for the selection as this target, into the requestor's property.
        case convert(String)
        /// Delete the property: in an incremental transfer, the owner's cue for the next piece.
        case deleteProperty
        /// Nothing: what came was for a transfer already finished.
        case wait
        /// Done: nothing more is asked for or read.
        case finished(Outcome)
    }

    /// How a transfer ended.
    public enum Outcome: Equatable, Sendable {
        case text(String)
        /// Offered with a password manager's secret hint: never read.
        case secret
        /// No text among the targets, or the owner refused.
        case noText
        /// Larger than `ClipboardTransfer.maximumBytes`: given up, nothing kept.
        case tooLarge
        /// The owner did not answer in time, or answered out of turn.
        case failed
    }

    /// A property's value as the glue read it, at most `readLimit` bytes of it.
    public enum PropertyValue: Equatable, Sendable {
        /// Of type INCR: the owner will hand the copy over in pieces, at least this many bytes.
        case incremental(lowerBound: Int)
        /// Bytes, and how many more the property holds past them (unread).
        case data([UInt8], remaining: Int)
        /// No property: the owner could not convert.
        case none
    }

    /// The targets that mark a copy as a secret, as password managers set them (KeePassXC,
    /// KDE's Klipper reads the first; the second is the macOS pasteboard's, which some
    /// cross-platform managers set too). Offered at all, the copy is taken for a secret.
    public static let secretTypes: Set<String> = ["x-kde-passwordManagerHint", "application/x-nspasteboard-concealed-type"]
    /// The text targets, most precise first.
    public static let textTypes = ["UTF8_STRING", "text/plain;charset=utf-8", "STRING", "TEXT", "text/plain"]
    /// Every target the glue should report by name: the others mean nothing here.
    public static var namedTargets: [String] { ["TARGETS", "INCR"] + textTypes + secretTypes.sorted() }
    /// The most bytes the glue reads from one property: one past the limit tells "too large".
    public static let readLimit = ClipboardTransfer.maximumBytes + 4
    /// The most targets looked at (an owner may list thousands).
    public static let maximumTargets = 1024

    private enum Phase: Equatable, Sendable {
        case idle, targets, value, increments, done
    }

    private var phase = Phase.idle
    private var transfer = ClipboardTransfer()

    public init() {}

    /// Whether the transfer has ended.
    public var isFinished: Bool { phase == .done }

    /// Begins: ask for the targets.
    @discardableResult
    public mutating func start() -> Step {
        guard phase == .idle else { return fail() }
        phase = .targets
        return .convert("TARGETS")
    }

    /// The owner's targets (`nil`: it refused TARGETS), by name, those the glue named.
    @discardableResult
    public mutating func targetsReceived(_ names: [String]?) -> Step {
        guard phase == .targets else { return fail() }
        guard let names else { return finish(.noText) }
        let offered = names.prefix(Self.maximumTargets)
        if offered.contains(where: Self.secretTypes.contains) { return finish(.secret) }
        guard let text = Self.textTypes.first(where: offered.contains) else { return finish(.noText) }
        phase = .value
        return .convert(text)
    }

    /// The text target's value: whole, or the start of an incremental transfer.
    @discardableResult
    public mutating func valueReceived(_ value: PropertyValue) -> Step {
        guard phase == .value else { return fail() }
        switch value {
        case .none:
            return finish(.noText)
        case .incremental(let lowerBound):
            guard lowerBound <= ClipboardTransfer.maximumBytes else { return finish(.tooLarge) }
            phase = .increments
            return .deleteProperty
        case .data(let bytes, let remaining):
            guard remaining == 0, transfer.append(bytes) else { return finish(.tooLarge) }
            return finish(transfer.text.map(Outcome.text) ?? .tooLarge)
        }
    }

    /// A piece of an incremental transfer (the property's new value); an empty one ends it.
    @discardableResult
    public mutating func incrementReceived(_ value: PropertyValue) -> Step {
        guard phase == .increments else { return fail() }
        guard case .data(let bytes, let remaining) = value else { return fail() }
        if bytes.isEmpty && remaining == 0 { return finish(transfer.text.map(Outcome.text) ?? .tooLarge) }
        guard remaining == 0, transfer.append(bytes) else { return finish(.tooLarge) }
        return .deleteProperty
    }

    /// The owner took too long.
    @discardableResult
    public mutating func timedOut() -> Step {
        fail()
    }

    private mutating func finish(_ outcome: Outcome) -> Step {
        phase = .done
        transfer = ClipboardTransfer()
        return .finished(outcome)
    }

    /// An answer out of turn ends the transfer; anything after the end is ignored.
    private mutating func fail() -> Step {
        phase == .done ? .wait : finish(.failed)
    }
}
