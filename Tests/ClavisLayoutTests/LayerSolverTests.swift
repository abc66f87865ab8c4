import ClavisLayout
import Testing

@Suite struct LayerSolverTests {
    @Test func rowsExpandIntoCentredRowsOfEqualHeight() throws {
        let solver = try LayerSolver(layout: layout(twoRowYAML), layer: "letters", width: 400, height: 200,
                                     orientation: .portrait)
        let g = solver.geometry
        #expect(g.frames.map(\.key.id) == ["q", "w", "e", "r", "space"])
        #expect(g.frame(ofKey: "q") == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(g.frame(ofKey: "r") == Rect(x: 300, y: 0, width: 100, height: 100))
        // space is 3 units wide and centred in the 4-unit width.
        #expect(g.frame(ofKey: "space") == Rect(x: 50, y: 100, width: 300, height: 100))
    }

    @Test func rotatingSwitchesTheOrientationSetAndBack() throws {
        let solver = try LayerSolver(layout: layout(twoRowYAML), layer: "letters", width: 400, height: 200,
                                     orientation: .portrait)
        try solver.update(width: 400, height: 200, orientation: .landscape)
        #expect(solver.orientation == .landscape)
        #expect(solver.geometry.frames.map(\.key.id) == ["q", "w", "e", "r", "left", "space"])
        #expect(solver.geometry.frame(ofKey: "left") == Rect(x: 0, y: 100, width: 100, height: 100))
        try solver.update(width: 400, height: 200, orientation: .portrait)
        #expect(solver.geometry.frame(ofKey: "space") == Rect(x: 50, y: 100, width: 300, height: 100))
    }

    @Test func turningBackAndForthGivesTheFramesOfAFreshBuild() throws {
        let solver = try LayerSolver(layout: layout(twoRowYAML), layer: "letters", width: 400, height: 200,
                                     orientation: .portrait)
        for (width, height, orientation) in [(900.0, 300.0, Orientation.landscape), (300, 500, .portrait), (1000, 250, .landscape),
                                             (400, 200, .portrait)] {
            try solver.update(width: width, height: height, orientation: orientation)
            let fresh = try LayerSolver(layout: layout(twoRowYAML), layer: "letters", width: width, height: height, orientation: orientation)
            #expect(solver.geometry == fresh.geometry, "\(orientation) at \(width)×\(height)")
        }
    }

    @Test func anOrientationThatConflictsIsNamedAndTheOtherKeepsWorking() throws {
        let text = twoRowYAML + "\nconstraints:\n  - 'q.width >= 90'\nlandscape:\n  constraints:\n    - 'q.width <= 60'\n"
        let solver = try LayerSolver(layout: layout(text), layer: "letters", width: 400, height: 200, orientation: .portrait)
        let portrait = solver.geometry
        do {
            try solver.update(width: 800, height: 200, orientation: .landscape)
            Issue.record("the conflicting landscape set was accepted")
        } catch {
            #expect(error.errors.first?.description.contains("conflicts") == true, "\(error)")
            #expect(error.errors.first?.description.contains("landscape") == true, "\(error)")
        }
        #expect(solver.orientation == .portrait)
        #expect(solver.geometry == portrait)
        try solver.update(width: 500, height: 200, orientation: .portrait)
        #expect(solver.geometry.width == 500)
    }

    @Test func resizingScalesEveryKey() throws {
        let solver = try LayerSolver(layout: layout(twoRowYAML), layer: "letters", width: 400, height: 200,
                                     orientation: .portrait)
        try solver.update(width: 800, height: 300, orientation: .portrait)
        #expect(solver.geometry.frame(ofKey: "e") == Rect(x: 400, y: 0, width: 200, height: 150))
        #expect(solver.geometry.width == 800)
    }

