import ClavisFuzzing

/// The fuzz target whose reader sits on a platform adapter: `input-method` (what a Wayland
/// compositor or ibus-daemon tells the input method, through its proxy). It is kept out of
/// `ClavisFuzzing` so the pure targets build without the Wayland glue.
///
///     PlatformFuzzTargets.register()
///     FuzzTarget.inputMethod.run(bytes)
public enum PlatformFuzzTargets {
    /// Gives `FuzzTarget` its platform targets (once is enough; again is harmless).
    public static func register() {
        FuzzTarget.platformRunners[.inputMethod] = { bytes in
            MainActor.assumeIsolated { InputMethodScript.run(bytes) }
        }
    }
}
