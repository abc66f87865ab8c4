import ClavisHost
import Testing

@Suite struct DockMonitorTests {
    /// A laptop's screen (primary, on the right) and an external one on its left.
    let monitors = [MonitorArea(x: 1920, y: 0, width: 1280, height: 800, name: "eDP-1", isPrimary: true),
                    MonitorArea(x: 0, y: 0, width: 1920, height: 1080, name: "HDMI-1")]

    @Test func theSettingsWordsAndANameOrNumber() {
        #expect(DockMonitor(setting: "focused") == .focused)
        #expect(DockMonitor(setting: "") == .focused)
        #expect(DockMonitor(setting: "Primary") == .primary)
        #expect(DockMonitor(setting: " HDMI-1 ") == .named("HDMI-1"))
        #expect(DockMonitor(setting: "2") == .named("2"))
    }

    @Test func focusedGoesWhereTheFieldIs() {
        #expect(DockMonitor.focused.pick(from: monitors, focus: (100, 900), current: 0) == 1)
        #expect(DockMonitor.focused.pick(from: monitors, focus: (1920, 10), current: 1) == 0, "the left edge is the monitor's own")
        #expect(DockMonitor.focused.pick(from: monitors, focus: (1919, 10), current: 0) == 1)
    }

    /// A field not on any monitor (a caret the client placed off screen) or none known: the
    /// keyboard stays where it is, or goes to the primary monitor.
    @Test func focusedWithoutAPlaceStaysOrTakesThePrimary() {
        #expect(DockMonitor.focused.pick(from: monitors, focus: (100, 1000), current: 1) == 1, "below the laptop's screen")
        #expect(DockMonitor.focused.pick(from: monitors, focus: nil, current: 1) == 1)
        #expect(DockMonitor.focused.pick(from: monitors, focus: nil, current: nil) == 0)
        #expect(DockMonitor.focused.pick(from: monitors, focus: nil, current: 7) == 0, "a monitor unplugged since")
    }

    @Test func primaryIgnoresTheFocusAndIsTheFirstWhereNoneIsNamed() {
        #expect(DockMonitor.primary.pick(from: monitors, focus: (100, 100), current: 1) == 0)
        let unnamed = monitors.map { MonitorArea(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        #expect(DockMonitor.primary.pick(from: unnamed.reversed(), focus: nil, current: 1) == 0)
    }

    @Test func aNamedMonitorByConnectorOrNumberElseTheFocus() {
        #expect(DockMonitor.named("hdmi-1").pick(from: monitors, focus: (2000, 100), current: 0) == 1)
        #expect(DockMonitor.named("1").pick(from: monitors, focus: (100, 100), current: 1) == 0)
        #expect(DockMonitor.named("2").pick(from: monitors, focus: nil, current: nil) == 1)
        #expect(DockMonitor.named("DP-3").pick(from: monitors, focus: (100, 100), current: 0) == 1, "unplugged: the focus decides")
        #expect(DockMonitor.named("3").pick(from: monitors, focus: nil, current: nil) == 0)
    }

    @Test func noMonitorsNoChoice() {
        #expect(DockMonitor.focused.pick(from: [], focus: (0, 0), current: 0) == nil)
    }

    /// The settings window's list: the two words, then each monitor by its name, a number
    /// for one without a name, and a chosen monitor that is unplugged kept in the list.
    @Test func theWindowsChoicesNameEachMonitor() {
        let choices = DockMonitor.choices(for: monitors, current: "focused")
        #expect(choices.map(\.id) == ["focused", "primary", "eDP-1", "HDMI-1"])
        #expect(choices[2].label == "1: eDP-1, 1280 × 800, primary")
        #expect(choices[3].label == "2: HDMI-1, 1920 × 1080")
        let nameless = [MonitorArea(x: 0, y: 0, width: 800, height: 600)]
        #expect(DockMonitor.choices(for: nameless, current: "1").map(\.id) == ["focused", "primary", "1"])
        let unplugged = DockMonitor.choices(for: monitors, current: "DP-3")
        #expect(unplugged.last?.id == "DP-3" && unplugged.last?.label == "DP-3, not connected")
        #expect(DockMonitor.choices(for: monitors, current: "hdmi-1").count == 4, "a name in other letters is the monitor's")
        #expect(DockMonitor.choices(for: monitors, current: "2").count == 4, "a number of a monitor that is there")
        #expect(DockMonitor.choices(for: monitors, current: "3").last?.id == "3", "a number beyond the monitors")
    }

    /// The choice shown for the setting as written: a number stands for that monitor's name.
    @Test func theChoiceShownForTheSetting() {
        #expect(DockMonitor.choiceID(for: monitors, current: "") == "focused")
        #expect(DockMonitor.choiceID(for: monitors, current: "PRIMARY") == "primary")
        #expect(DockMonitor.choiceID(for: monitors, current: "2") == "HDMI-1")
        #expect(DockMonitor.choiceID(for: monitors, current: "hdmi-1") == "HDMI-1")
        #expect(DockMonitor.choiceID(for: monitors, current: "DP-3") == "DP-3")
        #expect(DockMonitor.choiceID(for: [MonitorArea(x: 0, y: 0, width: 800, height: 600)], current: "1") == "1")
    }
}
