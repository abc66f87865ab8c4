/// When the session asks its host to paint: once at the end of each host event however
/// many parts changed during it (the tracker's, the controller's, the bar's), at once for a
/// change outside any event (a timer). It keeps the scene as last built until then.
///
///     updates.eventBegan()
///     updates.sceneChanged()   // false: held
///     updates.eventEnded()     // true: paint now
struct SceneUpdates {
    /// The scene as last built, until something changes.
    var built: KeyboardScene?
    /// How deep in host events the session is.
    private var depth = 0
    /// Whether something changed during the event.
    private var pending = false

    /// Something drawn changed: the scene is built anew when read. `true` when the host
    /// should paint now (no event is being handled).
    mutating func sceneChanged() -> Bool {
        built = nil
        if depth > 0 { pending = true }
        return depth == 0
    }

    mutating func eventBegan() {
        depth += 1
    }

    /// `true` when the outermost event ended and something changed during it.
    mutating func eventEnded() -> Bool {
        depth -= 1
        guard depth == 0, pending else { return false }
        pending = false
        return true
    }
}
