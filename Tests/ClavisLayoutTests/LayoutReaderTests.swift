import ClavisFormats
import ClavisLayout
import Testing

@Suite struct LayoutReaderTests {
    let reader = LayoutReader(file: "test.yaml")

    @Test func readsKeysLayersRowsAndConstraints() throws {
        let layout = try reader.read("""
            id: demo
            name: Demo
            language: en
            keys:
              shift: {action: shift, width: 1.5}
              nums: {label: "123", action: {layer: numbers}}
              e: {alternates: [é, è], style: [accent]}
              dotcom: {text: .com, sound: character}
            layers:
              letters:
                rows:
                  - 'q w e'
                  - '~0.5 shift dotcom nums'
              numbers:
                rows: ['1 2 3']
                landscape:
                  rows: ['nums']
            constraints:
              - shift.width == 2 * q.width
            portrait:
              constraints: ['q.height >= 40 @weak']
            """)
        #expect(layout.id == "demo")
        #expect(layout.language == "en")
        #expect(layout.key("shift") == KeyDefinition(id: "shift", action: .shift, widthUnits: 1.5))
        #expect(layout.key("nums")?.action == .switchLayer("numbers"))
        #expect(layout.key("nums")?.label == "123")
        #expect(layout.key("e")?.alternates == ["é", "è"])
        #expect(layout.key("e")?.styles == ["accent"])
        #expect(layout.key("dotcom")?.action == .insert(".com"))
        #expect(layout.key("q") == .character("q"))
        #expect(layout.layers.map(\.name) == ["letters", "numbers"])
        #expect(layout.layers[0].rows[1].items.first == .gap(0.5))
        #expect(layout.layer("numbers")?.keyIDs(in: .landscape) == ["1", "2", "3", "nums"])
        #expect(layout.layer("numbers")?.keyIDs(in: .portrait) == ["1", "2", "3"])
        #expect(layout.constraints.shared.map(\.text) == ["shift.width == 2 * q.width"])
        #expect(layout.constraints.portrait.first?.location == SourceLocation(line: 21, column: 18))
    }

    func problems(_ text: String) -> [String] {
        do throws(LayoutErrors) {
            _ = try reader.read(text)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    @Test func reportsEveryProblemWithLineAndColumn() {
        let found = problems("""
            id: bad
            colour: red
            keys:
              shift: {action: shout, width: wide}
              big: {width: 99}
            layers:
              letters:
                rows:
                  - 'q q shfit ~x'
                constraints:
                  - q.width == nope.width
                  - q.width = 3
            """)
        #expect(found == [
            "test.yaml:2:1: error: unknown field 'colour' in the layout (expected id, name, language, keys, layers, constraints, portrait, landscape)",
            "test.yaml:4:19: error: unknown action 'shout' for 'shift' (use insert, backspace, return, shift, space, tab, next-keyboard, previous-keyboard, cursor-left, cursor-right, dismiss, change-form, caps-lock, {layer: NAME}, {key: NAME}, {modifier: NAME}, {edit: NAME} or {hands: NAME})",
            "test.yaml:4:33: error: the width of 'shift' must be a number",
            "test.yaml:5:16: error: the width of 'big' must be from 0.1 to 20",
            "test.yaml:9:12: error: duplicate key 'q' in layer 'letters'",
            "test.yaml:9:14: error: unknown key 'shfit' in layer 'letters' (define it under 'keys', or use a single character)",
            "test.yaml:9:20: error: gap '~x' needs a width of more than 0 and at most 20 key units, like '~0.5'",
            "test.yaml:11:20: error: constraint names unknown key 'nope' in layer 'letters'",
            "test.yaml:12:17: error: expected '==', '<=' or '>=' after 'q.width'",
        ])
    }

