import CClavisAccessible
import ClavisEngine
import ClavisLayout
import ClavisSession
import GtkKit

/// The keys as accessible children of the keyboard area, for screen readers and switch
/// access: each named as `KeyboardScene.accessibleKeys` names it, with its on-screen extents
/// and one action ("click") that does what a click does; then the suggestion bar's filled
/// slots, whose action chooses the word.
///
/// The keys are built only when an assistive technology asks (the C side keeps a stale flag),
/// so the press path pays nothing without one.
extension KeyboardView {
    /// Connects the area's accessible keys to this view (once, at start).
    func wireAccessibility() {
        let box = Unmanaged.passRetained(AccessibilityBox(self)).toOpaque()
        clavis_keyboard_area_set_handlers(widget, { data in
            MainActor.assumeIsolated { AccessibilityBox.from(data)?.view?.publishAccessibleKeys() }
        }, { index, data in
            MainActor.assumeIsolated { AccessibilityBox.from(data)?.view?.activateAccessibleKey(at: Int(index)) }
        }, box, { data in
            data.map { Unmanaged<AccessibilityBox>.fromOpaque($0).release() }
        })
    }

    /// Tells the accessible keys that names, states or places may have changed.
    func invalidateAccessibleKeys() {
        clavis_keyboard_area_invalidate(widget)
    }

    private func publishAccessibleKeys() {
        let frames = session.scene.geometry.frames
        publishedKeys = frames.map(\.key)
        let slots = session.scene.accessibleSuggestions
        publishedSlots = slots.map(\.slot)
        let slotFrames = session.scene.bar?.slots ?? []
        var strings: [UnsafeMutablePointer<CChar>?] = []
        defer { strings.forEach { free($0) } }
        func copy(_ text: String?) -> UnsafePointer<CChar>? {
            guard let text else { return nil }
            let pointer = strdup(text)
            strings.append(pointer)
            return UnsafePointer(pointer)
        }
        let infos = zip(frames, session.scene.accessibleKeys).map { frame, key in
            ClavisKeyInfo(id: copy(key.id), name: copy(key.name), description: copy(key.description),
                          role: key.isToggle ? ATK_ROLE_TOGGLE_BUTTON : ATK_ROLE_PUSH_BUTTON,
                          checked: key.isOn ? 1 : 0, x: frame.frame.x, y: frame.frame.y,
                          width: frame.frame.width, height: frame.frame.height)
        } + slots.map { slot in
            let frame = slotFrames[slot.slot]
            return ClavisKeyInfo(id: copy("suggestion-\(slot.slot)"), name: copy(slot.name), description: nil,
                                 role: ATK_ROLE_PUSH_BUTTON, checked: 0, x: frame.x, y: frame.y,
                                 width: frame.width, height: frame.height)
        }
        infos.withUnsafeBufferPointer { clavis_keyboard_area_set_keys(widget, $0.baseAddress, guint($0.count)) }
    }

    private func activateAccessibleKey(at index: Int) {
        if publishedKeys.indices.contains(index) { return session.activate(publishedKeys[index]) }
        let slot = index - publishedKeys.count
        guard publishedSlots.indices.contains(slot) else { return }
        session.bar.choose(slot: publishedSlots[slot])
    }
}

/// Carries a weak reference to the view through C.
private final class AccessibilityBox {
    weak var view: KeyboardView?

    init(_ view: KeyboardView) {
        self.view = view
    }

    static func from(_ data: UnsafeMutableRawPointer?) -> AccessibilityBox? {
        data.map { Unmanaged<AccessibilityBox>.fromOpaque($0).takeUnretainedValue() }
    }
}
