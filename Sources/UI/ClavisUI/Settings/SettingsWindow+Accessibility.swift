import ClavisEngine
import ClavisSettings
import GtkKit

/// The Accessibility page: starting with the desktop, switch scanning and dwell clicking, each explained for someone who
/// has never used them (docs/accessibility.md).
extension SettingsWindow {
    func accessibilityPage(listenForSwitch: SwitchListener?) -> SettingsPage {
        let page = SettingsPage()
        let settings = live.settings
        if let autostart { placeAutostart(on: page, autostart) }
        placeDeclared(on: page, "accessibility", sections: [
            ("Switch scanning", "Type with one or more switches instead of pointing. A highlight moves over the rows, "
                + "then over the keys of the row you choose.\n"
                + "Auto: it moves by itself and your switch chooses. Step: one switch moves it, another chooses. "
                + "Hold: it moves while you hold your switch and chooses where you let go. Directed: four switches move it "
                + "key by key.\nWhile scanning, a click in the keyboard is a switch: left chooses, right moves."),
        ])
        if let listenForSwitch {
            let select = switchChooser("select", settings.scanSelectSwitch, listen: listenForSwitch) { $0.scanSelectSwitch = $1 }
            let next = switchChooser("next", settings.scanNextSwitch, listen: listenForSwitch) { $0.scanNextSwitch = $1 }
            // Greyed out with the rest while scanning is off (a click in the keyboard is a
            // switch once it is on, so no one needs a switch chosen to turn it on).
            let captions = [page.place("Select switch", select), page.place("Next switch", next)]
            switchedRows.append(("Switch scanning", captions + [select, next]))
        }
        page.forScripts("clavis scan next · clavis scan select")
        placeDeclared(on: page, "accessibility", sections: [
            ("Dwell clicking", "For a head or eye pointer that can point but not click. Rest the pointer on a key: it is "
                + "pressed when the ring around it closes. Move off a little before pressing the same key again.\n"
                + "Pause, at the right end of the bar, stops and resumes dwelling. Hold makes the next dwell a long press, "
                + "for accented letters."),
        ])
        refreshSwitchedSections()
        return page
    }
}
