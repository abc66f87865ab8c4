import ClavisEngine
import TestSupport
import Testing

@MainActor
@Suite struct DwellTests {
    let scheduler = ManualScheduler()
    let dwell: Dwell
    let fired = Box()

    final class Box { var targets: [Dwell.Target] = [] }

    init() {
        dwell = Dwell(scheduler: scheduler)
        let fired = fired
        dwell.onFire = { fired.targets.append($0) }
    }

    @Test func restingForTheDwellTimePressesOnceAndShowsProgress() {
        dwell.moved(x: 10, y: 10, over: .key("q"))
        scheduler.advance(by: 0.4)
        #expect(dwell.progress?.target == .key("q"))
        #expect(abs((dwell.progress?.fraction ?? 0) - 0.5) < 0.01)
        dwell.moved(x: 14, y: 12, over: .key("q"))
        scheduler.advance(by: 0.41)
        #expect(fired.targets == [.key("q")], "jitter inside the key does not restart the time")
        #expect(dwell.progress == nil)
        scheduler.advance(by: 5)
        dwell.moved(x: 15, y: 13, over: .key("q"))
        scheduler.advance(by: 5)
        #expect(fired.targets == [.key("q")], "resting on does not press again")
    }

    @Test func movingOffOrFarEnoughReArms() {
        dwell.moved(x: 10, y: 10, over: .key("q"))
        scheduler.advance(by: 0.8)
        dwell.moved(x: 30, y: 10, over: .key("q"))
        scheduler.advance(by: 0.8)
        #expect(fired.targets == [.key("q"), .key("q")], "20 points away on the same key: a second press")
        dwell.moved(x: 60, y: 10, over: .key("w"))
        scheduler.advance(by: 0.5)
        dwell.moved(x: 30, y: 10, over: .key("q"))
        scheduler.advance(by: 0.5)
        #expect(fired.targets.count == 2, "the time restarts on each new key")
        scheduler.advance(by: 0.3)
        #expect(fired.targets == [.key("q"), .key("q"), .key("q")], "back on q after leaving it: armed again")
        dwell.moved(x: 30, y: 10, over: nil)
        scheduler.advance(by: 5)
        #expect(fired.targets.count == 3 && scheduler.pendingCount == 0)
    }

    @Test func thePauseTargetStopsAndResumesDwelling() {
        dwell.dwellTime = 1.5
        dwell.moved(x: 0, y: 0, over: .pause)
        scheduler.advance(by: 1.5)
        #expect(dwell.isPaused && fired.targets.isEmpty)
        dwell.moved(x: 40, y: 10, over: .key("q"))
        scheduler.advance(by: 3)
        #expect(fired.targets.isEmpty && dwell.progress == nil, "paused: keys do not dwell")
        dwell.moved(x: 0, y: 0, over: .pause)
        scheduler.advance(by: 1.5)
        #expect(!dwell.isPaused)
        dwell.moved(x: 40, y: 10, over: .key("q"))
        scheduler.advance(by: 1.5)
        #expect(fired.targets == [.key("q")])
    }

    @Test func leavingTheKeyboardCancels() {
        dwell.moved(x: 10, y: 10, over: .suggestion(1))
        scheduler.advance(by: 0.7)
        dwell.left()
        scheduler.advance(by: 1)
        #expect(fired.targets.isEmpty && dwell.progress == nil)
    }
}
