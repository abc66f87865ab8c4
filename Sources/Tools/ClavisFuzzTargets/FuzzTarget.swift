import ClavisData
import ClavisEngine
import ClavisFormats
import ClavisHost
import ClavisKanaKanji
import ClavisLayout
import ClavisLineProtocols
import ClavisPrediction
import ClavisProtocolProxy
import ClavisSettings
import ClavisSolverFile
import ClavisThemes

/// Every reader of outside input, as a function of bytes that must return for any bytes:
/// no crash, no hang, no unbounded memory. `clavis-fuzz` hands them to libFuzzer
/// (scripts/fuzz.sh); the tests run each committed corpus through them once.
///
/// Where a reader promises more than surviving, the target checks it: settings and JSON
/// read back what they write.
///
///     FuzzTarget.layout.run(Array("id: t\nlayers: {a: {rows: ['q']}}".utf8))
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A layout file: the YAML reader, then the checker (which solves it).
    case layout
    /// One constraint line of a layout.
    case constraint
    /// A theme file's scan before GTK sees it.
    case theme
    /// settings.json; input that is not JSON is read as `clavis settings --set NAME=VALUE`
    /// lines, each applied (or refused) in turn.
    case settings
    /// A learned-words or learned-conversions file (one format).
    case learnedWords = "learned-words"
    /// A lexicon file, mapped as it is and queried (its checksum not verified, so the
    /// structure checks are what stands between the bytes and the reader).
    case lexicon
    /// A known-words file (`KnownWords`): read, each of its lines and a few words looked up,
    /// and a predictor that consults it asked to correct.
    case knownWords = "known-words"
    /// `clavis solve`'s JSON, parsed and solved.
    case solve
    /// `clavis suggest`'s lines, answered over a small lexicon.
    case suggest
    /// `clavis compose`'s lines, converted over the kana–kanji model when it is built (as
    /// `clavis compose` converts them, 20 sentences): scripts/fuzz.sh gives each input a time
    /// and memory budget, so a conversion that grows faster than its reading is found.
    case compose
    /// A kana–kanji model file, mapped as it is (its checksum not verified) and converted
    /// with: the bounds checks of every lookup are what stands between the bytes and the reader.
    case kanaKanjiModel = "kana-kanji-model"
    /// `clavis swipe`'s gesture lines, decoded on a QWERTY grid over a small lexicon.
    case swipe
    /// What a Wayland compositor tells the input method (input-method v1 and v2 events:
    /// surrounding text and offsets, content types), with the keyboard's edits between.
    case inputMethod = "input-method"
    /// Korean typing through the Korean mode (`HangulScript`): letters, Backspace, Space, the
    /// bar's words, the caret and the field's text replaced.
    case hangul
    /// Presses handed over on the session bus (GNOME Shell's extension's `Touch`), checked
    /// and run through a touch tracker (`HandedTouchScript`).
    case handedTouches = "handed-touches"
    /// A copy another program hands over (Wayland data-control's pipe), read in pieces whose
    /// sizes the first byte sets, then kept in the clipboard's history.
    case clipboard
    /// The clipboard's file (kept across restarts with `keepClipboard`), read back after writing.
    case clipboardFile = "clipboard-file"
    /// What an X11 selection owner answers the keyboard's requests with (targets, a value,
    /// increments, silence), as events into `SelectionTransfer`: never more than the limit
    /// kept, never a secret fetched, nothing after the end.
    case x11Clipboard = "x11-clipboard"
    /// An autostart entry's `Exec=` line: read as a launcher reads it; and the bytes as a
    /// binary's path, written into an entry and read back the same.
    case autostartEntry = "autostart-entry"

    /// Folders of the repository whose files seed this target too (beside its committed
    /// corpus): the layouts and themes Clavis ships.
    public var repositorySeeds: [String] {
        switch self {
        case .layout: ["data/layouts"]
        case .theme: ["data/themes"]
        default: []
        }
    }

    public func run(_ bytes: [UInt8]) {
        switch self {
        case .layout:
            guard let text = String(validating: bytes, as: UTF8.self),
                  let layout = try? LayoutReader(file: "fuzz.yaml").read(text) else { return }
            _ = LayoutChecker().check(layout)
        case .constraint:
            _ = try? ConstraintParser.parse(String(decoding: bytes, as: UTF8.self))
        case .theme:
            // Half the files a theme names are "there", by a rule that needs no file system.
            _ = ThemeScan.problems(in: bytes, file: "/fuzz/theme.css", exists: { $0.utf8.count % 2 == 0 }, isRegular: { $0.utf8.count % 4 == 0 })
        case .settings:
            guard let value = try? JSONSyntax.parse(bytes) else {
                var settings = Settings()
                for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                    let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                    guard parts.count == 2 else { continue }
                    let before = settings
                    if settings.set(parts[0], to: parts[1]) != nil {
                        precondition(settings == before, "a refused --set changed the settings")
                    }
                    precondition((try? Settings(json: settings.json)) == settings, "a --set value does not read back")
                }
                return
            }
            let reparsed = try? JSONSyntax.parse(Array(value.text().utf8))
            precondition(reparsed == value, "JSON does not read back what it writes")
            guard let settings = try? Settings(json: value) else { return }
            precondition((try? Settings(json: settings.json)) == settings, "settings do not read back what they write")
            // One bad value costs only itself: it is written back as it was, and the
            // settings in memory are all within their ranges.
            for (name, rejected) in settings.rejectedFields {
                precondition(value[name] == rejected.value && settings.json[name] == rejected.value, "a value set aside is not written back as it was")
            }
            precondition(settings.problems.count == settings.rejectedFields.count, "a value set aside without a word")
            var valid = settings
            valid.rejectedFields = [:]
            precondition((try? Settings(json: valid.json))?.problems == [], "a setting read is out of its range")
            // The file as saved: no larger than a small multiple of what was read (2 KB nested
            // 510 deep once became 1 MB), and read back as the same settings when the store
            // would write it (it refuses what the reader would refuse).
            let written = Array(settings.fileText.utf8)
            precondition(written.count <= 8 * bytes.count + 4096, "settings grow from \(bytes.count) to \(written.count) bytes when saved")
            if written.count <= SettingsStore.maximumFileSize {
                precondition((try? Settings(json: JSONSyntax.parse(written))) == settings, "a saved settings file does not read back")
            }
            // The journal of removed learned items: every item read back is one it could write.
            for item in settings.forgotten(since: 0) {
                precondition(ForgottenItem(text: item.text) == item, "a forgotten item does not read back")
            }
        case .learnedWords:
            guard var words = UserWordStore.words(in: bytes) else { return }
            // Counts at their limits: more uses never overflow, the probabilities stay finite.
            for word in words.words.keys.sorted().prefix(20) {
                words.learn(word: word, after: "x")
                precondition(words.probability(of: word, after: "x").map { $0.isFinite && $0 > 0 } == true, "a learned word has no probability")
            }
            for pair in words.pairs.keys.sorted(by: { ($0.previous, $0.word) < ($1.previous, $1.word) }).prefix(20) { words.learn(pair: pair) }
            precondition(words.words.count <= words.wordLimit && words.pairs.count <= words.pairLimit, "learned words past their limits")
            // What is saved reads back (words a file cannot hold, with a carriage return, aside).
            guard let again = UserWordStore.words(in: UserWordStore.text(of: words)) else { preconditionFailure("saved words do not read back") }
            precondition(again.words.allSatisfy { words.words[$0.key] == $0.value }, "saved counts do not read back")
            // The same words as recent emoji: each use renumbers them, so the order stays small.
            MainActor.assumeIsolated {
                let recent = RecentlyUsed()
                recent.storage.fullAccess = true
                recent.storage.change { $0 = again }
                recent.use("😀", traits: TextInputTraits())
                precondition(recent.storage.learned.allWords.allSatisfy { $0.count <= recent.limit }, "recent emoji numbered past their limit")
            }
        case .lexicon:
            guard let lexicon = try? Lexicon(bytes: bytes, origin: "fuzz.clx", verifyingChecksum: false) else { return }
            let predictor = TextPredictor(lexicon: lexicon)
            for typed in ["", "th", "helo ", "see you tom", "recieve"] {
                _ = predictor.suggestions(for: TypingContext(before: typed), count: 5)
            }
        case .knownWords:
            guard let known = try? KnownWords(bytes: bytes, origin: "fuzz.known") else { return }
            // Whatever the order of its lines (a hand-edited or damaged file is not sorted), a
            // lookup ends; a file sorted as the build writes it finds every line it holds.
            let lines = bytes.dropFirst(KnownWords.header.count).split(separator: 10, omittingEmptySubsequences: false).map(Array.init)
            for line in lines.prefix(50) { _ = known.accepts(String(decoding: line, as: UTF8.self)) }
            for word in ["caret", "Caret", "CARET", "", "\n", "a\nb"] { _ = known.accepts(word) }
            let words = lines.filter { !$0.isEmpty }
            if words.count <= 1000, zip(words, words.dropFirst()).allSatisfy({ $0.lexicographicallyPrecedes($1) }) {
                for line in words { if let word = String(validating: line, as: UTF8.self) { precondition(known.contains(word), "a sorted file lost '\(word)'") } }
            }
            let lexicon = try! Lexicon(bytes: Self.wordsBytes, origin: "fuzz-words", knownWords: known)
            _ = TextPredictor(lexicon: lexicon).autocorrection(for: "helo", context: TypingContext(before: "helo"))
        case .solve:
            guard let system = try? ConstraintSystemFile.parse(bytes), system.constraints.count <= 200 else { return }
            _ = try? system.solve()
        case .suggest:
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(20) {
                _ = LineProtocol.suggestions(for: Array(line), predictor: Self.predictor, count: 3)
            }
        case .compose:
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(20) {
                _ = LineProtocol.composition(for: Array(line)) { Self.converter?.convert($0) }
            }
        case .kanaKanjiModel:
            guard let model = try? KanaKanjiModel(bytes: bytes, origin: "fuzz.kkm", verifyingChecksum: false) else { return }
            let converter = LatticeConverter(model: model)
            for reading in ["きょうはいいてんきです", "こんいちは", "ここではきものをぬぐ", "a"] {
                _ = converter.convert(reading, segmentEnds: [2])
                _ = converter.candidates(for: reading)
            }
        case .inputMethod:
            MainActor.assumeIsolated { InputMethodScript.run(bytes) }
        case .hangul:
            MainActor.assumeIsolated { HangulScript.run(bytes) }
        case .handedTouches:
            MainActor.assumeIsolated { HandedTouchScript.run(bytes) }
        case .clipboard:
            var transfer = ClipboardTransfer()
            let size = max(1, Int(bytes.first ?? 1))
            var start = bytes.startIndex
            while start < bytes.endIndex, transfer.append(bytes[start..<min(start + size, bytes.endIndex)]) { start += size }
            guard let text = transfer.text else {
                precondition(bytes.count > ClipboardTransfer.maximumBytes, "a copy within the limit was refused")
                return
            }
            var history = ClipboardHistory()
            for _ in 0..<3 { history.add(text) }
            history.add(text + "!")
            history.togglePin(at: 1)
            history.clear()
            precondition(history.items.allSatisfy { $0.label.count <= ClipboardHistory.Item.labelLength + 1 }, "a label past its length")
            precondition(history.items.count <= 1, "clearing kept more than the pinned item")
        case .clipboardFile:
            guard let history = ClipboardStore.history(in: bytes) else { return }
            precondition(history.items.count - history.pinnedCount <= ClipboardHistory.limit && history.pinnedCount <= ClipboardHistory.maximumPinned,
                         "a file read past the limits")
            precondition(ClipboardStore.history(in: ClipboardStore.text(of: history)) == history, "a saved clipboard list does not read back")
        case .x11Clipboard:
            Self.runSelectionTransfer(bytes)
        case .autostartEntry:
            let text = String(decoding: bytes, as: UTF8.self)
            _ = DesktopEntry.arguments(ofExec: text)
            let arguments = [text, "keyboard", "--auto-show"]
            let exec = DesktopEntry.exec(arguments)
            precondition(!exec.unicodeScalars.contains { $0 == "\n" || $0 == "\r" }, "an Exec= value broke its line")
            precondition(DesktopEntry.arguments(ofExec: exec) == arguments, "a binary's path does not read back from its Exec= line")
        case .swipe:
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(20) {
                _ = LineProtocol.swipe(for: Array(line), count: 3) { _, _, _ in Self.decoder }
            }
        }
    }

    /// Bytes as an X11 selection owner's answers: each byte a step (start, targets, a
    /// value whole or incremental, an increment, silence), the bytes after it its contents.
    static func runSelectionTransfer(_ bytes: [UInt8]) {
        var transfer = SelectionTransfer()
        var offset = 0
        var kept = 0
        var secretOffered = false
        var finished = false
        func take(_ count: Int) -> ArraySlice<UInt8> {
            let end = min(bytes.count, offset + count)
            defer { offset = end }
            return bytes[offset..<end]
        }
        while offset < bytes.count {
            let op = bytes[offset]
            offset += 1
            let size = Int(take(1).first ?? 0) * 97
            let step: SelectionTransfer.Step
            switch op % 6 {
            case 0: step = transfer.start()
            case 1:
                let names = take(size % 64).map { SelectionTransfer.namedTargets[Int($0) % SelectionTransfer.namedTargets.count] }
                secretOffered = secretOffered || names.contains(where: SelectionTransfer.secretTypes.contains)
                step = transfer.targetsReceived(op & 0x80 == 0 ? names : nil)
            case 2: step = transfer.valueReceived(.data(Array(take(size)), remaining: op & 0x40 == 0 ? 0 : size))
            case 3: step = transfer.valueReceived(.incremental(lowerBound: size * 64))
            case 4: step = transfer.incrementReceived(.data(Array(take(size)), remaining: 0))
            default: step = transfer.timedOut()
            }
            if finished {
                precondition(step == .wait, "a step after the end")
                continue
            }
            switch step {
            case .finished(let outcome):
                finished = true
                if case .text(let text) = outcome {
                    kept = text.utf8.count
                    precondition(!secretOffered, "a copy marked secret was read")
                }
            case .convert(let target):
                precondition(target == "TARGETS" || SelectionTransfer.textTypes.contains(target), "asked for a target that is no text")
            case .deleteProperty, .wait: break
            }
        }
        // Each malformed byte read is repaired as U+FFFD, three bytes: the history then refuses a text so grown.
        precondition(kept <= 3 * ClipboardTransfer.maximumBytes, "more kept than read")
    }

    /// The converter `clavis compose` has (the model scripts/text-data.sh builds, 20
    /// sentences); `nil` where the model is not built.
    nonisolated(unsafe) static let converter: LatticeConverter? = {
        guard let model = try? KanaKanjiModel.load(directories: ClavisData.textDirectories) else { return nil }
        let converter = LatticeConverter(model: model)
        converter.sentenceCount = 20
        return converter
    }()

    /// A decoder over the small lexicon, its letters on a QWERTY grid of 60-point keys.
    static let decoder: GestureDecoder = {
        var keys: [(letter: Character, x: Double, y: Double)] = []
        for (row, letters) in ["qwertyuiop", "asdfghjkl", "zxcvbnm"].enumerated() {
            for (column, letter) in letters.enumerated() { keys.append((letter, Double(column) * 60 + 30 + Double(row) * 20, Double(row) * 80 + 40)) }
        }
        return GestureDecoder(lexicon: predictor.lexicon, keys: keys, keyWidth: 60)
    }()

    /// A small English lexicon's bytes, for the suggest and known-words targets.
    static let wordsBytes: [UInt8] = {
        var builder = LexiconBuilder()
        for (index, word) in ["the", "to", "and", "you", "see", "tomorrow", "hello", "help", "world", "receive", "don't", "London"].enumerated() {
            builder.add(word: word, count: 1000 - index * 50)
        }
        builder.add(ngram: ["see", "you"], count: 5)
        builder.add(ngram: ["see", "you", "tomorrow"], count: 3)
        builder.add(replacement: "ie", meant: "ei")
        return builder.build()
    }()

    static let predictor = TextPredictor(lexicon: try! Lexicon(bytes: wordsBytes, origin: "fuzz-words"))
}
