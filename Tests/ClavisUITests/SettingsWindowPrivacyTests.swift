import ClavisLayout
import ClavisPrediction
import ClavisSession
import ClavisSettings
import ClavisUI
import Foundation
import GtkKit
import XCTest

/// Privacy lists what an input mode declares it learns, without the window naming the mode:
/// a list of pairs shows "before → word (count×)", and its Remove button takes the pair out
/// of the file and tells a running keyboard through the settings.
final class SettingsWindowPrivacyTests: XCTestCase {
    func testAModesOwnListIsShownAndItsItemsRemoved() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("clavis-privacy-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try MainActor.assumeIsolated {
            try GUI.start()
            let spec = LearnedListSpec(title: "Chosen spellings", explanation: "What you chose for what you typed.",
                                       singular: "chosen spelling", plural: "chosen spellings", file: "chosen.tsv",
                                       contents: "chosen spellings", itemKind: "chosen", shape: .pairs)
            let stores = LearnedStores(dataDirectory: folder.path, modeLists: [spec])
            var learned = UserLexicon()
            learned.set(pair: .init("さくら", "佐倉"), count: 2)
            learned.set(pair: .init("han", "한"), count: 1)
            let file = try XCTUnwrap(stores.store(for: spec))
            try file.save(learned)
            let settingsStore = SettingsStore(file: folder.appendingPathComponent("settings.json").path)
            let window = SettingsWindow(live: LiveSettings(store: settingsStore), catalog: KeyboardCatalog(entries: []), learnedStores: stores)
            defer { gtk_widget_destroy(window.window) }
            gtk_widget_show_all(window.window)
            window.show(page: "privacy")
            GUI.settle(seconds: 0.3)
            let labels = GUI.labels(in: window.window)
            XCTAssertTrue(labels.contains("Chosen spellings"), "\(labels)")
            XCTAssertTrue(labels.contains("さくら → 佐倉  (2×)"), "\(labels)")
            XCTAssertTrue(labels.contains { $0.contains("the chosen spellings you choose") }, "Full access names it: \(labels)")

            let remove = try XCTUnwrap(GUI.descendants(of: window.window).first { GUI.accessibleName($0) == "Remove the chosen spelling さくら → 佐倉" })
            gtk_button_clicked(gtkCast(remove))
            GUI.settle(seconds: 0.2)
            XCTAssertEqual(file.load().words.pairs.keys.map(\.word), ["한"], "the other pair stays")
            XCTAssertEqual(settingsStore.load().forgotten, ["chosen\tさくら\t佐倉"])
            XCTAssertFalse(GUI.labels(in: window.window).contains("さくら → 佐倉  (2×)"))
        }
    }
}
