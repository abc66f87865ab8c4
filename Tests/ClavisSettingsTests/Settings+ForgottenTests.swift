import ClavisSettings
import Testing

@Suite struct SettingsForgottenTests {
    @Test func eachKindReadsBackFromItsText() {
        for item in [ForgottenItem.word("teh"), .emoji("🙂"), ForgottenItem(kind: "conversion", parts: ["さくら", "佐倉"])] {
            #expect(ForgottenItem(text: item.text) == item, "\(item.text)")
        }
        #expect(ForgottenItem(text: "conversion\tさくら\t佐倉")?.parts == ["さくら", "佐倉"], "what earlier versions wrote")
        let newer = ForgottenItem(text: "handwriting\tx")
        #expect(newer?.single("word") == nil && newer?.single("emoji") == nil, "a newer kind reads, and is no word")
        #expect(ForgottenItem(text: "word") == nil)
        #expect(ForgottenItem(text: "\tx") == nil)
    }

    @Test func theJournalStaysShortAndCountsWhatWasAddedSince() throws {
        var settings = Settings()
        settings.forget(.word("teh"))
        let seen = settings.forgottenTotal
        for index in 0..<Settings.forgottenKept { settings.forget(.word("w\(index)")) }
        #expect(settings.forgotten.count == Settings.forgottenKept, "kept short")
        #expect(settings.forgottenBefore == 1 && settings.forgotten.first == "word\tw0")
        #expect(settings.forgotten(since: seen).count == Settings.forgottenKept)
        #expect(settings.forgotten(since: settings.forgottenTotal - 2) == [.word("w198"), .word("w199")])
        #expect(settings.forgotten(since: settings.forgottenTotal).isEmpty)
        #expect(try Settings(json: settings.json) == settings)
    }
}
