import ClavisEngine
import ClavisLayout
import ClavisPrediction

/// Everything the keyboard shows at one moment, as values: what a view paints.
///
/// Built by `KeyboardSession.scene`; a GTK area, the offscreen renderer or a test reads it
/// the same way, and none of them asks the controller anything.
///
///     let scene = session.scene
///     scene.labels["q"]        // "Q" at a sentence start
///     scene.preview?.label     // the held key's bubble
public struct KeyboardScene {
    /// The keys' frames for the layer shown, below the bar.
    public var geometry: KeyboardGeometry
    /// The layer shown ("letters", "numbers") and the arrangement's orientation.
    public var layer: String
    public var orientation: Orientation
    /// How switch scanning runs (`.off`: it does not).
    public var scanMode: ScanSettings.Mode
    /// Each key's label now (capitals while shifted, Return's "Next"), by key id.
    public var labels: [String: String]
    /// Each key's state classes (`latched`, `locked`), by key id; keys with none left out.
    public var stateClasses: [String: [String]]
    /// The keys held down, by the pointer and by every finger.
    public var pressedKeyIDs: Set<String>
    /// The suggestion bar, while it shows.
    public var bar: Bar?
    /// The preview bubble above a held character key.
    public var preview: Preview?
    /// The flick guide over a held flick key.
    public var flickGuide: FlickGuide?
    /// The long-press alternates, while open.
    public var alternates: Alternates?
    /// What switch scanning highlights, while it scans.
    public var scan: ScanHighlight?
    /// Dwell's controls and the ring of the time running, while dwell is on.
    public var dwell: DwellState?
    /// The points of the swipe being drawn, oldest first, for its trail.
    public var trail: [GestureDecoder.Point]?
    /// The keys, in reading order, as assistive technologies see them now.
    public var accessibleKeys: [AccessibleKey] = []

    public struct Bar {
        public var content: SuggestionBar
        public var strip: Rect
        public var slots: [Rect]
        public var pressed: Int?
        /// The ✎ at its left end that opens the editing panel (`nil` over the panel), and
        /// whether a finger holds it down.
        public var panelButton: Rect?
        public var panelButtonPressed = false
    }

    public struct Preview: Equatable {
        public var frame: Rect
        public var label: String
    }

    public struct FlickGuide: Equatable {
        public var flick: OpenFlick
        public var label: String
    }

    public struct Alternates: Equatable {
        public var open: OpenAlternates
        public var uppercase: Bool
    }

    /// The scan's highlight: a group's outline with its keys marked, or one key.
    public struct ScanHighlight: Equatable {
        public var frame: Rect
        public var keyIDs: [String]
        public var slots: [Int]
        /// A group (a row or block) rather than one key.
        public var isGroup: Bool
        /// The way back out of a group is highlighted.
        public var isBack: Bool
        /// A key chosen and held (Backspace repeating until the next switch press).
        public var isHeld: Bool
    }

    /// Dwell: its two controls at the bar's right end, and the ring on the target.
    public struct DwellState: Equatable {
        public var longPressControl: Rect
        public var pauseControl: Rect
        public var isPaused: Bool
        public var isLongPressArmed: Bool
        /// The frame the pointer rests on and how much of the dwell time has passed (0…1).
        public var ring: Ring?

        public struct Ring: Equatable {
            public var frame: Rect
            public var fraction: Double
        }
    }

    /// The area the keyboard fills.
    public var bounds: Rect { Rect(x: 0, y: 0, width: geometry.width, height: geometry.height) }

    /// The label of a key, as drawn.
    public func label(for key: KeyDefinition) -> String { labels[key.id] ?? key.label }

    /// The suggestion bar's filled slots as assistive technologies see them, after the keys:
    /// (slot index, name), e.g. (1, "Suggestion: hello"), (0, "As typed: helo").
    public var accessibleSuggestions: [(slot: Int, name: String)] {
        guard let bar, !bar.slots.isEmpty else { return [] }
        return bar.content.slots.enumerated().compactMap { index, suggestion in
            guard let suggestion else { return nil }
            let name = switch suggestion.kind {
            case .verbatim: "As typed: \(suggestion.text)"
            case .candidate: "Candidate: \(suggestion.text)"
            case .composing: "Commit: \(suggestion.text)"
            case .more: "More candidates"
            default: "Suggestion: \(suggestion.text)"
            }
            return (index, name)
        }
    }
}

extension KeyboardSession {
    /// What to draw now: built once after each change, however often it is read.
    public var scene: KeyboardScene {
        if let built = updates.built { return built }
        let scene = buildScene()
        updates.built = scene
        return scene
    }

    private func buildScene() -> KeyboardScene {
        let geometry = geometry
        var labels: [String: String] = [:]
        var classes: [String: [String]] = [:]
        var accessible: [AccessibleKey] = []
        accessible.reserveCapacity(geometry.frames.count)
        for frame in geometry.frames {
            labels[frame.key.id] = controller.label(for: frame.key)
            accessible.append(controller.accessibleKey(for: frame.key))
            let state = controller.stateClasses(for: frame.key)
            if !state.isEmpty { classes[frame.key.id] = state }
        }
        var scene = KeyboardScene(geometry: geometry, layer: area.arrangement.layerName, orientation: area.arrangement.orientation,
                                  scanMode: access.scanSettings.mode, labels: labels, stateClasses: classes, pressedKeyIDs: tracker.pressedKeyIDs)
        scene.accessibleKeys = accessible
        if bar.height > 0 {
            scene.bar = KeyboardScene.Bar(content: barDuringGesture ?? controller.bar, strip: bar.strip, slots: bar.slotFrames,
                                          pressed: tracker.pressedSlot, panelButton: panel.buttonFrame, panelButtonPressed: panel.buttonTouch != nil)
        }
        if let id = previewKeyID, let key = controller.layout.key(id), let frame = geometry.frame(ofKey: id) {
            scene.preview = KeyboardScene.Preview(frame: frame, label: controller.label(for: key))
        }
        if let flick = tracker.openFlick {
            scene.flickGuide = KeyboardScene.FlickGuide(flick: flick, label: controller.label(for: flick.key))
        }
        if let open = tracker.openAlternates {
            scene.alternates = KeyboardScene.Alternates(open: open, uppercase: controller.isShiftLatched)
        }
        scene.scan = access.scanHighlight
        scene.dwell = access.dwellState
        scene.trail = tracker.gestureTrail
        return scene
    }

    /// The key whose preview bubble shows: a character key held by the pointer, never in a
    /// password field (what is typed there must not be shown larger).
    var previewKeyID: String? {
        guard let key = tracker.pendingKey, key.action.showsPreview, key.flicks == nil,
              proxy?.traits.isSecureTextEntry != true else { return nil }
        return key.id
    }

    /// The ids of the keys held down right now, by the pointer and by every finger.
    var pressedKeyIDs: Set<String> { tracker.pressedKeyIDs }
}
