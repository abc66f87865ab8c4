import ClavisEngine
import ClavisLayout

/// What the session asks of the view that shows it (`KeyboardSession.onRequest`).
///
///     session.onRequest = { request in
///         switch request {
///         case .redraw: view.paint(session.scene)
///         case .keyboardList(let key): menu.show(session.keyboards.layouts, beside: key)
///         …
///         }
///     }
public enum SessionRequest {
    /// What is drawn changed: paint `scene` at the next frame.
    case redraw
    /// A key is about to act on its release (what the latency trace times).
    case keyWillAct
    /// A long press on the globe key: show the list of `layouts` beside that key.
    case keyboardList(from: KeyDefinition)
    /// The bar's ▾: show the focused segment's candidates, the chosen one marked; the one
    /// picked goes to `choose(candidate:)`.
    case candidateList(_ candidates: [String], chosen: Int)
    /// The editing panel's Clipboard key: show everything copied, newest first, to type one
    /// (`clipboard.type(at:)`), pin or unpin one (`clipboard.togglePin(at:)`) or clear the
    /// list (`clipboard.clear()`).
    case clipboardList(_ items: [ClipboardHistory.Item])
    /// A list or menu over the keys should close (another keyboard shows).
    case closeMenus
}
