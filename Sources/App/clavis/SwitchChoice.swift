import ClavisEngine
import ClavisUI
import ClavisX11
import GtkKit

/// "Press your switch now": the next key or button pressed on any X11 input device, heard
/// through XInput 2 raw events on a connection of its own (nothing is grabbed).
@MainActor
enum SwitchChoice {
    /// The settings window's listener, or `nil` without an X display with XInput 2.
    static func listener() -> SettingsWindow.SwitchListener? {
        guard let connection = try? XConnection(), connection.watchSwitches() else { return nil }
        var source: UInt32?
        return { heard in
            connection.handleEvents()   // what came before the question is not the answer
            connection.onRawInput = { input in
                guard input.pressed else { return }
                connection.onRawInput = nil
                heard(SwitchBinding(kind: input.kind, code: input.code, device: input.device))
            }
            if source == nil {
                source = MainLoop.onReadable(connection.fileDescriptor) {
                    connection.handleEvents()
                    return true
                }
            }
            return { connection.onRawInput = nil }
        }
    }
}
