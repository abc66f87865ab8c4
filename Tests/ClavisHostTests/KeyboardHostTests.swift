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
    var monitorChoice = DockMonitor.focused
    var log: [String] = []
    /// How many times it was asked to follow the focus to its monitor.
    var followed = 0

    func followFocus() { followed += 1 }

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

/// A way-back button that records when it is on screen.
@MainActor
final class RecordingWayBack: WayBackSurface {
    var isVisible = false
    var onActivate: (() -> Void)?
    func show() { isVisible = true }
    func hide() { isVisible = false }

    /// The user taps it.
    func tap() { onActivate?() }
}

/// A proxy over an application whose text fields take and lose the focus.
@MainActor
final class FocusingProxy: TextDocumentProxy {
    let document = TextDocument(text: "")
    var hasFocusedField = false
    var onDocumentChange: ((DocumentChange) -> Void)?
    var documentContextBeforeInput: String? { document.documentContextBeforeInput }
    var documentContextAfterInput: String? { document.documentContextAfterInput }
    var selectedText: String? { nil }
    var hasText: Bool { document.hasText }
    var traits: TextInputTraits { document.traits }
    func insertText(_ text: String) { document.insertText(text) }
    func deleteBackward() { document.deleteBackward() }
    func adjustTextPosition(byCharacterOffset offset: Int) { document.adjustTextPosition(byCharacterOffset: offset) }
    func setMarkedText(_ text: String, selectedRange: Range<Int>) { document.setMarkedText(text, selectedRange: selectedRange) }
    func unmarkText() { document.unmarkText() }

    /// The focus moved: to a text field or away from text fields, as the display says.
    func focus(textField: Bool) {
        hasFocusedField = textField
        onDocumentChange?(.field)
    }
}

@MainActor
@Suite struct KeyboardHostTests {
    let scheduler = ManualScheduler()
    let surface = RecordingSurface()
    let proxy = FocusingProxy()

    let wayBack = RecordingWayBack()

    func host(autoShows: Bool) -> KeyboardHost {
        let session = KeyboardSession(layouts: [TestLayouts.tiny], dependencies: SessionDependencies(scheduler: scheduler))
        session.proxy = proxy
        return KeyboardHost(session: session, surface: surface, autoShows: autoShows, wayBack: wayBack)
    }

    @Test func aKeyboardHiddenByItsDismissKeyLeavesAWayBackThatShowsItAgain() {
        let host = host(autoShows: false)
        host.start(showing: true)
        #expect(surface.isVisible && !wayBack.isVisible)
        host.session.onDismiss?()
        #expect(!surface.isVisible && wayBack.isVisible, "nothing else brings a docked keyboard back")
        wayBack.tap()
        #expect(surface.isVisible && !wayBack.isVisible)
        host.perform(.toggle)
        #expect(wayBack.isVisible, "hidden from outside (`clavis hide`) too")
        host.perform(.show)
        #expect(surface.log == ["show", "hide", "show", "hide", "show"])
        #expect(!wayBack.isVisible)
    }

    @Test func aKeyboardStartedHiddenStartsWithItsWayBack() {
        let host = host(autoShows: false)
        host.start(showing: false)
        #expect(!surface.isVisible && wayBack.isVisible)
    }

    @Test func withAutoShowAKeyboardHiddenOverAFieldLeavesAWayBackUntilTheFocusMovesOn() {
        let host = host(autoShows: true)
        host.start(showing: false)
        #expect(!wayBack.isVisible, "no field: the next one brings the keyboard")
        proxy.focus(textField: true)
        #expect(surface.isVisible && !wayBack.isVisible)
        host.session.onDismiss?()
        #expect(!surface.isVisible)
        #expect(wayBack.isVisible, "in a one-field dialog nothing else would bring it back")
        wayBack.tap()
        #expect(surface.isVisible && !wayBack.isVisible)
        host.session.onDismiss?()
        proxy.focus(textField: false)
        #expect(!wayBack.isVisible, "the next field is the way back")
        scheduler.advance(by: 1)
        proxy.focus(textField: true)
        #expect(surface.isVisible && !wayBack.isVisible)
    }

    @Test func withAutoShowAHardwareKeyboardPauseLeavesAWayBackOverTheField() {
        let host = host(autoShows: true)
        var settings = Settings()
        settings.hideWithHardwareKeyboard = true
        host.apply(settings, loadKeyboards: nil)
        proxy.focus(textField: true)
        host.hardwareKeyTyped()
        #expect(!surface.isVisible && wayBack.isVisible)
        wayBack.tap()
        #expect(surface.isVisible && !wayBack.isVisible)
    }

    /// Every field that takes the focus, also one after another without a gap, sends the
    /// surface to its monitor; the focus leaving does not (the keyboard stays until it hides).
    @Test func eachFieldTakingTheFocusSendsTheSurfaceToItsMonitor() {
        let host = host(autoShows: false)
        proxy.focus(textField: true)
        proxy.focus(textField: true)
        #expect(surface.followed == 2)
        proxy.focus(textField: false)
        #expect(surface.followed == 2)
        #expect(!host.fieldActive)
    }

    @Test func withAutoShowTheSurfaceFollowsTheFieldTheProxyReportsOncePerChange() {
        let host = host(autoShows: true)
        proxy.focus(textField: true)
        proxy.focus(textField: true)
        #expect(surface.log == ["show"], "the same field said twice is one change")
        proxy.focus(textField: false)
        scheduler.advance(by: 0.1)
        proxy.focus(textField: true)
        scheduler.advance(by: 1)
        #expect(surface.log == ["show"], "moving between fields does not blink")
        proxy.focus(textField: false)
        scheduler.advance(by: 1)
        #expect(surface.log == ["show", "hide"])
        #expect(!host.fieldActive)
    }

    @Test func withoutAutoShowFieldsLeaveTheSurfaceAlone() {
        let host = host(autoShows: false)
        proxy.focus(textField: true)
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
        settings.dockMonitor = "HDMI-1"
        host.apply(settings, loadKeyboards: nil)
        #expect(surface.heightScale == 1.2)
        #expect(surface.monitorChoice == .named("HDMI-1"))
        proxy.focus(textField: true)
        host.hardwareKeyTyped()
        #expect(surface.log == ["show"], "the pause is off by default")
        settings.hideWithHardwareKeyboard = true
        host.apply(settings, loadKeyboards: nil)
        host.hardwareKeyTyped()
        #expect(surface.log == ["show", "hide"])
        proxy.focus(textField: false)
        proxy.focus(textField: true)
        scheduler.advance(by: 1)
        #expect(surface.log == ["show", "hide"], "kept hidden while the other keyboard is in use")
        settings.enabledKeyboards = ["pc"]
        host.apply(settings, loadKeyboards: { _ in [TestLayouts.pc] })
        #expect(host.session.layout.id == "pc")
    }
}
