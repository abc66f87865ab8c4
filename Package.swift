// swift-tools-version:6.0
import PackageDescription

/// Clavis is layered so the architecture can be read off this file:
///
///     ClavisFiles (files, paths, the environment, the XDG folders, standard error) and
///     ClavisFormats (JSON, source locations) → ClavisData, ClavisPrediction, and the layers above
///     ClavisPrediction (suggestions) ──────────┐
///     ClavisSolver → ClavisLayout → ClavisEngine → ClavisSettings → ClavisSession → ClavisHost (host runtime)
///     (CLibYAML ↗)                  (InputMode)                    (InputModePlugin) ↑
///                                           ClavisWordMode, ClavisKanaMode (the input modes) ┘
///     (pure Swift, no GTK: the keyboard as one session, its modes plugged in, the runtime around it)
///     CGtk3 (system library) → GtkKit (thin Swift over GTK) → ClavisUI (views) → clavis (executable:
///     command line, composition root, display adapters over ClavisHost)
///     CLazyCanberra → ClavisSound (clicks)  CX11 → ClavisX11 (typing into other apps over XTest) ↗
///     CWayland → ClavisWayland (typing into Wayland apps as the input method) ↗
///     CLazyIBus → ClavisIBus (typing as an IBus engine: GNOME, and X11 desktops with IBus) ↗
///     (both over ClavisProtocolProxy: the pure text-document proxy of an input method)
///     ClavisJapanese → ClavisKanaKanji (kana–kanji conversion over a mapped model), CLazyXkbRegistry → ClavisXkb
///     (libcanberra, libxkbregistry, libibus and gtk-layer-shell opened on first use, with dlopen)
///
/// Beside them: ClavisDemoForm (the demo's sign-up form), ClavisKeystrokes (X key presses for a
/// text), ClavisLineProtocols (`clavis suggest`/`compose`/`swipe` lines), ClavisThemes (a CSS
/// theme checked before GTK reads it), ClavisSolverFile (`clavis solve`'s JSON), and
/// ClavisFuzzTargets (every pure reader of outside input as a fuzz target, the input method's
/// proxy among them) for clavis-fuzz and the corpus tests.
///
/// Nothing below GtkKit imports GTK, and the only C library a pure target uses is libyaml; the
/// C adapters (ClavisSound, ClavisX11, ClavisWayland, ClavisIBus, ClavisXkb) implement the
/// engine's protocols and hold no keyboard logic. The session's dependencies (scheduler,
/// input modes, stores, layout library, sound player) are made in `clavis` and handed in. No app
/// target imports Foundation: it and ICU would cost megabytes. FoundationEssentials only in
/// developer commands (`clavis solve`, `clavis layout --json`): files go through ClavisFiles
/// and JSON through ClavisFormats, so a keyboard process runs none of its code.
let package = Package(
    name: "Clavis",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "clavis", targets: ["clavis"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        // Pure Swift: the constraint solver. No Foundation, no GTK.
        .target(name: "ClavisSolver", path: "Sources/Core/ClavisSolver"),
        // The JSON file of a constraint system that `clavis solve` reads (and a fuzzer feeds).
        .target(name: "ClavisSolverFile", dependencies: ["ClavisSolver", "ClavisFormats"], path: "Sources/Core/ClavisSolverFile"),
        // Pure Swift: files read and written, folders listed, the environment, over the C
        // library (Foundation's URL, Data and FileManager are not paged into the keyboard).
        .target(name: "ClavisFiles", dependencies: ["ClavisFormats"], path: "Sources/Core/ClavisFiles"),
        // Where the data Clavis ships (data/layouts, data/themes, Resources/sounds) is found: read
        // in place from the source tree or an installed copy, not through resource bundles
        // (their generated accessor needs Foundation). data/wayland holds protocol XML for
        // scripts/wayland-scanner.sh.
        .target(name: "ClavisData", dependencies: ["ClavisFiles"], path: "data", exclude: ["layouts", "themes", "wayland", "gnome-shell"]),
        // Pure Swift: the text formats several layers read (JSON, positions in a file, CSS
        // comments), with no dependency of their own.
        .target(name: "ClavisFormats", path: "Sources/Core/ClavisFormats"),
        // Pure Swift: layout files and key geometry.
        // libyaml as a C module (Debian libyaml-dev): layout files are YAML.
        .systemLibrary(name: "CLibYAML", path: "Sources/Core/CLibYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .target(name: "ClavisLayout", dependencies: ["ClavisSolver", "ClavisFormats", "ClavisFiles", "ClavisData", "CLibYAML"], path: "Sources/Core/ClavisLayout"),
        // Pure Swift: what a key press means, and the text-document proxy.
        .target(name: "ClavisEngine", dependencies: ["ClavisFormats", "ClavisFiles", "ClavisLayout", "ClavisPrediction"], path: "Sources/Core/ClavisEngine"),
        // Pure Swift: the user's settings and the file that keeps them.
        .target(name: "ClavisSettings", dependencies: ["ClavisEngine", "ClavisFormats", "ClavisLayout", "ClavisFiles"], path: "Sources/Core/ClavisSettings"),
        // Pure Swift: the keyboard session every host talks to (keyboards shown, touches,
        // the bar, engines loaded and let go), its dependencies handed in.
        .target(name: "ClavisSession", dependencies: ["ClavisEngine", "ClavisSettings", "ClavisLayout", "ClavisPrediction"], path: "Sources/Core/ClavisSession"),
        // Pure Swift: the host runtime every display adapter runs the keyboard through (the
        // session, its surface, auto-show, show/hide/toggle, settings followed live).
        .target(name: "ClavisHost", dependencies: ["ClavisSession", "ClavisSettings", "ClavisEngine", "ClavisLayout", "ClavisFiles", "ClavisFormats"], path: "Sources/Core/ClavisHost"),
        // Pure Swift: the input modes, each plugged into the session by the composition root.
        // Words: the suggestion bar, corrections, learned and swiped words.
        .target(name: "ClavisWordMode", dependencies: ["ClavisSession", "ClavisEngine", "ClavisSettings", "ClavisLayout", "ClavisPrediction"], path: "Sources/Modes/ClavisWordMode"),
        // Japanese: romaji and kana composed, converted to kanji, conversions remembered.
        .target(name: "ClavisKanaMode", dependencies: ["ClavisSession", "ClavisEngine", "ClavisSettings", "ClavisLayout", "ClavisPrediction", "ClavisJapanese"], path: "Sources/Modes/ClavisKanaMode"),
        .target(name: "ClavisHangulMode", dependencies: ["ClavisSession", "ClavisEngine", "ClavisSettings", "ClavisLayout", "ClavisPrediction", "ClavisHangul"], path: "Sources/Modes/ClavisHangulMode"),
        // Pure Swift: typing as an input method (Wayland's input-method protocols, IBus): the
        // text-document proxy over commits, preedit and deletions, the field's state and content type.
        .target(name: "ClavisProtocolProxy", dependencies: ["ClavisEngine", "ClavisLayout", "ClavisKeystrokes"], path: "Sources/Core/ClavisProtocolProxy"),
        // Pure Swift: the demo's sign-up form: which field has focus, where Return takes it,
        // and the form's view model.
        .target(name: "ClavisDemoForm", dependencies: ["ClavisEngine"], path: "Sources/Core/ClavisDemoForm"),
        // Pure Swift: the line protocols of `clavis suggest`, `compose` and `swipe` (a JSON
        // answer per line of input).
        .target(name: "ClavisLineProtocols", dependencies: ["ClavisFormats", "ClavisPrediction"], path: "Sources/Core/ClavisLineProtocols"),
        // Pure Swift: a CSS theme checked before GTK reads it (what it refers to, where it is
        // broken).
        .target(name: "ClavisThemes", dependencies: ["ClavisFiles", "ClavisFormats", "ClavisLayout"], path: "Sources/Core/ClavisThemes"),
        // Pure Swift: completion, correction and prediction over memory-mapped lexicons.
        // The SIGBUS guard of mapped files (a signal handler is C's to write).
        .target(name: "CMapGuard", path: "Sources/Core/CMapGuard"),
        .target(name: "ClavisPrediction", dependencies: ["ClavisFiles", "ClavisFormats", "CMapGuard", "ClavisHangul"], path: "Sources/Core/ClavisPrediction"),
        // Pure Swift: Japanese composition (romaji to kana).
        .target(name: "ClavisJapanese", path: "Sources/Modes/ClavisJapanese"),
        // Pure Swift: Hangul composition (2-set jamo into syllable blocks).
        .target(name: "ClavisHangul", path: "Sources/Core/ClavisHangul"),
        // Pure Swift: kana–kanji conversion over a memory-mapped word trigram model (a lattice,
        // Viterbi and A* n-best; swift-collections' heap).
        .target(name: "ClavisKanaKanji", dependencies: ["ClavisJapanese", "ClavisPrediction", "ClavisLineProtocols", .product(name: "HeapModule", package: "swift-collections")], path: "Sources/Modes/ClavisKanaKanji"),
        // Pure Swift: which X key presses type a text on a given keymap.
        .target(name: "ClavisKeystrokes", path: "Sources/Core/ClavisKeystrokes"),

        // GTK 3 as a C module.
        .systemLibrary(
            name: "CGtk3", path: "Sources/UI/CGtk3",
            pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev", "libgtk-layer-shell-dev"])]
        ),
        // The click player: the sound server's sample cache over PulseAudio's native protocol,
        // or libcanberra (opened at the first click, CLazyCanberra) where no local server answers.
        .target(name: "ClavisSound", dependencies: ["CLazyCanberra", "ClavisEngine", "ClavisFiles", "ClavisData"], path: "Sources/Platform/ClavisSound"),
        // Xlib and XTest as a C module, and the text-document proxy that types into other
        // applications over them.
        .systemLibrary(
            name: "CX11", path: "Sources/Platform/CX11",
            pkgConfig: "xtst",
            providers: [.apt(["libx11-dev", "libxtst-dev", "libxi-dev"])]
        ),
        .target(name: "ClavisX11", dependencies: ["CX11", "ClavisKeystrokes", "ClavisEngine", "ClavisProtocolProxy"], path: "Sources/Platform/ClavisX11"),
        // libwayland-client and the input-method v2 / virtual keyboard v1 glue wayland-scanner
        // generated (checked in; scripts/wayland-scanner.sh regenerates it), and the Wayland
        // adapter over them: the keyboard as the seat's input method, keys through a virtual
        // keyboard.
        .target(name: "CWayland", path: "Sources/Platform/CWayland", linkerSettings: [.linkedLibrary("wayland-client")]),
        .target(name: "ClavisWayland", dependencies: ["CWayland", "ClavisProtocolProxy", "ClavisEngine", "ClavisLayout", "ClavisKeystrokes"], path: "Sources/Platform/ClavisWayland"),
        // libatspi as a C module, and the focused field's text read over it.
        .systemLibrary(
            name: "CAtspi", path: "Sources/Platform/CAtspi",
            pkgConfig: "atspi-2",
            providers: [.apt(["libatspi2.0-dev"])]
        ),
        .target(name: "ClavisAtspi", dependencies: ["CAtspi", "ClavisEngine"], path: "Sources/Platform/ClavisAtspi"),
        // Libraries opened on first use (dlopen), not mapped into every Clavis process:
        // libcanberra (key clicks), libxkbregistry (the list of XKB layouts), libibus (the IBus
        // engine) and gtk-layer-shell (the keyboard's surface on Wayland).
        .target(name: "CLazyLibrary", path: "Sources/Platform/CLazyLibrary"),
        .target(name: "CLazyCanberra", dependencies: ["CLazyLibrary"], path: "Sources/Platform/CLazyCanberra"),
        .target(name: "CLazyXkbRegistry", dependencies: ["CLazyLibrary"], path: "Sources/Platform/CLazyXkbRegistry"),
        .target(name: "CLazyLayerShell", dependencies: ["CLazyLibrary", "CGtk3"], path: "Sources/UI/CLazyLayerShell"),
        // libibus: Clavis as an IBus engine (`clavis keyboard --ibus`, typing on GNOME).
        .target(name: "CLazyIBus", dependencies: ["CLazyLibrary", "CGObject"], path: "Sources/Platform/CLazyIBus"),
        .target(name: "ClavisIBus", dependencies: ["CLazyIBus", "CGio", "ClavisProtocolProxy", "ClavisEngine", "ClavisKeystrokes"], path: "Sources/Platform/ClavisIBus"),
        // GIO's D-Bus, without GTK: the GNOME Shell extension's keyboard device (ClavisIBus's ShellKeyboard).
        .systemLibrary(name: "CGio", path: "Sources/Platform/CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // GLib's object system as a C module (libibus's types), without GTK.
        .systemLibrary(name: "CGObject", path: "Sources/Platform/CGObject", pkgConfig: "gobject-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // libxkbcommon as a C module, and keyboards generated from XKB.
        .systemLibrary(
            name: "CXkb", path: "Sources/Platform/CXkb",
            pkgConfig: "xkbcommon",
            providers: [.apt(["libxkbcommon-dev", "libxkbregistry-dev", "xkb-data"])]
        ),
        .target(name: "ClavisXkb", dependencies: ["CXkb", "CLazyXkbRegistry", "ClavisLayout"], path: "Sources/Platform/ClavisXkb"),
        // The keyboard's drawing area with one ATK object per key (GObject subclasses need C).
        .target(name: "CClavisAccessible", dependencies: ["CGtk3"], path: "Sources/UI/CClavisAccessible"),
        // The thin Swift layer over GTK: casts, signals, main-loop integration.
        .target(name: "GtkKit", dependencies: ["CGtk3"], path: "Sources/UI/GtkKit"),
        // The GTK face of Clavis: the keyboard view, the demo window, the GtkEntry proxy.
        .target(
            name: "ClavisUI",
            dependencies: ["GtkKit", "CGtk3", "CClavisAccessible", "CLazyLayerShell", "ClavisLayout", "ClavisEngine", "ClavisDemoForm", "ClavisThemes", "ClavisPrediction", "ClavisFiles", "ClavisData",
                           "ClavisSession", "ClavisSettings", "ClavisHost"], path: "Sources/UI/ClavisUI"
        ),
        .executableTarget(
            name: "clavis",
            dependencies: [
                "ClavisUI", "ClavisSession", "ClavisSettings", "ClavisFormats", "GtkKit", "CLazyLayerShell", "ClavisSound", "ClavisX11", "ClavisWayland", "ClavisAtspi", "ClavisPrediction", "ClavisFiles", "ClavisData", "ClavisSolverFile",
                "ClavisJapanese", "ClavisKanaKanji", "ClavisXkb", "ClavisKeystrokes", "ClavisWordMode", "ClavisKanaMode", "ClavisHangulMode", "ClavisHost", "ClavisLineProtocols", "ClavisProtocolProxy",
                "ClavisIBus",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ], path: "Sources/App/clavis"
        ),

        // Build-time tool: TSV sources (scripts/text-data.py, scripts/kana-kanji-data.py) to
        // memory-mapped lexicons and the kana–kanji model.
        .executableTarget(
            name: "clavis-lexicon",
            dependencies: ["ClavisPrediction", "ClavisKanaKanji", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/Tools/ClavisLexiconTool"
        ),

        // Every reader of outside input as a fuzz target (pure Swift), and libFuzzer's
        // executable over them (scripts/fuzz.sh builds it with -sanitize=fuzzer,address).
        .target(name: "ClavisFuzzTargets", dependencies: ["ClavisLayout", "ClavisEngine", "ClavisSettings", "ClavisFormats", "ClavisPrediction", "ClavisSolverFile",
                                                "ClavisLineProtocols", "ClavisThemes", "ClavisKanaKanji", "ClavisData", "ClavisHost", "ClavisProtocolProxy", "ClavisHangul", "ClavisHangulMode"], path: "Sources/Tools/ClavisFuzzTargets"),
        .executableTarget(name: "clavis-fuzz", dependencies: ["ClavisFuzzTargets"], path: "Sources/Tools/ClavisFuzz"),

        // Seeded generators of constraint systems, shared by tests and benchmarks.
        .target(name: "ClavisWorkloads", dependencies: ["ClavisSolver"], path: "Sources/Tools/ClavisWorkloads"),

        // The benchmarks (release builds, printed tables; not tests).
        .executableTarget(
            name: "clavis-bench",
            dependencies: [
                "ClavisSolver", "ClavisLayout", "ClavisEngine", "ClavisSession", "ClavisSettings", "ClavisUI", "ClavisWorkloads", "ClavisKeystrokes", "ClavisX11", "ClavisPrediction", "ClavisData",
                "ClavisJapanese", "ClavisKanaKanji", "ClavisWordMode", "ClavisKanaMode", "ClavisHangulMode", "ClavisXkb", "TestSupport", "PlatformTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Tools/ClavisBench"
        ),

        // Reusable fakes for tests: in-memory documents, clocks, recorders. Pure, so the pure
        // targets' tests build no platform code.
        .target(name: "TestSupport", dependencies: ["ClavisEngine", "ClavisProtocolProxy", "ClavisPrediction", "ClavisJapanese", "ClavisLayout", "ClavisKeystrokes"], path: "Tests/TestSupport"),
        // The fakes of the platform adapters: a recording input method and key sender, a
        // Wayland virtual pointer.
        .target(name: "PlatformTestSupport", dependencies: ["ClavisEngine", "ClavisLayout", "ClavisWayland", "CWayland", "ClavisKeystrokes", "ClavisX11"],
                path: "Tests/PlatformTestSupport"),
        .testTarget(name: "ClavisSolverTests", dependencies: ["ClavisSolver", "ClavisWorkloads"]),
        .testTarget(name: "ClavisFilesTests", dependencies: ["ClavisFiles", "ClavisLayout"]),
        .testTarget(name: "ClavisLineProtocolsTests", dependencies: ["ClavisLineProtocols", "ClavisPrediction", "TestSupport"]),
        .testTarget(name: "ClavisThemesTests", dependencies: ["ClavisThemes"]),
        .testTarget(name: "ClavisFormatsTests", dependencies: ["ClavisFormats"]),
        .testTarget(name: "ClavisLayoutTests", dependencies: ["ClavisLayout", "ClavisWorkloads"]),
        .testTarget(name: "ClavisEngineTests", dependencies: ["ClavisEngine", "ClavisPrediction", "ClavisJapanese", "ClavisWorkloads", "TestSupport"]),
        .testTarget(name: "ClavisSettingsTests", dependencies: ["ClavisSettings", "ClavisFormats", "ClavisLayout", "ClavisEngine"]),
        .testTarget(name: "ClavisSessionTests", dependencies: ["ClavisSession", "ClavisSettings", "ClavisFiles", "ClavisEngine", "ClavisLayout", "ClavisPrediction", "ClavisJapanese", "ClavisWordMode", "ClavisKanaMode", "TestSupport"]),
        .testTarget(name: "ClavisHostTests", dependencies: ["ClavisHost", "ClavisSession", "ClavisSettings", "ClavisEngine", "ClavisLayout", "TestSupport"]),
        .testTarget(name: "ClavisWordModeTests", dependencies: ["ClavisWordMode", "ClavisSession", "ClavisSettings", "ClavisEngine", "ClavisLayout", "ClavisPrediction", "TestSupport"]),
        .testTarget(name: "ClavisKanaModeTests", dependencies: ["ClavisKanaMode", "ClavisSession", "ClavisSettings", "ClavisEngine", "ClavisLayout", "ClavisPrediction", "ClavisJapanese", "TestSupport"]),
        .testTarget(name: "ClavisPredictionTests", dependencies: ["ClavisPrediction", "TestSupport"]),
        .testTarget(name: "ClavisJapaneseTests", dependencies: ["ClavisJapanese"]),
        .testTarget(name: "ClavisHangulTests", dependencies: ["ClavisHangul"]),
        .testTarget(name: "ClavisHangulModeTests", dependencies: ["ClavisHangulMode", "ClavisSession", "ClavisSettings", "ClavisEngine", "ClavisLayout", "ClavisPrediction", "TestSupport"]),
        .testTarget(name: "ClavisKanaKanjiTests", dependencies: ["ClavisKanaKanji", "ClavisJapanese", "ClavisData", "ClavisLineProtocols", "TestSupport"]),
        .testTarget(name: "ClavisXkbTests", dependencies: ["ClavisXkb", "ClavisLayout"]),
        .testTarget(name: "CLazyLibraryTests", dependencies: ["CLazyLibrary", "CLazyLayerShell"]),
        .testTarget(name: "ClavisSoundTests", dependencies: ["ClavisSound", "ClavisLayout"]),
        .testTarget(name: "ClavisWaylandTests", dependencies: ["ClavisWayland", "ClavisProtocolProxy", "CXkb", "ClavisEngine", "ClavisKanaMode", "ClavisLayout", "ClavisJapanese", "TestSupport", "PlatformTestSupport"]),
        .testTarget(name: "ClavisProtocolProxyTests", dependencies: ["ClavisProtocolProxy", "ClavisEngine", "ClavisKanaMode", "ClavisKeystrokes", "TestSupport"]),
        .testTarget(name: "ClavisDemoFormTests", dependencies: ["ClavisDemoForm", "TestSupport"]),
        .testTarget(name: "ClavisKeystrokesTests", dependencies: ["ClavisKeystrokes", "ClavisWorkloads", "TestSupport"]),
        .testTarget(name: "ClavisX11Tests", dependencies: ["ClavisX11", "ClavisKeystrokes", "ClavisEngine", "TestSupport", "PlatformTestSupport"]),
        .testTarget(name: "ClavisFuzzTargetsTests", dependencies: ["ClavisFuzzTargets", "ClavisPrediction", "ClavisKanaKanji"], exclude: ["Corpus"]),
        .testTarget(name: "ClavisCLITests", dependencies: ["clavis", "ClavisSolver", "ClavisWorkloads"], exclude: ["Fixtures"]),
        // Helpers holds the C source of a small KWin input client the tests build themselves.
        .testTarget(name: "ClavisUITests", dependencies: ["ClavisUI", "ClavisSession", "ClavisSettings", "ClavisKanaKanji", "ClavisPrediction", "ClavisData", "ClavisXkb", "GtkKit", "CGtk3", "CX11", "ClavisSound", "ClavisX11", "ClavisAtspi", "ClavisWordMode", "ClavisKanaMode", "TestSupport", "PlatformTestSupport"],
                    exclude: ["Helpers"]),
    ],
    swiftLanguageModes: [.v6]
)
