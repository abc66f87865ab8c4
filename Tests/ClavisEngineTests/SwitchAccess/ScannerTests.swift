import ClavisEngine
import ClavisLayout
import TestSupport
import Testing

@MainActor
@Suite struct ScannerTests {
    /// Three rows: q w e / a s / z.
    static let geometry = KeyboardGeometry(width: 300, height: 150, frames: [
        KeyFrame(key: .character("q"), frame: Rect(x: 0, y: 0, width: 100, height: 50)),
        KeyFrame(key: .character("w"), frame: Rect(x: 100, y: 0, width: 100, height: 50)),
        KeyFrame(key: .character("e"), frame: Rect(x: 200, y: 0, width: 100, height: 50)),
        KeyFrame(key: .character("a"), frame: Rect(x: 0, y: 50, width: 100, height: 50)),
        KeyFrame(key: .character("s"), frame: Rect(x: 100, y: 50, width: 100, height: 50)),
        KeyFrame(key: .character("z"), frame: Rect(x: 150, y: 100, width: 100, height: 50)),
    ])
    let scheduler = ManualScheduler()
    let scanner: Scanner
    var chosen: [ScanGroups.Item] { recorder.chosen }
    let recorder = Recorder()

    final class Recorder {
        var chosen: [ScanGroups.Item] = []
        var steps = 0
        var released = 0
    }

    init() {
        scanner = Scanner(scheduler: scheduler)
        scanner.groups = ScanGroups(geometry: Self.geometry)
        let recorder = recorder
        scanner.onSelect = { item in
            recorder.chosen.append(item)
            return item == .key(id: "s")   // "s" stands in for a repeating key
        }
        scanner.onStep = { recorder.steps += 1 }
        scanner.onRelease = { recorder.released += 1 }
    }

    func mode(_ mode: ScanSettings.Mode, _ change: (inout ScanSettings) -> Void = { _ in }) {
        var settings = ScanSettings()
        settings.mode = mode
        change(&settings)
        scanner.settings = settings
    }

    var highlighted: [ScanGroups.Item]? { scanner.highlight?.items }

    @Test func autoScanStepsRowsOnTheIntervalThenKeysAfterSelect() {
        mode(.auto)
        #expect(highlighted == [.key(id: "q"), .key(id: "w"), .key(id: "e")], "turning it on starts at the first row")
        scheduler.advance(by: 1.19)
        #expect(highlighted?.first == .key(id: "q"))
        scheduler.advance(by: 0.02)
        #expect(highlighted == [.key(id: "a"), .key(id: "s")])
        scanner.tap(.select)
        #expect(highlighted == [.key(id: "a")] && scanner.highlight?.isGroup == false)
        scheduler.advance(by: 1.2 * 2)
        #expect(scanner.highlight?.isBack == true, "after the row's keys, the way back")
        scheduler.advance(by: 1.2)
        #expect(highlighted == [.key(id: "a")], "round the row again")
        scanner.tap(.select)
        #expect(chosen == [.key(id: "a")])
        #expect(highlighted == [.key(id: "q"), .key(id: "w"), .key(id: "e")], "after a key, from the top again")
        #expect(recorder.steps == 4)
    }

    @Test func anUnattendedAutoScanLeavesAGroupAfterItsCyclesAndStopsAtTheTop() {
        mode(.auto) { $0.cycles = 2; $0.firstItemDelay = 0.5 }
        scheduler.advance(by: 1.2 + 0.5)
        #expect(highlighted == [.key(id: "a"), .key(id: "s")], "the first item waits the first-item delay longer")
        scanner.tap(.select)   // into a s ←
        scheduler.advance(by: 1.7 + 1.2 + 1.2)   // s, back, a (cycle 1)
        #expect(highlighted == [.key(id: "a")])
        scheduler.advance(by: 1.7 + 1.2 + 1.2)   // s, back, and out after the second cycle
        #expect(highlighted == [.key(id: "a"), .key(id: "s")], "the group it left stays highlighted")
        scheduler.advance(by: 60)
        #expect(!scanner.isScanning, "stopped after two cycles of the rows")
        scanner.tap(.select)
        #expect(highlighted == [.key(id: "q"), .key(id: "w"), .key(id: "e")], "the switch wakes it, choosing nothing")
        #expect(chosen.isEmpty)
    }

