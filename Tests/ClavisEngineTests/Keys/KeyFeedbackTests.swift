import ClavisEngine
import ClavisLayout
import TestSupport
import Testing

@MainActor @Suite struct KeyFeedbackTests {
    @Test func eachEventClicksItsSound() {
        let player = RecordingSoundPlayer()
        let feedback = SoundFeedback(player: player)
        for event: FeedbackEvent in [.key(.delete), .key(.character), .slot, .panelButton, .scanStep] { feedback.give(event) }
        #expect(player.played == [.delete, .character, .character, .modifier, .modifier])
    }

    @Test func thePreferencesTurnTheClicksOffAndSetTheirVolume() {
        let player = RecordingSoundPlayer()
        let feedback = SoundFeedback(player: player)
        feedback.apply(FeedbackPreferences(sounds: false, volumeDecibels: -12))
        feedback.give(.key(.character))
        #expect(player.played.isEmpty)
        #expect(player.volumeDecibels == -12)
        feedback.apply(FeedbackPreferences())
        feedback.give(.slot)
        #expect(player.played == [.character])
    }
}
