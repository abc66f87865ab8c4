import ClavisFormats
/// What is wrong with a settings file: the field, and what its value should be.
///
///     SettingsError(field: "soundVolume", message: "must be from -60 to 0 dB").description
///     // "soundVolume: must be from -60 to 0 dB"
public struct SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field at fault, or `nil` when the file as a whole is.
    public var field: String?
    public var message: String

    public init(field: String?, message: String) {
        self.field = field
        self.message = message
    }

    /// One line: a quoted value holding a newline is escaped (`MessageText`).
    public var description: String { MessageText.escaped(field.map { "\($0): \(message)" } ?? message) }
}
