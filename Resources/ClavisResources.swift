/// The files in `Resources/` that Clavis reads at run time (the key clicks in `sounds/`),
/// shipped as this target's resource bundle; `ClavisData.directory(containing:)` finds them
/// wherever the binary runs. The desktop entry and icon beside them are installed by
/// `scripts/install.sh` instead.
public enum ClavisResources {
    /// The name SwiftPM gives this target's resource bundle.
    public static let bundleName = "Clavis_ClavisResources.resources"
}
