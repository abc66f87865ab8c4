import ClavisEngine
import ClavisFiles
import ClavisLayout
@testable import ClavisSession
import TestSupport
import Testing

/// The editing panel: shown over the keys, its keys sent as shortcuts, Undo taking back the
/// keyboard's own edit first, ABC going back to the field's keyboard.
@MainActor @Suite struct KeyboardSessionEditingTests {
    @Test func thePanelShowsWithoutTheBarAndABCGoesBackToTheFieldsKeyboard() {
        let f = SessionFixture(variants: ["email": TestLayouts.tiny])
        f.tap("q")
        #expect(f.session.bar.isVisible, "the words' bar over the letters")
        f.session.panel.show()
        #expect(f.session.layout.id == "edit" && f.session.panel.isShowing)
        #expect(!f.session.bar.isVisible && f.session.bar.height == 0, "no words to complete over the panel")
        #expect(f.session.geometry.frame(ofKey: "abc") != nil, "its way back shows though the keyboards are several")
        f.tap("abc")
        #expect(f.session.layout.id == "tiny")
        #expect(f.problems.isEmpty)
    }

    /// The third probe's: a user's `edit.yaml` that was broken, empty, huge or /dev/zero left
    /// ✎ doing nothing, and one whose only key opened the panel again trapped the user. The
    /// built-in panel stands in, with a word over it that a tap puts away.
    @Test(arguments: ["trap", "broken", "empty", "zero"])
    func aUsersPanelThatCannotBeShownGivesWayToTheBuiltInOne(kind: String) throws {
        var template = Array("/tmp/clavis-panel-XXXXXX".utf8CString)
        let home = String(cString: mkdtemp(&template)!)
        let file = home + "/clavis/layouts/edit.yaml"
        switch kind {
        case "trap": try Files.write(Array("id: edit\nname: Trap\nkeys:\n  p: {action: {edit: panel}}\nlayers:\n  l:\n    rows:\n      - \"p\"\n".utf8), to: file)
        case "broken": try Files.write(Array("id: edit\nlayers: [".utf8), to: file)
        case "empty": try Files.write([], to: file)
        default:
            try Files.createDirectories(Path.parent(of: file))
            #expect(symlink("/dev/zero", file) == 0)
        }
        var problems: [String] = []
        let session = KeyboardSession(layouts: [TestLayouts.tiny], dependencies: SessionDependencies(
            scheduler: ManualScheduler(), library: LayoutLibrary(environment: ["XDG_DATA_HOME": home, "XDG_DATA_DIRS": home]),
            onProblem: { problems.append($0) }))
        session.proxy = RecordingProxy()
        session.area.resize(width: 600, height: 300)
        session.panel.show()
        #expect(session.panel.isShowing && session.geometry.frame(ofKey: "abc") != nil, "the built-in panel, with its ABC")
        #expect(problems.count == 1 && problems[0].contains("your editing panel cannot be shown"), "\(problems)")
        let notice = session.scene.bar?.content.slots.compactMap { $0?.text } ?? []
        #expect(notice == ["Your edit.yaml has a problem (clavis check edit): the built-in panel shows"])
        session.bar.choose(slot: 0)
        #expect(session.scene.bar?.content.slots.compactMap { $0?.text }.isEmpty ?? true, "put away")
    }

    @Test func withOneKeyboardEnabledItsWayBackStays() {
        let f = SessionFixture(layouts: [TestLayouts.tiny])
        f.session.panel.show()
        #expect(f.session.geometry.frame(ofKey: "abc") != nil, "the globe and ABC go with one keyboard, but not the panel's")
        f.tap("abc")
        #expect(f.session.layout.id == "tiny")
    }

