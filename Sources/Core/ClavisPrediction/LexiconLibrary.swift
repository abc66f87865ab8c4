#if canImport(Glibc)
import Glibc
#endif
import ClavisFiles

/// Finds a language's lexicon file among the places lexicons are installed.
///
///     let library = LexiconLibrary(directories: ["/usr/share/clavis/text"])
///     let english = try library.load(language: "en-US")   // reads en.clx
public struct LexiconLibrary: Sendable {
    public let directories: [String]

    public init(directories: [String]) {
        self.directories = directories
    }

    /// The lexicon file name for a BCP 47 tag: its primary language ("de-CH" → "de.clx").
    public static func fileName(language: String) -> String {
        let primary = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? language
        return primary.lowercased() + ".clx"
    }

    /// The path of the language's lexicon, if one is installed.
    public func path(language: String) -> String? {
        let name = Self.fileName(language: language)
        guard name != ".clx", !name.contains("/") else { return nil }
        return directories.map { $0 + "/" + name }.first { access($0, R_OK) == 0 }
    }

    /// The languages with a lexicon installed in any of the directories, sorted: `["de", "en", "es"]`
    /// for de.clx, en.clx and es.clx. A directory that cannot be read adds none.
    public var languages: [String] {
        var found = Set<String>()
        for directory in directories {
            guard let names = try? Files.contents(ofDirectory: directory) else { continue }
            for name in names where name.hasSuffix(".clx") && name.count > 4 {
                let language = String(name.dropLast(4))
                if Self.fileName(language: language) == name { found.insert(language) }
            }
        }
        return found.sorted()
    }

    /// Maps the language's lexicon, or throws naming where it looked.
    public func load(language: String) throws(LexiconError) -> Lexicon {
        guard let path = path(language: language) else { throw .unknownLanguage(language, searched: directories) }
        return try Lexicon(path: path)
    }
}
