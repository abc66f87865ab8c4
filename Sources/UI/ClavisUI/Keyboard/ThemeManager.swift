import ClavisData
import ClavisEngine
import ClavisFiles
import ClavisLayout
import ClavisThemes
import GtkKit

/// Loads keyboard themes — ordinary GTK CSS files — and keeps the last good one.
///
/// A theme is a built-in name (`light`, `dark`, `high-contrast`), a name from
/// `$XDG_DATA_HOME/clavis/themes/NAME.css` (which wins over a built-in of that name), or a
/// file. A theme with a CSS error is reported with its file and line (GtkCssProvider's
/// parsing-error) and not applied: the keyboard keeps the theme it had. The file is watched,
/// and a saved change is applied at once.
///
///     let themes = ThemeManager()
///     themes.load("dark")
@MainActor
public final class ThemeManager {
    /// The file of the theme in use.
    public private(set) var current: String?
    /// Where problems are reported (standard error by default).
    public var onProblem: (String) -> Void = { reportProblem("clavis: \($0)") }
    /// Called after a theme is applied (so views redraw).
    public var onChange: (() -> Void)?
    private var provider: UnsafeMutablePointer<GtkCssProvider>?
    private var watcher: FileWatcher?

    public init() {}

    /// The built-in theme that follows the desktop: dark when GTK prefers a dark theme.
    public static func systemDefault() -> String {
        if let theme = Environment.variables["GTK_THEME"], theme.lowercased().contains(":dark") { return "dark" }
        return (desktopPrefersDark ?? preferDarkSetting()) ? "dark" : "light"
    }

    /// The desktop's own dark preference, as it was before a theme set the windows' (`load`).
    private static var desktopPrefersDark: Bool?

    /// GTK's `gtk-application-prefer-dark-theme` now.
    private static func preferDarkSetting() -> Bool {
        guard let settings = gtk_settings_get_default() else { return false }
        var value = GValue()
        g_value_init(&value, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_BOOLEAN
        g_object_get_property(UnsafeMutablePointer(OpaquePointer(settings)), "gtk-application-prefer-dark-theme", &value)
        let prefersDark = g_value_get_boolean(&value) != 0
        g_value_unset(&value)
        return prefersDark
    }

    /// The windows around the keyboard (the demo's form, the handle strip) take the built-in
    /// theme's side: dark under the dark and high-contrast keyboards, light under the light
    /// one; a theme of the user's leaves the desktop's choice alone.
    private static func matchWindows(to theme: String) {
        let dark: Bool
        switch theme {
        case "dark", "high-contrast": dark = true
        case "light": dark = false
        default: return
        }
        guard let settings = gtk_settings_get_default() else { return }
        if desktopPrefersDark == nil { desktopPrefersDark = preferDarkSetting() }
        guard preferDarkSetting() != dark else { return }
        var value = GValue()
        g_value_init(&value, GType(5 << G_TYPE_FUNDAMENTAL_SHIFT))  // G_TYPE_BOOLEAN
        g_value_set_boolean(&value, dark ? 1 : 0)
        g_object_set_property(UnsafeMutablePointer(OpaquePointer(settings)), "gtk-application-prefer-dark-theme", &value)
        g_value_unset(&value)
    }

    /// The user's themes folder (`~/.local/share/clavis/themes`).
    nonisolated public static func userFolder(environment: [String: String] = Environment.variables) -> String {
        Path.join(UserDirectories(environment: environment).clavisData, "themes")
    }

    /// Every theme by name: the built-in ones (light, dark, high-contrast), then the user's
    /// CSS files, each name once.
    nonisolated public static func available(environment: [String: String] = Environment.variables) -> [String] {
        let builtIn = ClavisData.directory(containing: "themes").map { Path.join($0, "themes") }
        var names: [String] = []
        for folder in [builtIn, userFolder(environment: environment)].compactMap({ $0 }) {
            let files = ((try? Files.contents(ofDirectory: folder)) ?? []).filter { $0.hasSuffix(".css") }.sorted()
            for file in files where !names.contains(String(file.dropLast(4))) { names.append(String(file.dropLast(4))) }
        }
        let order = ["light", "dark", "high-contrast"]
        return names.filter(order.contains).sorted { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! } + names.filter { !order.contains($0) }
    }

    /// A style context for drawing a preview in the theme in `file`, apart from the screen's
    /// theme; `nil` when the file does not parse.
    public static func previewStyle(file: String) -> UnsafeMutablePointer<GtkStyleContext>? {
        guard let provider = parse(file).provider, let style = gtk_style_context_new() else { return nil }
        if let screen = gdk_screen_get_default() { gtk_style_context_set_screen(style, screen) }
        let path = gtk_widget_path_new()
        gtk_widget_path_append_type(path, gtk_drawing_area_get_type())
        gtk_style_context_set_path(style, path)
        gtk_widget_path_unref(path)
        // Above the screen's own theme, so the preview shows this one whatever is in use.
        gtk_style_context_add_provider(style, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_USER) + 1)
        g_object_unref(UnsafeMutableRawPointer(provider))
        return style
    }

