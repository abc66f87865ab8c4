#if canImport(Glibc)
import Glibc
#endif

/// How much of a memory-mapped file this process holds resident: what tests of "lets go of
/// its pages" read (a lexicon, the kana-kanji model).
///
///     ResidentPages.kilobytes(ofMapped: "en.clx")   // 0 after releaseResidentPages()
public enum ResidentPages {
    /// The Rss of every mapping of a file whose path ends in `/name`, in KB (smaps); -1 when
    /// /proc/self/smaps cannot be read.
    public static func kilobytes(ofMapped name: String) -> Int {
        guard let file = fopen("/proc/self/smaps", "r") else { return -1 }
        defer { fclose(file) }
        var total = 0
        var inFile = false
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line).trimmingSuffix("\n")
            // A mapping's header: "start-end perms offset dev inode [path]".
            if text.first.map({ $0.isHexDigit && !$0.isUppercase }) == true, text.contains("-"), text.split(separator: " ").count >= 5 {
                inFile = text.hasSuffix("/" + name)
            } else if inFile, text.hasPrefix("Rss:") {
                total += Int(text.split(separator: " ")[1]) ?? 0
            }
        }
        return total
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
