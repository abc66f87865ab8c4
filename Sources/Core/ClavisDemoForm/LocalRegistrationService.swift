/// The demo's registration service: it keeps nothing and answers with the registered name,
/// after a short pause, as a network round trip would take.
public struct LocalRegistrationService: RegistrationRepository {
    public var delay: Duration

    public init(delay: Duration = .milliseconds(300)) {
        self.delay = delay
    }

    public func register(_ registration: Registration) async throws -> String {
        try await Task.sleep(for: delay)
        return "\(registration.firstName) \(registration.lastName)"
    }
}
