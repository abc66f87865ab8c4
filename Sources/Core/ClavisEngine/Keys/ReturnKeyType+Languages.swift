import ClavisLayout

/// The Return key's name for a field in the keyboard's language, so a German keyboard's
/// Return reads "Weiter" beside "Leerzeichen", never "Next".
///
///     ReturnKeyType.next.label(language: "de-DE")   // "Weiter"
///     ReturnKeyType.send.label(language: "tlh")     // "Send"
extension ReturnKeyType {
    /// The label in the language of the BCP 47 tag `language`, English where the table has
    /// none; `nil` for `.default` (the layout's own Return label stands).
    public func label(language: String) -> String? {
        guard self != .default else { return nil }
        guard let names = Self.translations[KeyboardCatalog.baseLanguage(language)], let index = Self.translated.firstIndex(of: self) else { return label }
        return names[index]
    }

    /// The types the table names, in its columns' order.
    private static let translated: [ReturnKeyType] = [.go, .search, .join, .next, .route, .send, .done, .emergencyCall, .continue]

    /// Go, Search, Join, Next, Route, Send, Done, Emergency, Continue, as phone keyboards in
    /// each language name them.
    private static let translations: [String: [String]] = [
        "de": ["Los", "Suchen", "Beitreten", "Weiter", "Route", "Senden", "Fertig", "Notruf", "Weiter"],
        "fr": ["Aller", "Rechercher", "Rejoindre", "Suivant", "Itinéraire", "Envoyer", "OK", "Urgence", "Continuer"],
        "es": ["Ir", "Buscar", "Unirse", "Siguiente", "Ruta", "Enviar", "OK", "Emergencia", "Continuar"],
        "it": ["Vai", "Cerca", "Unisciti", "Avanti", "Percorso", "Invia", "Fine", "Emergenza", "Continua"],
        "pt": ["Ir", "Buscar", "Entrar", "Seguinte", "Rota", "Enviar", "OK", "Emergência", "Continuar"],
        "nl": ["Ga", "Zoek", "Deelnemen", "Volgende", "Route", "Stuur", "Gereed", "Noodoproep", "Ga door"],
        "pl": ["Idź", "Szukaj", "Dołącz", "Dalej", "Trasa", "Wyślij", "Gotowe", "Alarm", "Kontynuuj"],
        "ru": ["Пуск", "Найти", "Войти", "Далее", "Маршрут", "Отпр.", "Готово", "SOS", "Далее"],
        "sv": ["Kör", "Sök", "Anslut", "Nästa", "Rutt", "Skicka", "Klar", "Nödsamtal", "Fortsätt"],
        "ja": ["開く", "検索", "接続", "次へ", "経路", "送信", "完了", "緊急", "続ける"],
    ]
}
