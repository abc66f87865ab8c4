import ClavisEngine
import ClavisHost
import Testing
import TestSupport

@MainActor
@Suite struct AutoShowTests {
    let scheduler = ManualScheduler()

    func autoShow(recording log: @escaping (String) -> Void) -> AutoShow {
        let autoShow = AutoShow(scheduler: scheduler)
        autoShow.onShow = { log("show") }
        autoShow.onHide = { log("hide") }
        return autoShow
    }

    @Test func showsAtOnceAndHidesAfterTheDelay() {
        var log: [String] = []
        let autoShow = autoShow { log.append($0) }
        autoShow.focusMoved(toTextField: true)
        #expect(log == ["show"])
        autoShow.focusMoved(toTextField: false)
        scheduler.advance(by: 0.29)
        #expect(log == ["show"])
        scheduler.advance(by: 0.02)
        #expect(log == ["show", "hide"])
    }

    @Test func movingBetweenFieldsDoesNotBlink() {
        var log: [String] = []
        let autoShow = autoShow { log.append($0) }
        autoShow.focusMoved(toTextField: true)
        autoShow.focusMoved(toTextField: false)
        scheduler.advance(by: 0.1)
        autoShow.focusMoved(toTextField: true)
        scheduler.advance(by: 1)
        #expect(log == ["show", "show"])
    }

    @Test func aHardwareKeyboardInUseKeepsItHiddenWhenThePauseIsOn() {
        var log: [String] = []
        let autoShow = autoShow { log.append($0) }
        autoShow.focusMoved(toTextField: true)
        autoShow.hardwareKeyPressed()
        #expect(log == ["show"], "off by default: another keyboard's keys change nothing")

        autoShow.pausesForHardwareKeyboard = true
        autoShow.hardwareKeyPressed()
        #expect(log == ["show", "hide"], "typing on it hides the keyboard at once")
        autoShow.hardwareKeyPressed()
        autoShow.focusMoved(toTextField: false)
        autoShow.focusMoved(toTextField: true)
        #expect(log == ["show", "hide"], "another field while the hardware keyboard is in use: still hidden")
        scheduler.advance(by: 19)
        autoShow.hardwareKeyPressed()
        scheduler.advance(by: 19)
        autoShow.focusMoved(toTextField: true)
        #expect(log == ["show", "hide"], "each key keeps it in use")
        scheduler.advance(by: 2)
        autoShow.focusMoved(toTextField: true)
        #expect(log == ["show", "hide", "show"], "20 s without its keys: put away, fields show the keyboard again")

        autoShow.pausesForHardwareKeyboard = false
        autoShow.hardwareKeyPressed()
        #expect(log == ["show", "hide", "show"], "the setting turned off applies at once")
    }
}
