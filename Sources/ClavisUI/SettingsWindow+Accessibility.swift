import ClavisEngine
import ClavisSettings
import GtkKit

/// The Accessibility page: switch scanning and dwell clicking, each explained for someone who
/// has never used them (docs/accessibility.md).
extension SettingsWindow {
    func accessibilityPage(listenForSwitch: SwitchListener?) -> SettingsPage {
        let page = SettingsPage()
        let settings = live.settings
        page.section("Switch scanning", "For typing with one or more switches instead of pointing: a highlight moves over the "
            + "rows, then the keys of the row you choose. Auto: it moves by itself, your switch chooses. Step: one switch moves "
            + "it, another chooses. Hold: it moves while your switch is held and chooses where you let go. Directed: four "
            + "switches move it key by key. While scanning, a click in the keyboard is a switch (left: choose, right: move); "
            + "`clavis scan next` and `clavis scan select` are switches for any tool.")
        let modes: [(ScanSettings.Mode, String)] = [(.off, "Off"), (.auto, "Auto"), (.step, "Step (two switches)"),
                                                    (.hold, "Hold to scan"), (.directed, "Directed (arrows)")]
        page.place("Scanning", choice(modes.map { ($0.0.rawValue, $0.1) }, selected: settings.scanning.rawValue) { settings, id in
            settings.scanning = ScanSettings.Mode(rawValue: id) ?? .off
        })
        page.place("Time per step (s)", number(settings.scanInterval, 0.3, 5, 0.1) { $0.scanInterval = $1 })
        page.place("Extra time on a group's first item (s)", number(settings.scanFirstItemDelay, 0, 5, 0.1) { $0.scanFirstItemDelay = $1 })
        page.place("Rounds before auto-scan stops", number(Double(settings.scanCycles), 1, 10, 1, digits: 0) { $0.scanCycles = Int($1) })
        page.place("Groups", choice([("rows", "Row, then key"), ("blocks", "Row, then block, then key")], selected: settings.scanOrder.rawValue) {
            settings, id in settings.scanOrder = ScanGroups.Order(rawValue: id) ?? .rows
        })
        page.place("Holding the switch backs out of a group", toggle(settings.scanLongPressBacks) { $0.scanLongPressBacks = $1 })
        page.place("A sound on every step", toggle(settings.scanSound) { $0.scanSound = $1 })
        if let listenForSwitch {
            page.place("Select switch", switchChooser("select", settings.scanSelectSwitch, listen: listenForSwitch) { $0.scanSelectSwitch = $1 })
            page.place("Next switch", switchChooser("next", settings.scanNextSwitch, listen: listenForSwitch) { $0.scanNextSwitch = $1 })
        }
        page.section("Dwell clicking", "For a head or eye pointer that can point but not click: rest the pointer on a key and it is "
            + "pressed when the ring around it closes. Move off (or a little) before pressing the same key again. \"Pause\" "
            + "at the bar's right end stops and resumes dwelling; \"Hold\" makes the next dwell a long press (accented letters).")
        page.place("Dwell clicking", toggle(settings.dwell) { $0.dwell = $1 })
        page.place("Dwell time (s)", number(settings.dwellTime, 0.3, 3, 0.1) { $0.dwellTime = $1 })
        return page
    }
}
