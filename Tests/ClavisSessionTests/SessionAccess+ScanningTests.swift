import ClavisEngine
import ClavisLayout
@testable import ClavisSession
import ClavisSettings
import TestSupport
import Testing

@MainActor @Suite struct KeyboardSessionScanningTests {
    /// Step-scans to a key or slot: next until its row, select, next until it, select.
    static func stepScan(to item: ScanGroups.Item, in session: KeyboardSession) {
        let rows = session.access.scanner.groups.rows
        guard let row = rows.firstIndex(where: { $0.items.contains(item) }), let column = rows[row].items.firstIndex(of: item) else {
            Issue.record("\(item) is in no row")
            return
        }
        for _ in 0..<row { session.access.scanner.tap(.next) }
        session.access.scanner.tap(.select)
        for _ in 0..<column { session.access.scanner.tap(.next) }
        session.access.scanner.tap(.select)
    }

    static func scanning(_ mode: ScanSettings.Mode) -> Settings {
        var settings = Settings()
        settings.scanning = mode
        return settings
    }

    @Test func stepScanningTypesAndTheBarIsTheFirstGroupWhenItHasWords() {
        let f = SessionFixture()
        f.session.apply(Self.scanning(.step), loadKeyboards: nil)
        #expect(f.session.scene.scan?.isGroup == true)
        Self.stepScan(to: .key(id: "w"), in: f.session)
        Self.stepScan(to: .key(id: "e"), in: f.session)
        #expect(f.proxy.text == "we")
        #expect(f.sounds.played.count == 2, "a click per key, none per step")
        let first = f.session.access.scanner.groups.rows[0].items
        #expect(first.first == .suggestion(slot: 0), "with words offered, the bar comes first")
        #expect(f.session.scene.scan?.slots == [0, 1, 2].filter { f.session.controller.bar.slots[$0] != nil })
        let slot = f.session.controller.bar.slots.firstIndex { $0 != nil }!
        let word = f.session.controller.bar.slots[slot]!.text
        Self.stepScan(to: .suggestion(slot: slot), in: f.session)
        #expect(f.proxy.text == word + " ", "a suggestion chosen by scanning is typed with its space")
    }

    @Test func theScanFollowsTheLayerShownAndStepsSoundWhenAsked() {
        let f = SessionFixture()
        var settings = Self.scanning(.step)
        settings.scanSound = true
        f.session.apply(settings, loadKeyboards: nil)
        Self.stepScan(to: .key(id: "123"), in: f.session)
        let ids = f.session.access.scanner.groups.rows.flatMap(\.items)
        #expect(ids.contains(.key(id: "1")) && !ids.contains(.key(id: "q")), "the numbers layer is scanned now")
        let clicks = f.sounds.played.count
        f.session.access.scanner.tap(.next)
        #expect(f.sounds.played.count == clicks + 1 && f.sounds.played.last == .modifier, "a step sounds")
    }

    @Test func backspaceChosenByScanningRepeatsAtTheScanPaceUntilTheNextPress() {
        let f = SessionFixture()
        f.proxy.insertText("hello world")
        var settings = Self.scanning(.step)
        settings.scanInterval = 1
        f.session.apply(settings, loadKeyboards: nil)
        Self.stepScan(to: .key(id: "backspace"), in: f.session)
        #expect(f.proxy.text == "hello worl")
        #expect(f.session.scene.scan?.isHeld == true)
        f.scheduler.advance(by: 1.9)
        #expect(f.proxy.text == "hello worl", "a pause of two steps before it repeats")
        f.scheduler.advance(by: 1.2)
        #expect(f.proxy.text == "hello wo", "then one deletion a step")
        f.session.access.scanner.tap(.select)
        f.scheduler.advance(by: 10)
        #expect(f.proxy.text == "hello wo", "the next press stops it and types nothing")
        #expect(f.session.scene.scan?.isHeld == false)
    }

    @Test func autoScanRunsOnTheSessionsClockAndOffClearsTheHighlight() {
        let f = SessionFixture()
        var settings = Self.scanning(.auto)
        settings.scanInterval = 0.5
        f.session.apply(settings, loadKeyboards: nil)
        let first = f.session.scene
        f.scheduler.advance(by: 0.5)
        #expect(f.session.scene.scan != first.scan)
        let areas = f.session.scene.changedAreas(since: first) ?? []
        #expect(areas.contains(first.scan!.frame) && areas.contains(f.session.scene.scan!.frame), "a step repaints the two highlights")
        f.session.apply(Self.scanning(.off), loadKeyboards: nil)
        #expect(f.session.scene.scan == nil)
    }

    @Test func devicesKeysAndButtonsNamedInTheSettingsAreSwitches() {
        let f = SessionFixture()
        var settings = Self.scanning(.step)
        settings.scanSelectSwitch = "button 8"
        settings.scanNextSwitch = "key 75 on Foot Pedal"
        var asked = 0
        f.session.access.onDeviceSwitches = { asked += 1 }
        f.session.apply(settings, loadKeyboards: nil)
        #expect(asked == 1, "the host is asked to report devices")
        let first = f.session.scene.scan
        f.session.access.deviceInput(.key, code: 75, pressed: true, device: "AT Keyboard")
        #expect(f.session.scene.scan == first, "key 75 of another device is no switch")
        f.session.access.deviceInput(.key, code: 75, pressed: true, device: "Foot Pedal")
        f.session.access.deviceInput(.key, code: 75, pressed: false, device: "Foot Pedal")
        #expect(f.session.scene.scan != first)
        f.session.access.deviceInput(.button, code: 8, pressed: true, device: "Virtual core XTEST pointer")
        f.session.access.deviceInput(.button, code: 8, pressed: false, device: "Virtual core XTEST pointer")
        #expect(f.session.scene.scan?.isGroup == false, "button 8 selected the row")
    }
}
