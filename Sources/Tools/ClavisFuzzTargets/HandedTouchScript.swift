import ClavisEngine
import ClavisLayout

/// The `handed-touches` fuzz target: bytes read as presses handed over on the session bus
/// (GNOME Shell's extension calls `Touch(u id, u phase, d x, d y)`), 18 bytes each — an id
/// byte, a phase byte, x and y as the bits of two doubles — checked by `HandedTouch`, and the
/// ones it takes run through a touch tracker on the US keyboard. What it checks: what is taken
/// is a place within reach, and the tracker takes the rest in any order (a move or an end of a
/// touch never begun, a begin twice, fingers and the pointer mixed).
///
///     HandedTouchScript.run([0, 0] + bits(40.0) + bits(560.0))   // the pointer goes down
@MainActor
enum HandedTouchScript {
    static func run(_ bytes: [UInt8]) {
        let controller = KeyboardController(layout: layout)
        let arrangement = KeyboardArrangement(layout: layout)
        arrangement.resize(width: 800, height: 260, orientation: .landscape)
        let tracker = TouchTracker(controller: controller, scheduler: NeverScheduler()) { arrangement.geometry }
        var start = bytes.startIndex
        while bytes.endIndex - start >= 18, start < 18 * 200 {
            let chunk = Array(bytes[start..<start + 18])
            start += 18
            func double(at offset: Int) -> Double {
                Double(bitPattern: chunk[offset..<offset + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
            }
            guard let touch = HandedTouch(id: UInt32(chunk[0] % 4), phase: UInt32(chunk[1] % 6), x: double(at: 2), y: double(at: 10)) else { continue }
            precondition(abs(touch.x) <= HandedTouch.farthest && abs(touch.y) <= HandedTouch.farthest, "a place out of reach was taken")
            switch touch.phase {
            case .began: _ = tracker.began(touch.trackerID, x: touch.x, y: touch.y)
            case .moved: tracker.moved(touch.trackerID, x: touch.x, y: touch.y)
            case .ended: tracker.ended(touch.trackerID, x: touch.x, y: touch.y)
            case .cancelled: tracker.cancel(touch.trackerID)
            }
        }
        tracker.cancelAll()
    }

    private static let layout: KeyboardLayout = (try? LayoutLibrary().load("us"))
        ?? KeyboardLayout(id: "us", name: "English", language: "en", keys: [], layers: [])
}
