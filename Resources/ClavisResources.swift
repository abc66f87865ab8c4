/// The files in `Resources/` that Clavis reads at run time (the key clicks in `sounds/`);
/// `ClavisData.directory(containing:)` finds them in the source tree or an installed copy
/// (`scripts/install.sh` copies them to `share/clavis`, with the desktop entry and icon).
public enum ClavisResources {
    /// The folder of the key-click sounds.
    public static let soundsFolder = "sounds"
}
