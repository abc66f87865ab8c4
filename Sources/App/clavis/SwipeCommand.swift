import ArgumentParser
import ClavisEngine
import ClavisFiles
import ClavisLayout
import ClavisLineProtocols
import ClavisPrediction

/// `clavis swipe --language LANG [--language LANG…]`: the gesture decoder over a line protocol, as `clavis
/// suggest` is for suggestions.
struct SwipeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swipe",
        abstract: "Answer each gesture line on stdin with the words it spells, as JSON.",
        discussion: """
            Each input line is one gesture: {"layout": "us", "size": [W, H], "before": "text before \
            the caret", "points": [[x, y, t_ms], ...]}, in the layout's own coordinates at that size \
            (the portrait arrangement when H > W). Each answer is one line, flushed at once: \
            {"candidates": ["word", ...]}, best first. A line that cannot be read is answered with no \
            candidates and its problem on standard error; the next line still works. Exit status 2 \
            for a language with no lexicon.
            """
    )

    @Option(help: "The language (en, de, fr, …): which lexicon; again for more languages at once.")
    var language: [String]

    @Option(help: "How many candidates to answer with.")
    var count = 3

    func validate() throws {
        try SuggestCommand.checkCount(count)
        try SuggestCommand.checkLanguages(language)
    }

    func run() throws {
        let lexicons = try language.map { try SuggestCommand.lexicon(language: $0, command: "swipe") }
        let library = LayoutLibrary.installed
        var decoders: [String: GestureDecoder] = [:]
        func decoder(layout id: String, width: Double, height: Double) throws(LineProblem) -> GestureDecoder {
            let key = "\(id) \(width) \(height)"
            if let decoder = decoders[key] { return decoder }
            let layout: KeyboardLayout
            do { layout = try library.load(id) } catch {
                // One line per problem of the layout's (each already one line).
                throw LineProblem(problemLines(error).map { "layout: \($0)" }.joined(separator: "\n"))
            }
            let arrangement = KeyboardArrangement(layout: layout)
            arrangement.resize(width: width, height: height, orientation: Orientation(hostWidth: width, hostHeight: height))
            let decoder = GestureDecoder(lexicons: lexicons, geometry: arrangement.geometry)
            if decoders.count > 16 { decoders.removeAll() }
            decoders[key] = decoder
            return decoder
        }
        SuggestCommand.eachLine(limit: LineProtocol.maximumSwipeLine, command: "swipe", refused: LineProtocol.noCandidates) { line, number in
            let (answer, problem) = LineProtocol.swipe(for: line, count: count, decoder: decoder)
            for line in problem?.split(separator: "\n") ?? [] { reportProblem("clavis swipe: line \(number): \(line)") }
            return answer
        }
    }
}