    @Test func stepScanMovesOnlyOnTheNextSwitchAndGoesRound() {
        mode(.step)
        scheduler.advance(by: 30)
        #expect(highlighted?.first == .key(id: "q"), "nothing moves by itself")
        scanner.tap(.next)
        scanner.tap(.next)
        #expect(highlighted == [.key(id: "z")])
        scanner.tap(.next)
        #expect(highlighted?.first == .key(id: "q"), "round to the first row, with no stop")
        scanner.tap(.select)
        scanner.tap(.next)
        scanner.tap(.select)
        #expect(chosen == [.key(id: "w")])
    }

    @Test func backAndALongPressLeaveTheGroup() {
        mode(.step)
        scanner.tap(.select)
        #expect(highlighted == [.key(id: "q")])
        scanner.tap(.back)
        #expect(highlighted?.count == 3, "back: the row again")
        scanner.tap(.select)
        scanner.press(.select)
        scheduler.advance(by: 1.0)
        #expect(highlighted?.count == 3, "a long press backs out as it is held")
        scanner.release(.select)
        #expect(chosen.isEmpty && highlighted?.count == 3, "and its release chooses nothing")
        scanner.tap(.select)
        scanner.tap(.next); scanner.tap(.next); scanner.tap(.next)
        #expect(scanner.highlight?.isBack == true)
        scanner.tap(.select)
        #expect(highlighted?.count == 3 && chosen.isEmpty, "the way back in the list does the same")
    }

    @Test func theAutoScanHoldsStillWhileTheSelectSwitchIsDown() {
        mode(.auto)
        scheduler.advance(by: 1.1)
        scanner.press(.select)
        scheduler.advance(by: 0.5)
        #expect(highlighted?.first == .key(id: "q"), "no step while the switch is down")
        scanner.release(.select)
        #expect(highlighted == [.key(id: "q")], "the row pressed on is chosen")
        scheduler.advance(by: 1.2)
        #expect(highlighted == [.key(id: "w")], "and the scan goes on")
    }

    @Test func withoutLongPressBackSelectActsOnThePress() {
        mode(.step) { $0.longPressBacks = false }
        scanner.press(.select)
        #expect(highlighted == [.key(id: "q")])
        scanner.press(.select)
        #expect(chosen == [.key(id: "q")])
    }

    @Test func holdToScanMovesWhileHeldAndChoosesOnRelease() {
        mode(.hold)
        scanner.press(.select)
        scheduler.advance(by: 1.2)
        #expect(highlighted == [.key(id: "a"), .key(id: "s")])
        scanner.release(.select)
        #expect(highlighted == [.key(id: "a")], "released on the second row: into it")
        scheduler.advance(by: 10)
        #expect(highlighted == [.key(id: "a")], "nothing moves while the switch is up")
        scanner.press(.select)
        scanner.release(.select)
        #expect(chosen == [.key(id: "a")])
    }

    @Test func directedMovesOneKeyAtATimeToTheNearestAcross() {
        mode(.directed)
        #expect(highlighted == [.key(id: "q")])
        scanner.tap(.right); scanner.tap(.right)
        #expect(highlighted == [.key(id: "e")])
        scanner.tap(.right)
        #expect(highlighted == [.key(id: "q")], "round the row")
        scanner.tap(.left)
        scanner.tap(.down)
        #expect(highlighted == [.key(id: "s")], "from e down to the nearest across: s")
        scanner.tap(.down)
        #expect(highlighted == [.key(id: "z")])
        scanner.tap(.down)
        #expect(highlighted == [.key(id: "w")], "round to the top, nearest to z's centre")
        scanner.tap(.select)
        #expect(chosen == [.key(id: "w")] && highlighted == [.key(id: "w")], "the highlight stays on the key typed")
    }

