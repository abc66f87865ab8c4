import ClavisLayout
import Testing

@Suite struct DesktopKeyboardsTests {
    let installed: Set<String> = ["us", "de", "fr", "ja", "emoji"]

    @Test func theXServersLayoutsInOrderThenEmoji() {
        #expect(DesktopKeyboards.ids(xkbLayouts: "de,ru", xkbVariants: ",", locale: "en_US.UTF-8", installed: installed)
            == ["de", "xkb:ru", "emoji"])
        #expect(DesktopKeyboards.ids(xkbLayouts: "de", xkbVariants: "neo", locale: nil, installed: installed) == ["xkb:de(neo)", "emoji"])
        #expect(DesktopKeyboards.ids(xkbLayouts: "jp,us", xkbVariants: nil, locale: nil, installed: installed) == ["ja", "us", "emoji"])
    }

    @Test func theLocaleWhenNoLayoutIsConfigured() {
        #expect(DesktopKeyboards.ids(xkbLayouts: nil, xkbVariants: nil, locale: "fr_FR.UTF-8", installed: installed) == ["fr", "emoji"])
        #expect(DesktopKeyboards.ids(xkbLayouts: "", xkbVariants: "", locale: "ru_RU.UTF-8", installed: installed) == ["xkb:ru", "emoji"])
        #expect(DesktopKeyboards.ids(xkbLayouts: nil, xkbVariants: nil, locale: "en_GB.UTF-8", installed: installed) == ["us", "emoji"])
        #expect(DesktopKeyboards.ids(xkbLayouts: nil, xkbVariants: nil, locale: "C.UTF-8", installed: installed) == ["us", "emoji"])
    }

    @Test func withoutEmojiDataTheKeyboardsAlone() {
        #expect(DesktopKeyboards.ids(xkbLayouts: "us", xkbVariants: "", locale: nil, installed: ["us"]) == ["us"])
    }

    @Test func theLoadedKeymapsSymbolsNameGivesItsLayouts() {
        #expect(DesktopKeyboards.layouts(fromSymbols: "pc+de(neo)+ru:2+inet(evdev)") == ("de,ru", "neo,"))
        #expect(DesktopKeyboards.layouts(fromSymbols: "pc+us+inet(evdev)+group(alt_shift_toggle)") == ("us", ""))
        #expect(DesktopKeyboards.layouts(fromSymbols: "") == ("", ""))
        // Xwayland under GNOME's mutter: the keymap it was handed has no names.
        #expect(DesktopKeyboards.layouts(fromSymbols: "(unnamed)") == ("", ""))
        #expect(DesktopKeyboards.layouts(fromSymbols: "pc+(unnamed)+us") == ("us", ""))
    }
}
