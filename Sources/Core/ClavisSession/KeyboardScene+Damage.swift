import ClavisLayout

extension KeyboardScene {
    /// The parts of the keyboard that look different from `old`, so a press repaints its
    /// key and not the whole keyboard; `nil` when everything must be repainted (the keys
    /// moved, a popup of alternates or a flick guide opened, moved or closed).
    ///
    /// A whole repaint of a wide keyboard takes a millisecond or more; GTK delivers no event
    /// while it paints, so a release that follows a press at once waited for the press's
    /// repaint before its text went out. Repainting one key takes a fraction of that.
    ///
    ///     after.changedAreas(since: before)   // [frame of "h"]: only h looks pressed now
    public func changedAreas(since old: KeyboardScene) -> [Rect]? {
        guard geometry == old.geometry, flickGuide == old.flickGuide, alternates == old.alternates else { return nil }
        // A swipe's trail crosses the keys: it is repainted whole while drawn and once gone.
        if trail != nil || old.trail != nil { return nil }
        var areas: [Rect] = []
        for keyFrame in geometry.frames {
            let id = keyFrame.key.id
            if labels[id] != old.labels[id] || stateClasses[id] != old.stateClasses[id]
                || pressedKeyIDs.contains(id) != old.pressedKeyIDs.contains(id) {
                areas.append(keyFrame.frame)
            }
        }
        if preview != old.preview {
            if let bubble = old.preview?.bubble(in: old.bounds) { areas.append(bubble) }
            if let bubble = preview?.bubble(in: bounds) { areas.append(bubble) }
        }
        if scan != old.scan {
            for highlight in [scan, old.scan].compactMap({ $0 }) { areas.append(highlight.frame) }
        }
        if dwell != old.dwell {
            for state in [dwell, old.dwell].compactMap({ $0 }) {
                areas += [state.longPressControl, state.pauseControl] + (state.ring.map { [$0.frame] } ?? [])
            }
        }
        if let bar, let oldBar = old.bar {
            if bar.content != oldBar.content || bar.pressed != oldBar.pressed || bar.strip != oldBar.strip || bar.slots != oldBar.slots
                || bar.panelButton != oldBar.panelButton || bar.panelButtonPressed != oldBar.panelButtonPressed {
                areas.append(bar.strip)
            }
        } else if bar != nil || old.bar != nil {
            return nil
        }
        return areas
    }
}

extension KeyboardScene.Preview {
    /// The bubble drawn above the held key: wider than the key, as tall, kept inside `bounds`.
    ///
    ///     Preview(frame: Rect(x: 0, y: 100, width: 50, height: 40), label: "q").bubble(in: bounds)   // x 0, y 64, 70×40
    public func bubble(in bounds: Rect) -> Rect {
        let width = frame.width * 1.4
        let height = frame.height
        let x = min(max(bounds.x, frame.midX - width / 2), bounds.maxX - width)
        return Rect(x: x, y: max(bounds.y, frame.y - height * 0.9), width: width, height: height)
    }
}