    @Test func aRepeatingKeyStaysHeldUntilTheNextSwitchPress() {
        mode(.auto)
        scheduler.advance(by: 1.2)
        scanner.tap(.select)
        scheduler.advance(by: 1.2)
        scanner.tap(.select)
        #expect(chosen == [.key(id: "s")] && scanner.isHoldingKey)
        scheduler.advance(by: 20)
        #expect(highlighted == [.key(id: "s")], "the scan waits while the key repeats")
        scanner.tap(.select)
        #expect(recorder.released == 1 && !scanner.isHoldingKey)
        #expect(chosen == [.key(id: "s")], "that press only let it go")
        #expect(highlighted?.count == 3, "and the scan starts again at the top")
    }

    @Test func theBarAppearingRestartsAtTheTopWhereItIs() {
        mode(.step)
        scanner.tap(.next)
        #expect(highlighted == [.key(id: "a"), .key(id: "s")])
        scanner.groups = ScanGroups(geometry: Self.geometry)
        #expect(highlighted == [.key(id: "a"), .key(id: "s")], "the same groups: the highlight stays")
        let slots = [Rect(x: 0, y: -30, width: 150, height: 30), Rect(x: 150, y: -30, width: 150, height: 30)]
        scanner.groups = ScanGroups(geometry: Self.geometry, suggestionSlots: slots)
        #expect(highlighted == [.suggestion(slot: 0), .suggestion(slot: 1)], "the bar came: the top again, the bar first")
        scanner.tap(.select)
        scanner.tap(.next)
        scanner.tap(.select)
        #expect(chosen == [.suggestion(slot: 1)])
        scanner.groups = ScanGroups(geometry: .empty)
        #expect(scanner.highlight == nil)
    }

    @Test func aLayoutChangeUnderTheScanStartsAgainAndOffStopsIt() {
        mode(.auto)
        scanner.tap(.select)
        let numbers = KeyboardGeometry(width: 100, height: 50, frames: [KeyFrame(key: .character("1"), frame: Rect(x: 0, y: 0, width: 100, height: 50))])
        scanner.groups = ScanGroups(geometry: numbers)
        #expect(highlighted == [.key(id: "1")] && scanner.highlight?.isGroup == true)
        scanner.settings.mode = .off
        #expect(!scanner.isScanning)
        scanner.tap(.select)
        #expect(!scanner.isScanning && chosen.isEmpty, "off: switches do nothing")
        scheduler.advance(by: 30)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func blocksAddALevelBetweenRowAndKey() {
        let keys = (0..<9).map { KeyFrame(key: .character(String(UnicodeScalar(97 + $0)!)), frame: Rect(x: Double($0) * 30, y: 0, width: 30, height: 40)) }
        scanner.groups = ScanGroups(geometry: KeyboardGeometry(width: 270, height: 40, frames: keys), order: .blocks)
        mode(.step) { $0.order = .blocks }
        scanner.tap(.select)
        #expect(highlighted == [.key(id: "a"), .key(id: "b"), .key(id: "c")])
        scanner.tap(.next)
        scanner.tap(.select)
        scanner.tap(.next)
        scanner.tap(.select)
        #expect(chosen == [.key(id: "e")])
    }
}

@MainActor
@Suite struct ScannerStartTests {
    @Test func aScanTurnedOnBeforeTheKeysAreLaidOutStartsWhenTheyAre() {
        let scanner = Scanner(scheduler: ManualScheduler())
        scanner.settings.mode = .step
        #expect(!scanner.isScanning)
        scanner.groups = ScanGroups(geometry: ScannerTests.geometry)
        #expect(scanner.highlight?.items.first == .key(id: "q"))
        scanner.stop()
        scanner.groups = ScanGroups(geometry: ScannerTests.geometry, suggestionSlots: [Rect(x: 0, y: -30, width: 30, height: 30)])
        #expect(!scanner.isScanning, "stopped by the user (or the cycles), it stays stopped")
    }
}