    /// The file a theme reference names, or `nil`.
    nonisolated public static func file(for reference: String, environment: [String: String] = Environment.variables) -> String? {
        if reference.contains("/") || reference.hasSuffix(".css") {
            let path = UserDirectories.expandingTilde(reference)
            return Files.exists(path) ? path : nil
        }
        let candidates = [Path.join(UserDirectories(environment: environment).clavisData, "themes/\(reference).css")]
            + (ClavisData.directory(containing: "themes").map { [Path.join($0, "themes/\(reference).css")] } ?? [])
        return candidates.first(where: Files.exists)
    }

    /// Applies a theme ("system" follows the desktop). Returns whether it was applied; on
    /// failure the previous theme stays and the problem is reported.
    @discardableResult
    public func load(_ reference: String) -> Bool {
        let name = reference == "system" ? Self.systemDefault() : reference
        guard let file = Self.file(for: name) else {
            onProblem("no theme '\(reference)' (built-in: light, dark, high-contrast; or a .css file)")
            return false
        }
        guard apply(file) else { return false }
        Self.matchWindows(to: name)
        watcher = FileWatcher(path: file) { [weak self] in
            guard let self, let current = self.current else { return }
            self.apply(current)
        }
        return true
    }

    /// Every problem in a theme file, as `FILE:LINE:COLUMN: error: message`; empty when it
    /// is clean. Nothing is applied, and no display is needed (`clavis check`).
    public static func problems(inFile path: String) -> [String] {
        let (problems, provider) = parse(path)
        provider.map { g_object_unref(UnsafeMutableRawPointer($0)) }
        return problems
    }

    /// The problems in a theme file, and the parsed provider when there are none.
    private static func parse(_ path: String) -> (problems: [String], provider: UnsafeMutablePointer<GtkCssProvider>?) {
        let bytes: [UInt8]
        do {
            bytes = try Files.read(path, limit: ThemeScan.maximumSize)
        } catch where error.code == EFBIG {
            return ([ThemeScan.tooLarge(path)], nil)
        } catch {
            return (["\(path): error: cannot read the file (\(error.reason))"], nil)
        }
        let scanned = ThemeScan.problems(in: bytes, file: path)
        guard scanned.isEmpty else { return (scanned, nil) }
        let fresh = gtk_css_provider_new()!
        var problems: [String] = []
        Signal.connect(fresh, "parsing-error", cssError: { line, column, message in
            problems.append("\(path):\(line):\(column): error: \(message)")
        })
        var error: UnsafeMutablePointer<GError>?
        let loaded = gtk_css_provider_load_from_path(fresh, path, &error)
        if let error {
            if problems.isEmpty { problems.append("\(path): error: \(String(cString: error.pointee.message))") }
            g_error_free(error)
        }
        guard loaded != 0, problems.isEmpty else {
            g_object_unref(UnsafeMutableRawPointer(fresh))
            return (problems, nil)
        }
        return ([], fresh)
    }

    /// Parses `file` into a new provider; swaps it in only if it parsed cleanly.
    @discardableResult
    private func apply(_ file: String) -> Bool {
        guard let screen = gdk_screen_get_default() else { return false }
        let (problems, parsed) = Self.parse(file)
        guard let fresh = parsed else {
            for problem in problems { onProblem(problem) }
            onProblem(current.map { "keeping the theme \(Path.lastComponent(of: $0))" } ?? "keeping the built-in look")
            return false
        }
        if let provider {
            gtk_style_context_remove_provider_for_screen(screen, OpaquePointer(provider))
            g_object_unref(UnsafeMutableRawPointer(provider))
        }
        gtk_style_context_add_provider_for_screen(screen, OpaquePointer(fresh), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        provider = fresh
        current = file
        onChange?()
        return true
    }
}