    @Test func yamlSyntaxErrorsAreLocated() {
        let found = problems("id: x\nlayers:\n  letters: [\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("test.yaml:4:1: error: YAML:") == true)
    }

    @Test func duplicateMappingKeysAreReported() {
        #expect(problems("id: x\nid: y\nlayers: {a: {rows: ['q']}}\n").first?.contains("duplicate key 'id'") == true)
    }

    @Test func missingEssentialsAreReported() {
        #expect(problems("name: nothing\n") == [
            "test.yaml:1:1: error: the layout needs an 'id'",
            "test.yaml:1:1: error: the layout needs 'layers' with at least one layer",
        ])
        #expect(problems("") == ["test.yaml:1:1: error: the file is empty"])
        #expect(problems("id: x\nlayers:\n  a:\n    portrait: {rows: ['q']}\n")
                == ["test.yaml:3:3: error: layer 'a' has no rows in landscape"])
    }

    @Test func layerSwitchesMustNameALayer() {
        #expect(problems("id: x\nkeys: {go: {action: {layer: nowhere}}}\nlayers: {a: {rows: ['q go']}}\n")
                == ["test.yaml:2:29: error: key 'go' switches to unknown layer 'nowhere' (layers: a)"])
    }

    @Test func charactersYAMLRefusesAreLocated() {
        #expect(problems("id: x\nname: \"ab\u{1}\"\n") == ["test.yaml:2:10: error: YAML: control characters are not allowed"])
    }

    @Test func wrongTypesAreReported() {
        let found = problems("id: [x]\nlayers: {a: {rows: 'q w'}}\nkeys: 3\n")
        #expect(found.contains("test.yaml:1:5: error: 'id' must be text"))
        #expect(found.contains("test.yaml:2:20: error: the rows of 'a' must be a list of strings"))
        #expect(found.contains("test.yaml:3:7: error: 'keys' must be a mapping from key ids to their definitions"))
    }

    /// 10,000 weak constraints took `check` 17 s and 1.4 GB: a layout states at most 1,000.
    @Test func constraintsAndKeysHaveLimits() {
        let constraint = "  - q.width == 2 * w.width @weak\n"
        let over = "id: t\nlayers:\n  a:\n    rows: ['q w']\nconstraints:\n"
            + String(repeating: constraint, count: LayoutReader.maximumConstraints + 1)
        #expect(problems(over) == ["test.yaml:5:1: error: 1001 constraints; a layout may state at most 1000"])
        let within = "id: t\nlayers:\n  a:\n    rows: ['q w']\nconstraints:\n"
            + String(repeating: constraint, count: 10)
        #expect(problems(within).isEmpty)
        let keys = (0...LayoutReader.maximumKeys).map { String(UnicodeScalar(0x4E00 + $0)!) }.joined(separator: " ")
        let found = problems("id: t\nlayers:\n  a:\n    rows: ['\(keys)']\n")
        #expect(found.count == 1, "\(found.prefix(3))")
        #expect(found.first == "test.yaml:3:3: error: 1001 keys; a layout may have at most 1000")
    }

    /// `/etc/shadow` named as a layout had its lines quoted back, one "unknown field" each.
    @Test func aFileThatIsNoLayoutIsRefusedWithoutQuotingIt() {
        let secret = "root:$6$salt$hash:20228:0:99999:7:::\ndaemon:*:20228:0:99999:7:::\n"
        #expect(throws: LayoutErrors.self) { try reader.read(secret) }
        do {
            _ = try reader.read(secret)
        } catch {
            #expect(error.errors.count == 1)
            #expect(error.description == "test.yaml:1:1: error: not a Clavis layout: none of its fields is a layout's "
                + "(id, name, language, keys, layers, constraints, portrait, landscape)")
            #expect(!error.description.contains("root") && !error.description.contains("hash"))
        }
    }

    @Test func aNewlineInAQuotedNameStaysInsideItsLine() {
        let error = LayoutError(file: "a\nb.yaml", line: 1, column: 2, message: "no layout 'us\nfake: line'")
        #expect(error.description == "a\\nb.yaml:1:2: error: no layout 'us\\nfake: line'")
        #expect(!error.description.contains("\n"))
    }
}

/// PC keys in layout files: named keys, modifiers, shifted texts.
@Suite struct PCKeyReaderTests {
    @Test func namedKeysModifiersAndShiftedTextsAreRead() throws {
        let text = """
            id: mini-pc
            keys:
              esc: {action: {key: Escape}}
              ctrl: {action: {modifier: ctrl}}
              copy: {action: {edit: copy}}
              caps: {action: caps-lock}
              one: {text: "1", shift: "!"}
            layers:
              keys:
                rows: ['esc ctrl copy caps one']
            """
        let layout = try LayoutReader(file: "mini.yaml").read(text)
        #expect(layout.key("esc")?.action == .key(.escape))
        #expect(layout.key("esc")?.label == "Esc")
        #expect(layout.key("ctrl")?.action == .modifier(.control))
        #expect(layout.key("ctrl")?.label == "Ctrl")
        #expect(layout.key("caps")?.action == .capsLock)
        #expect(layout.key("copy")?.action == .edit(.copy))
        #expect(layout.key("copy")?.label == "Copy")
        #expect(layout.key("one")?.shifted == "!")
    }

    @Test func unknownKeyAndModifierNamesAreLocated() {
        let text = """
            id: bad
            keys:
              a: {action: {key: Esc}}
              b: {action: {modifier: hyper}}
              c: {action: {edit: paste-special}}
            layers:
              keys:
                rows: ['a b c']
            """
        do {
            _ = try LayoutReader(file: "bad.yaml").read(text)
            Issue.record("read a layout with unknown names")
        } catch {
            let messages = error.description
            #expect(messages.contains("bad.yaml:3:21: error: unknown key 'Esc' for 'a' (use BackSpace, Delete, Down, End, Escape"), "\(messages)")
            #expect(messages.contains("bad.yaml:4:26: error: unknown modifier 'hyper' for 'b' (use ctrl, alt, super, altgr)"), "\(messages)")
            #expect(messages.contains("bad.yaml:5:22: error: unknown edit 'paste-special' for 'c' (use select-all, cut, copy, paste, undo, redo, "
                + "word-left, word-right, delete-forward, clipboard, panel)"), "\(messages)")
        }
    }

    @Test func splitMarksAndHandKeysAreRead() throws {
        let text = """
            id: thumbs
            keys:
              one: {action: {hands: left}}
            layers:
              letters:
                rows: ['q w ~| e r', 'one | ~|']
            """
        let layout = try LayoutReader(file: "thumbs.yaml").read(text)
        let rows = layout.layers[0].rows
        #expect(rows[0].items.map { if case .key(let id, _) = $0 { id } else { "\($0)" } } == ["q", "w", "split", "e", "r"])
        #expect(rows[0].splits && rows[1].splits)
        #expect(rows[1].keyIDs == ["one", "|"], "a lone | is still the character key")
        #expect(layout.layers[0].splits(in: .portrait))
        #expect(layout.key("one")?.action == .hands(.left))
        #expect(layout.key("one")?.label == "◀")
    }

    @Test func aSecondSplitMarkAndAnUnknownHandAreLocated() {
        let found = LayoutReaderTests().problems("""
            id: bad
            keys:
              h: {action: {hands: three}}
            layers:
              letters:
                rows: ['q ~| w ~| e h']
            """)
        #expect(found == [
            "test.yaml:3:23: error: unknown hands 'three' for 'h' (use both, left, right, split)",
            "test.yaml:6:20: error: a row opens once when split: a second '~|' in layer 'letters'",
        ])
    }
}
