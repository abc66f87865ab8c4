import ClavisEngine
import ClavisDemoForm
import Testing

@MainActor @Suite struct KeyboardObserverTests {
    let docked = KeyboardFrameChange(height: 240, duration: 0.25, isFloating: false)

    @Test func aNewSubscriberHearsTheCurrentFrameAtOnce() {
        let observer = KeyboardObserver()
        observer.publish(docked)
        var heard: [Double] = []
        observer.subscribe { heard.append($0.height) }
        #expect(heard == [240])
    }

    @Test func everySubscriberHearsEachChangeOnce() {
        let observer = KeyboardObserver()
        var first: [Double] = [], second: [Double] = []
        observer.subscribe { first.append($0.height) }
        observer.subscribe { second.append($0.height) }
        observer.publish(docked)
        observer.publish(docked)
        observer.publish(KeyboardFrameChange(height: 0, duration: 0.25, isFloating: false))
        #expect(first == [0, 240, 0])
        #expect(second == [0, 240, 0])
        #expect(observer.current.height == 0)
    }
}
