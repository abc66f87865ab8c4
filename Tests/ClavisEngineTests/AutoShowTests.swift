import ClavisEngine
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
}
