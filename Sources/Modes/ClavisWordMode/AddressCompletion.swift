import ClavisEngine

/// What the bar offers in email and web-address fields instead of words: the addresses typed
/// there before (with Full Access), then the common mail domains or web endings that finish
/// what is being typed — never ordinary words, which no address is made of.
///
///     AddressCompletion.completions(of: "ada@gm", kind: .email, learned: [])
///     // ["ada@gmail.com", "ada@gmx.de", "ada@gmx.net"]
///     AddressCompletion.completions(of: "example.co", kind: .web, learned: [])
///     // ["example.com", "example.co.uk"]
public enum AddressCompletion {
    /// The two kinds of address field.
    public enum Kind: String, Sendable {
        case email, web

        /// The kind of `keyboardType`'s fields, or `nil` for a field of words.
        public init?(_ keyboardType: KeyboardType) {
            switch keyboardType {
            case .emailAddress: self = .email
            case .url: self = .web
            default: return nil
            }
        }
    }

    /// Mail domains most people's addresses are at, the largest providers first.
    static let mailDomains = [
        "gmail.com", "outlook.com", "hotmail.com", "yahoo.com", "icloud.com", "gmx.de", "gmx.net", "web.de",
        "proton.me", "protonmail.com", "aol.com", "live.com", "me.com", "mail.ru", "yandex.ru", "orange.fr",
        "free.fr", "laposte.net", "libero.it", "t-online.de", "posteo.de", "mailbox.org", "qq.com",
    ]

    /// Endings of web addresses, the commonest first.
    static let webEndings = [".com", ".org", ".net", ".de", ".io", ".co.uk", ".fr", ".eu", ".edu", ".gov", ".info", ".app", ".dev"]

    /// Up to `count` addresses finishing `token` (the address typed so far), learned ones
    /// first, most recent first; the token itself is never offered back.
    public static func completions(of token: String, kind: Kind, learned: [String], count: Int = SuggestionBar.slotCount) -> [String] {
        let lowered = token.lowercased()
        var found = learned.filter { $0.lowercased().hasPrefix(lowered) }
        if !token.isEmpty {
            found += kind == .email ? mailCompletions(of: token, learned: learned) : webCompletions(of: token)
        }
        var seen: Set<String> = [lowered]
        return Array(found.filter { seen.insert($0.lowercased()).inserted }.prefix(count))
    }

    /// `name@do` → `name@domain` for the learned addresses' domains and the common ones.
    private static func mailCompletions(of token: String, learned: [String]) -> [String] {
        guard let at = token.lastIndex(of: "@"), at != token.startIndex else { return [] }
        let name = token[..<at]
        let typed = token[token.index(after: at)...].lowercased()
        let domains = learned.compactMap { address in address.lastIndex(of: "@").map { String(address[address.index(after: $0)...]) } }
        return (domains + mailDomains).filter { $0.lowercased().hasPrefix(typed) }.map { "\(name)@\($0)" }
    }

    /// `example.co` → `example.com`, `example.co.uk`; a bare name → the commonest endings.
    private static func webCompletions(of token: String) -> [String] {
        guard token.allSatisfy({ $0.isLetter || $0.isNumber || "-./:".contains($0) }) else { return [] }
        guard let dot = token.lastIndex(of: ".") else {
            return token.contains(where: \.isLetter) ? webEndings.prefix(3).map { token + $0 } : []
        }
        let stem = token[..<dot]
        let typed = token[dot...].lowercased()
        return webEndings.filter { $0.hasPrefix(typed) }.map { stem + $0 }
    }

    /// Whether `token` is a whole address worth remembering: `name@domain.tld`, or a host
    /// with a dot (`example.com`, `https://example.com/path`).
    ///
    ///     AddressCompletion.isComplete("ada@example.com", kind: .email)   // true
    public static func isComplete(_ token: String, kind: Kind) -> Bool {
        guard !token.isEmpty, token.count <= 254, !token.contains(where: \.isWhitespace) else { return false }
        switch kind {
        case .email:
            let parts = token.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, let dot = parts[1].lastIndex(of: ".") else { return false }
            return dot != parts[1].startIndex && parts[1][parts[1].index(after: dot)...].count >= 2
        case .web:
            guard let dot = token.lastIndex(of: "."), dot != token.startIndex else { return false }
            return token[token.index(after: dot)...].count >= 2
        }
    }

    /// The address being typed: the text after the last space or line break before the caret.
    public static func token(before context: String) -> String {
        String(context.reversed().prefix { !$0.isWhitespace }.reversed())
    }
}
