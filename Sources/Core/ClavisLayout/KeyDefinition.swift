/// One key of a layout: what it shows, what it does, how wide it prefers to be.
///
///     KeyDefinition(id: "e", action: .insert("e"), alternates: ["è", "é", "ê", "ë"])
public struct KeyDefinition: Equatable, Hashable, Sendable {
    /// Unique within its layout; names the key in rows, constraints and themes.
    public var id: String
    /// The text drawn on the key.
    public var label: String
    /// A freedesktop icon name drawn instead of the label, if the theme has it.
    public var icon: String?
    /// What pressing it does.
    public var action: KeyAction
    /// Offered on a long press (accented letters, for example).
    public var alternates: [String]
    /// Extra style classes for the theme (`.key.<class>`).
    public var styles: [String]
    /// The click it makes.
    public var sound: SoundClass
    /// Its width in key units when no constraint sets it.
    public var widthUnits: Double
    /// What flicking it types (kana keys); `nil` for a key that is not flicked.
    public var flicks: Flicks?
    /// What it types with shift (a PC layout's "!" on the 1 key); `nil`: its text in capitals.
    public var shifted: String?

    public init(id: String, label: String? = nil, icon: String? = nil, action: KeyAction,
                alternates: [String] = [], styles: [String] = [], sound: SoundClass? = nil, widthUnits: Double = 1,
                flicks: Flicks? = nil, shifted: String? = nil) {
        self.id = id
        self.label = label ?? action.defaultLabel
        self.icon = icon
        self.action = action
        self.alternates = alternates
        self.styles = styles
        self.sound = sound ?? action.defaultSound
        self.widthUnits = widthUnits
        self.flicks = flicks
        self.shifted = shifted
    }

    /// A key that types its own id (what a single character in a row stands for).
    public static func character(_ text: String) -> KeyDefinition {
        KeyDefinition(id: text, action: .insert(text))
    }
}
