import ClavisEngine
import ClavisLayout
import ClavisSettings

extension KeyboardSession {
    /// Applies settings to the running keyboard: clicks on or off and their volume, the
    /// repeat timing, Full Access, the bar, forgetting what was learned, and the enabled
    /// keyboards (when `loadKeyboards` is given; the command line's `--layout` wins over the
    /// settings, so the host passes `nil` then).
    ///
    ///     live.onChange = { session.apply($0, loadKeyboards: { loadLayouts($0) }) }
    public func apply(_ settings: Settings, loadKeyboards: (([String]) -> [KeyboardLayout])?) {
        dependencies.feedback?.apply(FeedbackPreferences(sounds: settings.soundsEnabled, volumeDecibels: settings.soundVolume))
        tracker.timing = settings.keyTiming
        tracker.caretStep = settings.spaceBarCaretStep
        clipboard.apply(settings)
        hands.apply(settings)
        for mode in dependencies.modes { mode.apply(settings) }
        if controller.mode !== activeMode?.editor { controller.mode = activeMode?.editor }
        access.apply(settings)
        if controller.autoCapitalises != settings.autoCapitalization { controller.autoCapitalises = settings.autoCapitalization }
        learning.apply(settings)
        if let loadKeyboards { keyboards.apply(settings.enabledKeyboards, load: loadKeyboards) }
        barChanged()
    }
}
