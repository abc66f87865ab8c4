import ClavisEngine
import ClavisSettings
import GtkKit

/// The Accessibility page: switch scanning and dwell clicking, each explained for someone who
/// has never used them (docs/accessibility.md).
extension SettingsWindow {
    func accessibilityPage(listenForSwitch: SwitchListener?) -> SettingsPage {
        let page = SettingsPage()
        let settings = live.settings
        placeDeclared(on: page, "accessibility", sections: [
            ("Switch scanning", "For typing with one or more switches instead of pointing: a highlight moves over the "
                + "rows, then the keys of the row you choose. Auto: it moves by itself, your switch chooses. Step: one switch moves "
                + "it, another chooses. Hold: it moves while your switch is held and chooses where you let go. Directed: four "
                + "switches move it key by key. While scanning, a click in the keyboard is a switch (left: choose, right: move); "
                + "`clavis scan next` and `clavis scan select` are switches for any tool."),
        ])
        if let listenForSwitch {
            page.place("Select switch", switchChooser("select", settings.scanSelectSwitch, listen: listenForSwitch) { $0.scanSelectSwitch = $1 })
            page.place("Next switch", switchChooser("next", settings.scanNextSwitch, listen: listenForSwitch) { $0.scanNextSwitch = $1 })
        }
        placeDeclared(on: page, "accessibility", sections: [
            ("Dwell clicking", "For a head or eye pointer that can point but not click: rest the pointer on a key and it is "
                + "pressed when the ring around it closes. Move off (or a little) before pressing the same key again. \"Pause\" "
                + "at the bar's right end stops and resumes dwelling; \"Hold\" makes the next dwell a long press (accented letters)."),
        ])
        return page
    }
}
