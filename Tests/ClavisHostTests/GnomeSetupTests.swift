import ClavisHost
import Testing

@Suite struct GnomeSetupTests {
    typealias Source = GnomeSetup.InputSource

    @Test func clavisGoesFirstOnceAndTheOtherSourcesKeepTheirOrder() {
        let german = Source(type: "xkb", id: "de"), mozc = Source(type: "ibus", id: "mozc-jp")
        #expect(GnomeSetup.sources([german, mozc], on: true) == [GnomeSetup.source, german, mozc])
        #expect(GnomeSetup.sources([german, GnomeSetup.source, mozc], on: true) == [GnomeSetup.source, german, mozc])
        #expect(GnomeSetup.sources([], on: true) == [GnomeSetup.source])
    }

    @Test func undoingTakesClavisOutAndNothingElse() {
        let german = Source(type: "xkb", id: "de")
        #expect(GnomeSetup.sources([GnomeSetup.source, german], on: false) == [german])
        #expect(GnomeSetup.sources([german], on: false) == [german])
    }

    @Test func theExtensionIsEnabledOnceAndNoLongerDisabled() {
        let uuid = GnomeSetup.extensionUUID
        #expect(GnomeSetup.extensions(["a@b"], on: true) == ["a@b", uuid])
        #expect(GnomeSetup.extensions([uuid, "a@b"], on: true) == ["a@b", uuid])
        #expect(GnomeSetup.extensions([uuid, "a@b"], on: false) == ["a@b"])
        #expect(GnomeSetup.disabledExtensions([uuid, "c@d"], on: true) == ["c@d"])
        #expect(GnomeSetup.disabledExtensions(["c@d"], on: false) == ["c@d"])
    }

    /// The user's data folder first, then the system's, as GNOME Shell looks.
    @Test func theInstalledExtensionIsFoundWhereTheShellLooks() {
        let environment = ["HOME": "/home/ann", "XDG_DATA_DIRS": "/opt/share:/usr/share"]
        let system = "/usr/share/gnome-shell/extensions/\(GnomeSetup.extensionUUID)"
        let user = "/home/ann/.local/share/gnome-shell/extensions/\(GnomeSetup.extensionUUID)"
        #expect(GnomeSetup.installedExtension(environment: environment) { $0 == "\(system)/metadata.json" } == system)
        #expect(GnomeSetup.installedExtension(environment: environment) { $0.hasPrefix("/home/ann") || $0.hasPrefix("/usr") } == user)
        #expect(GnomeSetup.installedExtension(environment: environment) { _ in false } == nil)
    }
}
