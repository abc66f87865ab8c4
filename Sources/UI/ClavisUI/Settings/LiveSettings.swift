import ClavisEngine
import ClavisFiles
import ClavisLayout
import ClavisSettings
import GtkKit

/// The settings file, loaded and watched: a change saved by another process (the settings
/// window, `clavis settings --set`) reaches the running keyboard within moments.
///
///     let live = LiveSettings(store: SettingsStore(file: SettingsStore.defaultFile()))
///     live.onChange = { settings in apply(settings) }
@MainActor
public final class LiveSettings {
    public let store: SettingsStore
    public private(set) var settings: Settings
    /// Called after the file changed on disk and was read again (not for the first load).
    public var onChange: ((Settings) -> Void)?
    private var watcher: FileWatcher?

    public init(store: SettingsStore) {
        self.store = store
        settings = store.load()
        try? Files.createDirectories(Path.parent(of: store.file))
        watcher = FileWatcher(path: store.file) { [weak self] in self?.reload() }
    }

    /// Reads the file again; reports a real change only.
    public func reload() {
        let fresh = store.load(known: settings)
        guard fresh != settings else { return }
        settings = fresh
        onChange?(fresh)
    }

    /// Changes and saves the settings (they reach other processes through the file).
    public func update(_ change: (inout Settings) -> Void) {
        var changed = settings
        change(&changed)
        guard changed != settings else { return }
        settings = changed
        do {
            try store.save(changed)
        } catch {
            store.warn("cannot save \(error)")
        }
    }
}
