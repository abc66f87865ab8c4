import ClavisFuzzing
import ClavisKkc
import ClavisLineProtocols

/// The fuzz targets whose readers sit on a platform adapter: `compose` (libkkc converts each
/// line, as `clavis compose` does, 20 sentences considered) and `input-method` (what a
/// Wayland compositor or ibus-daemon tells the input method, through its proxy). They are
/// kept out of `ClavisFuzzing` so its pure targets build without libkkc.
///
///     PlatformFuzzTargets.register()
///     FuzzTarget.compose.run(Array("nihongo".utf8))
public enum PlatformFuzzTargets {
    /// Gives `FuzzTarget` its platform targets (once is enough; again is harmless).
    public static func register() {
        FuzzTarget.platformRunners[.compose] = { bytes in
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(20) {
                _ = LineProtocol.composition(for: Array(line)) { converter?.convert($0) }
            }
        }
        FuzzTarget.platformRunners[.inputMethod] = { bytes in
            MainActor.assumeIsolated { InputMethodScript.run(bytes) }
        }
    }

    /// libkkc with its model, as `clavis compose` has it; `nil` where it is not installed.
    nonisolated(unsafe) static let converter: KkcConverter? = {
        let converter = try? KkcConverter()
        converter?.bestCount = 20
        return converter
    }()
}
