import ClavisEngine
import ClavisLayout
@testable import ClavisSession
import ClavisSettings
import TestSupport
import Testing

/// How the keys sit for the hands: one-handed with its strip, split in landscape, kept across
/// keyboards, and the choice made on the keyboard reported for the settings.
@MainActor @Suite struct KeyboardSessionHandsTests {
    /// A session on the US keyboard and the tiny one, 1000 × 300 in a landscape host.
    private func fixture() throws -> (SessionFixture, reported: () -> [HandMode]) {
        let library = LayoutLibrary()
        let f = SessionFixture(layouts: [try library.load("us"), TestLayouts.tiny])
        f.session.area.hostSize = (1000, 600)
        f.session.area.resize(width: 1000, height: 300)
        var reported: [HandMode] = []
        f.session.hands.onChange = { reported.append($0) }
        return (f, { reported })
    }

    @Test func oneHandedTheKeysTypeInTheirBlockAndTheStripMovesOrLeavesIt() throws {
        let (f, reported) = try fixture()
        var settings = Settings()
        settings.hands = .left
        settings.oneHandedWidth = 0.7
        f.session.apply(settings, loadKeyboards: nil)
        #expect(reported().isEmpty, "applying the settings is not a choice to report back")
        let p = try #require(f.session.geometry.frame(ofKey: "p"))
        #expect(p.maxX <= 700 + 1e-6, "the keys in the left 70 %")
        f.tap("q")
        f.tap("p")
        #expect(f.proxy.text == "qp")
        f.tap("hands-right")
        #expect(reported() == [.right])
        #expect(f.session.hands.placement.mode == .right)
        #expect(try #require(f.session.geometry.frame(ofKey: "q")).x >= 300 - 1e-6, "the block at the right edge")
        #expect(f.session.geometry.frame(ofKey: "hands-left")?.x == 0)
        f.tap("hands-both")
        #expect(reported() == [.right, .both])
        #expect(f.session.geometry.frame(ofKey: "hands-left") == nil)
        #expect(try #require(f.session.geometry.frame(ofKey: "p")).maxX > 950, "the whole width again")
    }

    @Test func theStripsKeysCanBeScannedAndReadOut() throws {
        let (f, _) = try fixture()
        f.session.hands.choose(.right)
        let items = ScanGroups(geometry: f.session.geometry).rows.flatMap(\.items)
        #expect(items.contains(.key(id: "hands-left")) && items.contains(.key(id: "hands-both")))
        let strip = try #require(f.session.geometry.key(atX: 10, y: f.session.geometry.height - 10))
        #expect(f.session.controller.accessibleKey(for: strip).name == "Keyboard for both hands")
    }

    @Test func splitOpensTheMarkedRowsInLandscapeOnly() throws {
        let (f, reported) = try fixture()
        f.session.hands.choose(.split)
        #expect(reported() == [.split])
        let t = try #require(f.session.geometry.frame(ofKey: "t")), y = try #require(f.session.geometry.frame(ofKey: "y"))
        #expect(abs(t.maxX - 350) < 1e-6 && abs(y.x - 650) < 1e-6, "a gap of 30 % in the middle")
        f.tap("t")
        f.tap("y")
        #expect(f.proxy.text == "ty")
        f.session.area.hostSize = (600, 1000)
        let whole = (try #require(f.session.geometry.frame(ofKey: "t")), try #require(f.session.geometry.frame(ofKey: "y")))
        #expect(abs(whole.0.maxX - whole.1.x) < 1e-6, "in portrait the keyboard shows whole")
        #expect(f.session.hands.placement.mode == .split, "and splits again when turned back")
    }

    @Test func everyKeyboardShownIsArrangedSo() throws {
        let (f, _) = try fixture()
        f.session.hands.choose(.left)
        f.session.keyboards.showNext()
        #expect(f.session.layout.id == "tiny")
        #expect(f.session.geometry.frame(ofKey: "hands-right") != nil, "the next keyboard is one-handed too")
        f.session.panel.show()
        #expect(f.session.geometry.frame(ofKey: "hands-right") != nil, "and the editing panel")
        f.session.hands.choose(.left)
        #expect(f.problems.isEmpty)
    }
}