    @Test func itsKeysAreShortcutsAndSelectMakesTheMovesSelect() {
        let f = SessionFixture()
        f.session.panel.show()
        f.tap("copy")
        f.tap("wordLeft")
        f.tap("select")
        #expect(f.session.scene.stateClasses["select"] == ["locked"])
        f.tap("wordLeft")
        f.tap("left")
        f.tap("cut")
        f.tap("left")
        let keys = f.proxy.calls.compactMap { if case .key(let press) = $0 { press.description } else { nil } }
        #expect(keys == ["Ctrl+c", "Ctrl+Left", "Ctrl+Shift+Left", "Shift+Left", "Ctrl+x", "Left"],
                "Select on: the moves select; Cut ends it")
        #expect(f.session.scene.stateClasses["select"] == nil)
    }

    @Test func undoTakesBackTheKeyboardsOwnCorrectionFirstThenSendsTheApplications() {
        let f = SessionFixture()
        f.proxy.insertText("helo")
        f.tap("space")
        #expect(f.proxy.text == "hello ", "auto-corrected")
        f.session.panel.show()
        f.proxy.clearCalls()
        f.tap("undo")
        #expect(f.proxy.text == "helo", "the keyboard's own correction taken back, no shortcut sent")
        #expect(!f.proxy.calls.contains { if case .key = $0 { true } else { false } })
        f.tap("undo")
        #expect(f.proxy.calls.last == .key(KeyPress(name: .character("z"), modifiers: [.control])), "then the application's")
    }

    @Test func aPanelThatCannotBeLoadedIsReportedAndTheKeysStay() {
        let f = SessionFixture()
        let empty = KeyboardSession(layouts: [TestLayouts.tiny], dependencies: SessionDependencies(
            scheduler: f.scheduler, library: LayoutLibrary(environment: ["XDG_DATA_HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"], builtInDirectory: nil), onProblem: { f.problems.append($0) }))
        empty.panel.show()
        #expect(empty.layout.id == "tiny")
        #expect(f.problems.count == 1 && f.problems[0].hasPrefix("clavis: the editing panel cannot be shown: edit: error: no layout 'edit'"), "\(f.problems)")
    }

    @Test func aPanelKeyOnAnyLayoutOpensIt() {
        let pen = KeyDefinition(id: "pen", action: .edit(.panel))
        let tiny = TestLayouts.tiny
        let layout = KeyboardLayout(id: "pen", name: "Pen", keys: tiny.keys + [pen],
                                    layers: [Layer(name: "letters", rows: tiny.layers[0].rows + [LayoutRow(items: [.key("pen", nil)])])])
        let f = SessionFixture(layouts: [layout])
        #expect(f.session.geometry.frame(ofKey: "pen") != nil)
        f.tap("pen")
        #expect(f.session.panel.isShowing)
        #expect(f.proxy.calls.isEmpty, "nothing sent")
        f.tap("abc")
        #expect(f.session.layout.id == "pen")
    }

    @Test func theBarsPencilOpensThePanelAndTheWordsShareTheRest() throws {
        let f = SessionFixture()
        f.tap("q")
        let bar = try #require(f.session.scene.bar)
        let button = try #require(bar.panelButton, "the ✎ with the words' bar")
        #expect(button.x == 0 && button.height == bar.strip.height)
        #expect(bar.slots.first.map { abs($0.x - button.maxX) < 1e-9 } == true, "the slots start after it")
        #expect(bar.slots.last.map { abs($0.maxX - bar.strip.width) < 1e-9 } == true, "and share the rest")
        // Held, then slid off and lifted elsewhere: nothing.
        f.session.touchBegan(4, x: button.midX, y: button.midY)
        #expect(f.session.scene.bar?.panelButtonPressed == true)
        f.session.touchMoved(4, x: 300, y: 200)
        f.session.touchEnded(4, x: 300, y: 200)
        #expect(!f.session.panel.isShowing && f.proxy.text == "q", "nothing typed where it lifted")
        f.session.touchBegan(5, x: button.midX, y: button.midY)
        f.session.touchEnded(5, x: button.midX, y: button.midY)
        #expect(f.session.panel.isShowing)
        #expect(f.session.scene.bar?.panelButton == nil, "not over the panel")
        f.tap("abc")
        #expect(f.session.scene.bar?.panelButton != nil)
    }

    @Test func dwellingOnThePencilOpensThePanel() throws {
        let f = SessionFixture()
        KeyboardSessionDwellTests.dwellOn(f)
        let button = try #require(f.session.scene.bar?.panelButton, "the bar's strip shows with dwell: the ✎ too")
        f.session.access.pointerHovered(x: button.midX, y: button.midY)
        f.scheduler.advance(by: 0.8)
        #expect(f.session.panel.isShowing)
    }
}

#if canImport(Glibc)
import Glibc
#endif
