import ClavisDemoForm
import Foundation
import Testing

/// A repository that answers after a delay (virtual: it waits for the test to let it go).
final class SlowRepository: RegistrationRepository, @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [CheckedContinuation<String, Error>] = []
    private(set) var received: [Registration] = []

    func register(_ registration: Registration) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            lock.lock()
            received.append(registration)
            continuations.append(continuation)
            lock.unlock()
        }
    }

    var waiting: Int { lock.lock(); defer { lock.unlock() }; return continuations.count }

    func finish(with result: Result<String, Error>) {
        lock.lock()
        let pending = continuations
        continuations.removeAll()
        lock.unlock()
        for continuation in pending { continuation.resume(with: result) }
    }
}

struct Unreachable: Error, CustomStringConvertible {
    var description: String { "the server is unreachable" }
}

@MainActor @Suite struct SignUpViewModelTests {
    func filled() -> Registration {
        var registration = Registration()
        registration.firstName = "Ada"
        registration.lastName = "Lovelace"
        registration.email = "ada@example.com"
        registration.phone = "0123456789"
        registration.postalCode = "12345"
        registration.password = "analytical"
        return registration
    }

    /// A shown form, filled in and registering, with the repository holding the request.
    func startRegistering() async -> (SignUpViewModel, SlowRepository, Task<Void, Never>) {
        let repository = SlowRepository()
        let model = SignUpViewModel(repository: repository)
        model.onAppear()
        model.registration = filled()
        let task = Task { await model.register() }
        while repository.waiting == 0 { await Task.yield() }
        return (model, repository, task)
    }

    @Test func theFieldsHaveTheirKeyboardsAndSubmitLabels() {
        let model = SignUpViewModel(repository: SlowRepository())
        #expect(SignUpViewModel.fields.map(\.id) == ["firstName", "lastName", "email", "phone", "postalCode", "message", "password"])
        #expect(SignUpViewModel.fields.map { model.focus.returnKeyType(for: $0.id) } == [.next, .next, .next, .next, .next, .default, .done])
        model.onAppear()
        #expect(model.focus.focusedField == "firstName")
    }

    @Test func invalidFieldsGetMessagesAndTheFirstTakesFocus() async {
        let repository = SlowRepository()
        let model = SignUpViewModel(repository: repository)
        model.onAppear()
        var registration = filled()
        registration.email = "ada@example"
        registration.phone = "01-2x"
        registration.password = "short"
        model.registration = registration
        await model.register()
        #expect(model.focus.focusedField == "email")
        #expect(Set(model.errors.keys) == ["email", "phone", "password"])
        #expect(model.errors["postalCode"] == nil)
        #expect(model.state == .editing)
        #expect(repository.received.isEmpty)
    }

    @Test func aFieldsMessageGoesOnceItIsValidAndOthersWait() async {
        let model = SignUpViewModel(repository: SlowRepository())
        var registration = filled()
        registration.email = "ada@example"
        registration.password = "short"
        model.registration = registration
        await model.register()
        var changes = 0
        model.onChange = { changes += 1 }
        model.registration.email = "ada@example.org"
        #expect(model.errors["email"] == nil, "fixed: its message goes at once")
        #expect(model.errors["password"] != nil, "still too short")
        #expect(changes == 1)
        model.registration.firstName = ""
        #expect(model.errors["firstName"] == nil, "a new problem waits for Register")
    }

    @Test(arguments: [
        ("firstName", "  "), ("lastName", ""), ("email", "a b@c.d"), ("email", "@c.d"), ("phone", ""),
        ("phone", "12a"), ("phone", "+"), ("phone", "1+2"), ("postalCode", "12"), ("postalCode", "ABCDE"),
        ("postalCode", "SW1A  1AA"), ("postalCode", "75008!"), ("password", "1234567"),
    ])
    func eachRuleRejects(field: String, value: String) async {
        let model = SignUpViewModel(repository: SlowRepository())
        var registration = filled()
        registration[field] = value
        model.registration = registration
        #expect(model.validate().map(\.field) == [field])
    }

    @Test(arguments: [("phone", "+44 (20) 7946-0958"), ("phone", "555-0100 *12#"), ("postalCode", "SW1A 1AA"),
                      ("postalCode", "K1A 0B1"), ("postalCode", "75008"), ("postalCode", "1234-567")])
    func numbersAndCodesAsPeopleWriteThemPass(field: String, value: String) {
        let model = SignUpViewModel(repository: SlowRepository())
        var registration = filled()
        registration[field] = value
        model.registration = registration
        #expect(model.validate().isEmpty)
    }

    @Test func aSlowRepositoryRegistersAfterWaiting() async throws {
        let (model, repository, task) = await startRegistering()
        #expect(model.state == .registering)
        await model.register()   // a second tap while waiting does nothing
        #expect(repository.received.count == 1)
        repository.finish(with: .success("Ada Lovelace"))
        await task.value
        #expect(model.state == .registered("Ada Lovelace"))
        #expect(model.focus.focusedField == nil)
        #expect(model.errors.isEmpty)
    }

    @Test func aRejectingRepositoryFocusesTheFieldItNames() async {
        let (model, repository, task) = await startRegistering()
        repository.finish(with: .failure(RegistrationError.rejected(["phone": "This number is already registered"])))
        await task.value
        #expect(model.focus.focusedField == "phone")
        #expect(model.errors == ["phone": "This number is already registered"])
        #expect(model.state == .editing)
    }

    @Test func anUnreachableServiceIsReported() async {
        let (model, repository, task) = await startRegistering()
        repository.finish(with: .failure(Unreachable()))
        await task.value
        #expect(model.state == .failed("Could not register: the server is unreachable"))
    }
}