    @Test func aConstraintOnAWidthReplacesTheDefault() throws {
        let text = twoRowYAML + "\nlandscape:\n  constraints: ['space.width == 2 * q.width']\n"
        let solver = try LayerSolver(layout: layout(text), layer: "letters", width: 400, height: 200,
                                     orientation: .landscape)
        #expect(solver.geometry.frame(ofKey: "space")?.width == 200)
        #expect(solver.geometry.frame(ofKey: "left")?.x == 50)
    }

    @Test func keyboardAttributesCanBeNamed() throws {
        let text = twoRowYAML + "\nconstraints: ['q.height == 0.25 * keyboard.height']\n"
        let solver = try LayerSolver(layout: layout(text), layer: "letters", width: 400, height: 200,
                                     orientation: .portrait)
        #expect(solver.geometry.frame(ofKey: "q")?.height == 50)
        #expect(solver.geometry.frame(ofKey: "w")?.height == 100)
    }

    @Test func aConflictingConstraintIsNamedWithItsLine() {
        let text = twoRowYAML + "\nconstraints:\n  - 'q.width >= 150'\n  - 'q.width <= 120'\n"
        #expect(throws: LayoutErrors.self) {
            try LayerSolver(layout: layout(text), layer: "letters", width: 400, height: 200, orientation: .portrait)
        }
        do {
            _ = try LayerSolver(layout: layout(text), layer: "letters", width: 400, height: 200, orientation: .portrait)
        } catch {
            #expect(error.errors.first?.description.hasPrefix("test.yaml:12:") == true, "\(error)")
            #expect(error.errors.first?.description.contains("constraint 'q.width <= 120' conflicts") == true, "\(error)")
        }
    }

    @Test func anUnknownLayerIsAnError() {
        #expect(throws: LayoutErrors.self) {
            try LayerSolver(layout: layout(twoRowYAML), layer: "emoji", width: 400, height: 200, orientation: .portrait)
        }
    }
}

@Suite struct OrientationTests {
    @Test func narrowerThanTallIsPortrait() {
        #expect(Orientation(hostWidth: 400, hostHeight: 700) == .portrait)
        #expect(Orientation(hostWidth: 700, hostHeight: 400) == .landscape)
        #expect(Orientation(hostWidth: 500, hostHeight: 500) == .landscape)
    }
}

@Suite struct LayoutHidingTests {
    @Test func hiddenKeysLeaveTheirRowsWhichCloseUp() throws {
        let keyboard = try LayoutLibrary().load("us")
        let globes = keyboard.keyIDs(doing: .nextKeyboard)
        #expect(globes == ["globe"])
        let hidden = keyboard.hiding(globes)
        #expect(hidden.key("globe") == nil)
        #expect(LayoutChecker().check(hidden).isEmpty)
        let solver = try LayerSolver(layout: hidden, layer: "letters", width: 400, height: 260, orientation: .portrait)
        let bottom = solver.geometry.frames.filter { $0.frame.y > 190 }.sorted { $0.frame.x < $1.frame.x }
        #expect(bottom.map(\.key.id) == ["numbers", "space", ".", "return"])
        for (left, right) in zip(bottom, bottom.dropFirst()) {
            #expect(abs(left.frame.maxX - right.frame.x) < 1e-9)
        }
    }

    @Test func constraintsNamingAHiddenKeyAreDropped() {
        let keyboard = layout("""
            id: h
            keys: {g: {action: next-keyboard}, go: {action: return}}
            layers:
              a:
                rows: ['q g go']
                constraints: ['g.width == 2 * q.width']
            constraints: ['go.width == g.width']
            """)
        let hidden = keyboard.hiding(["g"])
        #expect(hidden.layers[0].constraints.all.isEmpty)
        #expect(hidden.constraints.all.isEmpty)
        #expect(hidden.layers[0].keyIDs(in: .portrait) == ["q", "go"])
    }

    // MARK: Split

    /// Two letter rows marked where they open (the second staggered by half a key) and a
    /// space bar that stays whole.
    static let splitYAML = """
        id: split
        keys:
          space: {action: space, width: 4}
        layers:
          letters:
            rows: ['q w ~| e r', '~0.5 a ~| s ~0.5', 'space']
        """

