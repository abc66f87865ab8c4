import ClavisDemoForm
import Testing

@Suite struct LocalRegistrationServiceTests {
    @Test func answersWithTheRegisteredName() async throws {
        var registration = Registration()
        registration.firstName = "Ada"
        registration.lastName = "Lovelace"
        let name = try await LocalRegistrationService(delay: .zero).register(registration)
        #expect(name == "Ada Lovelace")
    }

    @Test func aCancelledRegistrationThrowsInsteadOfAnswering() async {
        let task = Task { try await LocalRegistrationService(delay: .seconds(30)).register(Registration()) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
