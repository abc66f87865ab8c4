#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables, read from the C library's `environ`.
///
///     Environment.variables["HOME"]   // "/home/ann"
public enum Environment {
    /// Every variable, by name (of a name set twice, the first, as `getenv` reads it).
    public static var variables: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }
}
