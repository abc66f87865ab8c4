import ClavisFiles
import ClavisHost
import Foundation
#if canImport(Glibc)
import Glibc
#endif
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

    /// The third probe's: the user's own entry was overwritten by the switch, then deleted.
    @Test func anEntryOfTheSameNameTheUserWroteIsNeitherCountedNorWrittenOverNorRemoved() throws {
        let home = configHome()
        let autostart = Autostart(configHome: home, binary: "/usr/bin/clavis", environment: [:])
        let own = "[Desktop Entry]\nType=Application\nExec=/opt/mybin/clavis keyboard --dock --layout de\n"
        try Files.write(Array(own.utf8), to: autostart.path)
        #expect(!autostart.isOn && autostart.owner == .user)
        #expect(throws: Autostart.Refusal.usersOwnEntry(autostart.path)) { try autostart.set(true) }
        #expect(throws: Autostart.Refusal.usersOwnEntry(autostart.path)) { try autostart.set(false) }
        #expect(String(decoding: try Files.read(autostart.path), as: UTF8.self) == own, "the user's own entry stays as it was")
    }

    /// A link (the user's dotfiles) is the user's, whatever it links to: it was replaced, then
    /// deleted.
    @Test func aLinkInItsPlaceIsTheUsers() throws {
        let home = configHome()
        let autostart = Autostart(configHome: home, binary: "/usr/bin/clavis", environment: [:])
        let target = "\(home)/dotfiles/clavis-keyboard.desktop"
        try Files.write(Array(autostart.entry.utf8), to: target)
        try Files.createDirectories(Path.parent(of: autostart.path))
        #expect(symlink(target, autostart.path) == 0)
        #expect(autostart.owner == .user && !autostart.isOn)
        #expect(throws: Autostart.Refusal.self) { try autostart.set(false) }
        #expect(Files.linkTarget(autostart.path) == target, "still the link")
        #expect(Files.exists(target))
    }

    /// The third probe's: a binary under "/opt/my bin%u" was written unquoted.
    @Test(arguments: ["/usr/bin/clavis", "/opt/my apps%u/clavis", "/opt/%\u{35B}x/clavis", "/opt/a\r\nb/clavis", "/home/ann/\"odd\" $dir\\x/`clavis`", "/tmp/tab\there/clavis", "/a'b/c;d&e|f"])
    func theCommandIsQuotedAsTheSpecificationSays(binary: String) throws {
        let autostart = Autostart(configHome: configHome(), binary: binary, environment: [:])
        try autostart.set(true)
        let entry = String(decoding: try Files.read(autostart.path), as: UTF8.self)
        let exec = try #require(entry.split(separator: "\n").first { $0.hasPrefix("Exec=") }).dropFirst(5)
        #expect(DesktopEntry.arguments(ofExec: String(exec)) == [binary, "keyboard", "--auto-show", "--hidden"], "\(exec)")
        #expect(!exec.contains("\t") && autostart.isOn)
    }

    @Test func anExecLineReadsAsLaunchersReadIt() {
        #expect(DesktopEntry.exec(["/opt/my apps%u/clavis", "keyboard"]) == #""/opt/my apps%%u/clavis" keyboard"#)
        #expect(DesktopEntry.exec(["/a\\b c"]) == #""/a\\\\b c""#, "four backslashes for one, in quotes")
        #expect(DesktopEntry.arguments(ofExec: "clavis %U --x") == ["clavis", "--x"], "field codes are dropped")
        #expect(DesktopEntry.arguments(ofExec: "\"unterminated") == nil)
        #expect(DesktopEntry.arguments(ofExec: "a\\") == nil, "a lone backslash")
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
        #expect(autostart.arguments == ["/opt/clavis/bin/clavis", "keyboard", "--auto-show", "--hidden"])
    }
}
