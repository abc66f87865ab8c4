import ClavisLayout
import Foundation
import Testing

/// A few lines in the shape of Unicode's emoji-test.txt.
let emojiSample = """
    # group: Smileys & Emotion
    # subgroup: face-smiling
    1F600                                      ; fully-qualified     # 😀 E1.0 grinning face
    263A FE0F                                  ; fully-qualified     # ☺️ E0.6 smiling face
    263A                                       ; unqualified         # ☺ E0.6 smiling face
    # group: People & Body
    1F44B                                      ; fully-qualified     # 👋 E0.6 waving hand
    1F44B 1F3FB                                ; fully-qualified     # 👋🏻 E1.0 waving hand: light skin tone
    1F44B 1F3FF                                ; fully-qualified     # 👋🏿 E1.0 waving hand: dark skin tone
    1F590 FE0F                                 ; fully-qualified     # 🖐️ E0.7 hand with fingers splayed
    1F590 1F3FC                                ; fully-qualified     # 🖐🏼 E1.0 hand with fingers splayed: medium-light skin tone
    # group: Component
    1F3FB                                      ; fully-qualified     # 🏻 E1.0 light skin tone
    # group: Flags
    1F3C1                                      ; fully-qualified     # 🏁 E0.6 chequered flag
    """

@Suite struct EmojiDataTests {
    @Test func fullyQualifiedEmojiByGroupWithSkinTonesAsVariants() {
        let groups = EmojiData.parse(emojiSample)
        #expect(groups.map(\.name) == ["Smileys & Emotion", "People & Body", "Flags"], "no Component group")
        #expect(groups[0].emoji.map(\.text) == ["😀", "☺️"], "unqualified forms left out")
        #expect(groups[0].emoji[0].name == "grinning face")
        #expect(groups[1].emoji.map(\.text) == ["👋", "🖐️"])
        #expect(groups[1].emoji[0].variants == ["👋🏻", "👋🏿"])
        #expect(groups[1].emoji[1].variants == ["🖐🏼"], "the tone form has no variation selector")
    }
}

@Suite struct EmojiKeyboardTests {
    @Test func categoriesArePagesWithABottomRowOfCategoryKeys() {
        let layout = EmojiKeyboard.layout(from: EmojiData.parse(emojiSample))
        #expect(layout.id == "emoji")
        #expect(layout.layers.map(\.name) == ["smileys-1", "people-1", "flags-1"])
        let wave = layout.keys.first { $0.label == "👋" }
        #expect(wave?.action == .insert("👋") && wave?.alternates == ["👋", "👋🏻", "👋🏿"])
        #expect(layout.key("categorypeople")?.action == .switchLayer("people-1"))
        #expect(layout.key("page2next")?.action == .switchLayer("smileys-1"), "the last page leads to the first")
        #expect(LayoutChecker().check(layout).map(\.description) == [], "both orientations solve, nothing overlaps")
    }

    @Test func recentEmojiMakeAFirstPage() {
        let layout = EmojiKeyboard.layout(from: EmojiData.parse(emojiSample), recent: ["🏁", "👋🏿"])
        #expect(layout.layers.map(\.name) == ["recent-1", "smileys-1", "people-1", "flags-1"])
        #expect(layout.layer("recent-1")?.portraitRows.dropFirst().first?.keyIDs == ["e-1f3c1", "e-1f44b-1f3ff"], "below the space row")
        #expect(layout.key("categoryrecent")?.label == "🕘")
        #expect(LayoutChecker().check(layout).map(\.description) == [], "ten categories still fit the bottom row")
    }

    @Test func aLargeGroupIsSplitIntoPagesOf32() {
        var text = "# group: Objects\n"
        for value in 0x1F4A0..<(0x1F4A0 + 70) { text += "\(String(value, radix: 16)) ; fully-qualified # x E1.0 thing\n" }
        let layout = EmojiKeyboard.layout(from: EmojiData.parse(text))
        #expect(layout.layers.map(\.name) == ["objects-1", "objects-2", "objects-3"])
        let solver = KeyboardArrangement(layout: layout)
        solver.show(layer: "objects-3")
        solver.resize(width: 400, height: 300, orientation: .portrait)
        #expect(solver.geometry.frames.filter { $0.key.styles.contains("emoji") && !$0.key.styles.contains("category") }.count == 6)
    }

    @Test func theLibraryGeneratesItFromTheUnicodeList() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-emoji-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("emoji-test.txt")
        try Data(emojiSample.utf8).write(to: list)
        let library = LayoutLibrary(environment: ["HOME": folder.path, "XDG_DATA_DIRS": folder.path, "CLAVIS_EMOJI_DATA": list.path])
        #expect(library.available.contains { $0.id == "emoji" })
        #expect(try library.load("emoji").layers.count == 3)
        let missing = LayoutLibrary(environment: ["HOME": folder.path, "XDG_DATA_DIRS": folder.path,
                                                  "CLAVIS_EMOJI_DATA": folder.appendingPathComponent("none.txt").path])
        #expect(!missing.available.contains { $0.id == "emoji" })
    }
}
