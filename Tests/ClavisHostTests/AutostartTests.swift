import ClavisFiles
import ClavisHost
import Foundation
import Testing

@Suite struct AutostartTests {
    /// A fresh config home under the system's temporary folder.
    func configHome() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("clavis-autostart-\(UUID())").path
    }

    @Test func turningItOnWritesAnEntryThatStartsTheKeyboardHiddenAndTurningItOffRemovesIt() throws {
        let home = configHome()
        let autostart = Autostart(configHome: home, binary: "/usr/bin/clavis", environment: ["XDG_CURRENT_DESKTOP": "XFCE"])
        #expect(autostart.path == "\(home)/autostart/clavis-keyboard.desktop")
        #expect(!autostart.isOn)

        try autostart.set(true)
        #expect(autostart.isOn)
        let entry = String(decoding: try Files.read(autostart.path), as: UTF8.self)
        #expect(entry.contains("\nExec=/usr/bin/clavis keyboard --auto-show --hidden\n"))
        #expect(entry.hasPrefix("[Desktop Entry]\nType=Application\n"))

        try autostart.set(false)
        #expect(!autostart.isOn)
        #expect(!Files.exists(autostart.path))
    }

    @Test func anEntryOfTheSameNameTheUserWroteIsNeitherCountedNorRemoved() throws {
        let home = configHome()
        let autostart = Autostart(configHome: home, binary: "/usr/bin/clavis", environment: [:])
        let own = "[Desktop Entry]\nType=Application\nExec=clavis keyboard --dock\n"
        try Files.write(Array(own.utf8), to: autostart.path)
        #expect(!autostart.isOn)
        try autostart.set(false)
        #expect(Files.exists(autostart.path), "the user's own entry stays")
    }

    @Test func anEntryTurnedOffByTheDesktopIsOff() throws {
        let autostart = Autostart(configHome: configHome(), binary: "/usr/bin/clavis", environment: [:])
        try Files.write(Array((autostart.entry + "Hidden=true\n").utf8), to: autostart.path)
        #expect(!autostart.isOn)
    }

    @Test(arguments: [
        (["XDG_CURRENT_DESKTOP": "GNOME", "XDG_SESSION_TYPE": "wayland"], true),
        (["XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "XDG_SESSION_TYPE": "x11"], true),
        (["XDG_CURRENT_DESKTOP": "KDE", "WAYLAND_DISPLAY": "wayland-0"], true),
        (["XDG_CURRENT_DESKTOP": "KDE", "XDG_SESSION_TYPE": "x11"], false),
        (["XDG_CURRENT_DESKTOP": "XFCE"], false),
        (["XDG_CURRENT_DESKTOP": "sway", "WAYLAND_DISPLAY": "wayland-1"], false),
    ])
    func gnomeAndPlasmaOnWaylandStartTheirKeyboardThemselves(environment: [String: String], startsItsOwn: Bool) {
        let autostart = Autostart(configHome: "/nonexistent", binary: "/usr/bin/clavis", environment: environment)
        #expect((autostart.startedByDesktop != nil) == startsItsOwn)
    }

    @Test func theUsersEntryFollowsXdgConfigHome() {
        let autostart = Autostart.user(binary: "/opt/clavis/bin/clavis", environment: ["HOME": "/home/ann", "XDG_CONFIG_HOME": "/home/ann/conf"])
        #expect(autostart.path == "/home/ann/conf/autostart/clavis-keyboard.desktop")
        #expect(autostart.command == "/opt/clavis/bin/clavis keyboard --auto-show --hidden")
    }
}
