import ClavisEngine
import ClavisLayout

/// The enabled keyboards, the session's part: their order (the globe key's cycle), which
/// one is up, the one before it (where the emoji keyboard's ABC goes back to), and the
/// keyboards a field's keyboard type asks for (the email layout, the number pad).
///
///     session.keyboards.layouts = [us, ja]   // shows us
///     session.keyboards.show(at: 1)          // 日本語
@MainActor
public final class SessionKeyboards {
    unowned let session: KeyboardSession
    private var enabled: [KeyboardLayout] = [.fallback]
    /// The index in `layouts` of the keyboard shown (or last shown, while a field's variant
    /// such as the email layout is up).
    private(set) var index = 0
    /// The enabled keyboard shown before the current one, where to go back to.
    private var previousIndex: Int?
    /// Finds the layout a field's keyboard type asks for ("email", "numpad", …).
    var variant: (String) -> KeyboardLayout?
    /// The keyboard ids the settings last asked for (`apply`), unknown ones included.
    private var requested: [String]?

    init(session: KeyboardSession) {
        self.session = session
        let library = session.library
        variant = { try? library.load($0) }
    }

    /// The keyboards the session starts with, the first already shown.
    func start(with layouts: [KeyboardLayout]) {
        enabled = layouts.isEmpty ? [.fallback] : layouts
    }

    /// The enabled keyboards, in the order the globe key cycles through them. Setting them
    /// shows the first.
    public var layouts: [KeyboardLayout] {
        get { enabled }
        set {
            enabled = newValue.isEmpty ? [.fallback] : newValue
            index = 0
            previousIndex = nil
            session.show(enabled[0])
        }
    }

    /// The enabled keyboard that is up, or was up before a field's variant.
    var current: KeyboardLayout { enabled[index] }

    /// Shows the enabled keyboard at `index` (chosen from the keyboard list).
    public func show(at index: Int) {
        guard enabled.indices.contains(index) else { return }
        if index != self.index { previousIndex = self.index }
        self.index = index
        session.show(enabled[index])
    }

    /// Replaces one enabled keyboard (a layout file saved while running) and shows it if it
    /// was showing; whatever else is up stays as it is.
    public func replace(_ layout: KeyboardLayout) {
        guard let position = enabled.firstIndex(where: { $0.id == layout.id }) else { return }
        enabled[position] = layout
        if position == index && session.layout.id == layout.id { session.show(layout) }
    }

    /// Shows the next enabled keyboard (the globe key), wrapping to the first.
    func showNext() {
        guard enabled.count > 1 || session.layout.id != current.id else { return }
        // From a field's variant the globe returns to the enabled keyboards.
        if session.layout.id == current.id {
            previousIndex = index
            index = (index + 1) % enabled.count
        }
        session.show(current)
    }

    /// Shows the keyboard shown before this one (the emoji keyboard's ABC), else the one
    /// before it in the cycle.
    func showPrevious() {
        guard enabled.count > 1 else { return }
        let previous = previousIndex.flatMap { enabled.indices.contains($0) && $0 != index ? $0 : nil }
        show(at: previous ?? (index + enabled.count - 1) % enabled.count)
    }

    /// The layout the field's keyboard type asks for (the email layout for an email field,
    /// the number pad for a phone field), or the enabled keyboard when it asks for none or
    /// the variant cannot be loaded.
    func wanted(for traits: TextInputTraits) -> KeyboardLayout {
        traits.keyboardType.preferredLayoutID.flatMap { id in
            id == session.layout.id ? session.layout : variant(id)
        } ?? current
    }

    /// The settings' keyboards, loaded by `load`, when they differ from what was asked for
    /// last (not from what loaded: a keyboard skipped as unknown must not reload the
    /// keyboards on every other change).
    func apply(_ ids: [String], load: ([String]) -> [KeyboardLayout]) {
        guard ids != (requested ?? enabled.map(\.id)) else { return }
        requested = ids
        layouts = load(ids)
    }
}