    @Test func splitRowsOpenAtTheirMarkWithTheGapCentredAndTheHalvesAtTheEdges() throws {
        let solver = try LayerSolver(layout: layout(Self.splitYAML), layer: "letters", width: 1000, height: 300,
                                     orientation: .landscape, splitShare: 0.2)
        let g = solver.geometry
        #expect(solver.splitShare == 0.2)
        // Each half has 400 points; the widest half (q w, and ~0.5 a) sets the unit: 200.
        #expect(g.frame(ofKey: "q") == Rect(x: 0, y: 0, width: 200, height: 100))
        #expect(g.frame(ofKey: "w")?.maxX == 400)
        #expect(g.frame(ofKey: "e") == Rect(x: 600, y: 0, width: 200, height: 100))
        #expect(g.frame(ofKey: "r")?.maxX == 1000)
        // The staggered row: its left half ends at the gap, its right half starts after it.
        #expect(g.frame(ofKey: "a")?.maxX == 400)
        #expect(g.frame(ofKey: "s")?.x == 600)
        // The unmarked row stays whole and centred, across the gap.
        #expect(g.frame(ofKey: "space") == Rect(x: 100, y: 200, width: 800, height: 100))
    }

    @Test func wholeTheMarksChangeNothing() throws {
        let marked = try LayerSolver(layout: layout(Self.splitYAML), layer: "letters", width: 1000, height: 300, orientation: .landscape)
        let plain = try LayerSolver(layout: layout(Self.splitYAML.replacingOccurrences(of: " ~|", with: "")), layer: "letters",
                                    width: 1000, height: 300, orientation: .landscape)
        #expect(marked.splitShare == nil)
        #expect(marked.geometry == plain.geometry)
        #expect(marked.geometry.frame(ofKey: "a") == Rect(x: 250, y: 100, width: 250, height: 100))
    }

    @Test func splittingResizingAndClosingAgainGiveTheFramesOfAFreshBuild() throws {
        let text = Self.splitYAML
        let solver = try LayerSolver(layout: layout(text), layer: "letters", width: 1000, height: 300, orientation: .landscape)
        let steps: [(Double, Double?)] = [(1000, 0.2), (1200, 0.2), (1200, nil), (900, 0.1), (1300, 0.1), (900, nil)]
        for (width, share) in steps {
            try solver.update(width: width, height: 300, orientation: .landscape, splitShare: share)
            let fresh = try LayerSolver(layout: layout(text), layer: "letters", width: width, height: 300,
                                        orientation: .landscape, splitShare: share)
            #expect(solver.geometry.isClose(to: fresh.geometry), "\(width) split by \(share ?? 0)")
            #expect(solver.splitShare == share)
        }
    }

    @Test func aLayerWithoutMarksShowsWholeWhenSplit() throws {
        let solver = try LayerSolver(layout: layout(twoRowYAML), layer: "letters", width: 400, height: 200,
                                     orientation: .landscape, splitShare: 0.25)
        let whole = try LayerSolver(layout: layout(twoRowYAML), layer: "letters", width: 400, height: 200, orientation: .landscape)
        #expect(solver.splitShare == nil)
        #expect(solver.geometry == whole.geometry)
    }
}

extension KeyboardGeometry {
    /// The same keys in the same order, each edge within a millionth of a point (an
    /// incremental solve and a fresh one round differently).
    func isClose(to other: KeyboardGeometry) -> Bool {
        width == other.width && height == other.height && frames.count == other.frames.count
            && zip(frames, other.frames).allSatisfy { mine, theirs in
                mine.key == theirs.key && zip([mine.frame.x, mine.frame.y, mine.frame.width, mine.frame.height],
                                              [theirs.frame.x, theirs.frame.y, theirs.frame.width, theirs.frame.height])
                    .allSatisfy { abs($0 - $1) < 1e-6 }
            }
    }
}
