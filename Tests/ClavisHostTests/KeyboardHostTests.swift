import ClavisEngine
import ClavisHost
import ClavisLayout
import ClavisSession
import ClavisSettings
import Testing
import TestSupport

/// A window that records what the host asked of it.
@MainActor
final class RecordingSurface: HostSurface {
    var isVisible = false
    var heightScale = 1.0
    var log: [String] = []

    func show() {
        guard !isVisible else { return }
        isVisible = true
        log.append("show")
    }

    func hide() {
        guard isVisible else { return }
        isVisible = false
        log.append("hide")
    }
}

@MainActor
@Suite struct KeyboardHostTests {
    let scheduler = ManualScheduler()
    let surface = RecordingSurface()

    func host(autoShows: Bool) -> KeyboardHost {
        let session = KeyboardSession(layouts: [TestLayouts.tiny], dependencies: SessionDependencies(scheduler: scheduler))
        return KeyboardHost(session: session, surface: surface, autoShows: autoShows)
    }

    @Test func withAutoShowTheSurfaceFollowsTheFieldOncePerChange() {
        let host = host(autoShows: true)
        host.fieldChanged(active: true)
        host.fieldChanged(active: true)
        #expect(surface.log == ["show"], "the same field said twice is one change")
        host.fieldChanged(active: false)
        scheduler.advance(by: 0.1)
        host.fieldChanged(active: true)
        scheduler.advance(by: 1)
        #expect(surface.log == ["show"], "moving between fields does not blink")
        host.fieldChanged(active: false)
        scheduler.advance(by: 1)
        #expect(surface.log == ["show", "hide"])
    }

    @Test func withoutAutoShowFieldsLeaveTheSurfaceAlone() {
        let host = host(autoShows: false)
        host.fieldChanged(active: true)
        host.hardwareKeyTyped()
        scheduler.advance(by: 1)
        #expect(surface.log.isEmpty)
        #expect(host.fieldActive)
    }

    @Test func requestsFromOutsideShowHideAndToggle() {
        let host = host(autoShows: false)
        host.perform(.toggle)
        host.perform(.show)
        host.perform(.toggle)
        host.perform(.hide)
        #expect(surface.log == ["show", "hide"])
    }

    @Test func theSettingsReachTheSessionTheHeightAndTheHardwareKeyboardPause() {
        let host = host(autoShows: true)
        var settings = Settings()
        settings.keyboardHeight = 1.2
        host.apply(settings, loadKeyboards: nil)
        #expect(surface.heightScale == 1.2)
        host.fieldChanged(active: true)
        host.hardwareKeyTyped()
        #expect(surface.log == ["show"], "the pause is off by default")
        settings.hideWithHardwareKeyboard = true
        host.apply(settings, loadKeyboards: nil)
        host.hardwareKeyTyped()
        #expect(surface.log == ["show", "hide"])
        host.fieldChanged(active: false)
        host.fieldChanged(active: true)
        scheduler.advance(by: 1)
        #expect(surface.log == ["show", "hide"], "kept hidden while the other keyboard is in use")
        settings.enabledKeyboards = ["pc"]
        host.apply(settings, loadKeyboards: { _ in [TestLayouts.pc] })
        #expect(host.session.layout.id == "pc")
    }
}
