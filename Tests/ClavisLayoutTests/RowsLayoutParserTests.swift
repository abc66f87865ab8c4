import ClavisLayout
import Testing

@Suite struct RowsLayoutParserTests {
    let parser = RowsLayoutParser(fileName: "test.rows")

    @Test func parsesKeysGapsAndSpecialKeys() throws {
        let layout = try parser.parse("""
            # a comment
            id: demo
            name: Demo board

            row: q w ~0.5 e
            row: shift:1.5 backspace return:2 space
            """)
        #expect(layout.id == "demo")
        #expect(layout.name == "Demo board")
        #expect(layout.rows.count == 2)
        #expect(layout.rows[0].items == [
            .key(Key(id: "q", label: "q", action: .insert("q"))),
            .key(Key(id: "w", label: "w", action: .insert("w"))),
            .gap(0.5),
            .key(Key(id: "e", label: "e", action: .insert("e"))),
        ])
        #expect(layout.rows[0].widthUnits == 3.5)
        let second = layout.rows[1].keys
        #expect(second.map(\.action) == [.shift, .backspace, .return, .space])
        #expect(second.map(\.widthUnits) == [1.5, 1, 2, 1])
    }

    @Test func singleCharactersAreAlwaysLiteralKeys() throws {
        let layout = try parser.parse("id: p\nrow: : ~ # ,")
        #expect(layout.keys.map(\.action) == [.insert(":"), .insert("~"), .insert("#"), .insert(",")])
    }

    @Test func multiCharacterNamesThatAreNotSpecialTypeThemselves() throws {
        let layout = try parser.parse("id: p\nrow: .com:2")
        #expect(layout.keys == [Key(id: ".com", label: ".com", action: .insert(".com"), widthUnits: 2)])
    }

    @Test func nameDefaultsToID() throws {
        #expect(try parser.parse("id: solo\nrow: a").name == "solo")
    }

    @Test func reportsEveryProblemWithItsLine() {
        let text = """
            id: bad
            row: q q
            row: shift:wide
            colour: red
            row: ~x
            row:
            """
        #expect(throws: LayoutErrors(errors: [
            LayoutError(file: "test.rows", line: 2, message: "duplicate key 'q' (first on line 2)"),
            LayoutError(file: "test.rows", line: 3,
                        message: "unknown key width 'wide' in 'shift:wide' (use a number from 0 to 20)"),
            LayoutError(file: "test.rows", line: 3, message: "row has no keys"),
            LayoutError(file: "test.rows", line: 4, message: "unknown field 'colour' (expected 'id', 'name' or 'row')"),
            LayoutError(file: "test.rows", line: 5,
                        message: "gap '~x' needs a width from 0 to 20 key units, like '~0.5'"),
            LayoutError(file: "test.rows", line: 5, message: "row has no keys"),
            LayoutError(file: "test.rows", line: 6, message: "row has no keys"),
        ])) {
            try parser.parse(text)
        }
    }

    @Test func missingIDAndRowsAreFileLevelErrors() {
        #expect(throws: LayoutErrors(errors: [
            LayoutError(file: "test.rows", line: 0, message: "missing 'id:' line"),
            LayoutError(file: "test.rows", line: 0, message: "no 'row:' lines"),
        ])) {
            try parser.parse("# nothing here\n")
        }
    }

    @Test func errorsReadLikeCompilerMessages() {
        #expect(LayoutError(file: "a.rows", line: 3, message: "boom").description == "a.rows:3: error: boom")
        #expect(LayoutError(file: "a.rows", line: 0, message: "boom").description == "a.rows: error: boom")
    }

    @Test func toleratesWindowsLineEndingsAndTabs() throws {
        let layout = try parser.parse("id: w\r\nrow:\tq\tw\r\n")
        #expect(layout.keys.map(\.id) == ["q", "w"])
    }
}
