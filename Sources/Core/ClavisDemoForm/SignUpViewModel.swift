import ClavisEngine

/// What the sign-up form collects.
public struct Registration: Equatable, Sendable {
    public var firstName = ""
    public var lastName = ""
    public var email = ""
    public var phone = ""
    public var postalCode = ""
    /// A message to go with the sign-up, optional: the form's field of prose, of several
    /// lines, where words are predicted and corrected (the name fields offer names and
    /// correct nothing).
    public var message = ""
    public var password = ""

    public init() {}

    /// The value of a field by id.
    public subscript(field: String) -> String {
        get {
            switch field {
            case "firstName": firstName
            case "lastName": lastName
            case "email": email
            case "phone": phone
            case "postalCode": postalCode
            case "message": message
            case "password": password
            default: ""
            }
        }
        set {
            switch field {
            case "firstName": firstName = newValue
            case "lastName": lastName = newValue
            case "email": email = newValue
            case "phone": phone = newValue
            case "postalCode": postalCode = newValue
            case "message": message = newValue
            case "password": password = newValue
            default: break
            }
        }
    }
}

/// Where registrations go (a server, in a real app). Injected, so tests use slow and
/// failing ones.
public protocol RegistrationRepository: Sendable {
    /// Registers the user; throws `RegistrationError.rejected` with per-field messages when
    /// the service refuses the data, any other error when it cannot be reached.
    func register(_ registration: Registration) async throws -> String
}

/// Why a registration did not go through.
public enum RegistrationError: Error, Equatable {
    /// The service refused some fields, with a message for each.
    case rejected([String: String])
}

/// The sign-up form's state without GTK: fields, texts, focus, errors and the registration,
/// testable without a window.
///
///     let model = SignUpViewModel(repository: service)
///     model.onAppear()
///     await model.register()   // focuses the first failing field, or shows the result
@MainActor
public final class SignUpViewModel {
    /// The fields, in order: first name, last name, email, phone, postal code, message
    /// (optional, several lines), password.
    public static let fields = [
        FormField(id: "firstName", label: "First name", contentType: .givenName),
        FormField(id: "lastName", label: "Last name", contentType: .familyName),
        FormField(id: "email", label: "Email", keyboardType: .emailAddress, autocapitalization: .none),
        FormField(id: "phone", label: "Phone", keyboardType: .phonePad, autocapitalization: .none),
        // Letters and digits: "SW1A 1AA", "K1A 0B1" and "75008" are all postal codes.
        FormField(id: "postalCode", label: "Postal code", keyboardType: .asciiCapable, autocapitalization: .allCharacters),
        FormField(id: "message", label: "Message", autocapitalization: .sentences, isMultiline: true),
        FormField(id: "password", label: "Password", isSecure: true, autocapitalization: .none),
    ]

    /// How registering is going.
    public enum State: Equatable, Sendable {
        case editing
        case registering
        /// Done: what the service answered (the registered name).
        case registered(String)
        /// The service could not be reached.
        case failed(String)
    }

    public let focus = FormFocusModel(fields: SignUpViewModel.fields)
    /// What the fields hold. A field shown as failed whose text becomes valid loses its
    /// message at once (the other fields' messages wait for the next Register, so typing
    /// into an empty form does not fill it with complaints).
    public var registration = Registration() {
        didSet {
            guard !errors.isEmpty else { return }
            let failing = Set(validate().map(\.field))
            let fixed = errors.keys.filter { !failing.contains($0) }
            guard !fixed.isEmpty else { return }
            for field in fixed { errors[field] = nil }
            onChange?()
        }
    }
    /// The message shown beside each field that failed, by field id.
    public private(set) var errors: [String: String] = [:]
    public private(set) var state: State = .editing
    /// Called after errors or state change, so the view can show them.
    public var onChange: (() -> Void)?
    private let repository: any RegistrationRepository

    public init(repository: any RegistrationRepository) {
        self.repository = repository
    }

    /// The form appeared: focus its first field.
    public func onAppear() {
        focus.onAppear()
    }

    /// The messages for every invalid field, in field order.
    public func validate() -> [(field: String, message: String)] {
        var problems: [(String, String)] = []
        let r = registration
        if r.firstName.trimmingWhitespace.isEmpty { problems.append(("firstName", "Enter your first name")) }
        if r.lastName.trimmingWhitespace.isEmpty { problems.append(("lastName", "Enter your last name")) }
        if !Self.isEmail(r.email) { problems.append(("email", "Enter an email address like name@example.com")) }
        if !Self.isPhoneNumber(r.phone) {
            problems.append(("phone", "Enter a phone number: digits, with + - ( ) or spaces"))
        }
        if !Self.isPostalCode(r.postalCode) {
            problems.append(("postalCode", "Enter a postal code of letters and digits"))
        }
        if r.password.count < 8 { problems.append(("password", "Use at least 8 characters")) }
        return problems
    }

    /// Validates, then registers through the repository. On failure the first failing field
    /// takes focus and every failing field shows its message; on success the form shows the
    /// registered name and no field is focused.
    public func register() async {
        guard state != .registering else { return }
        let problems = validate()
        errors = Dictionary(problems.map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
        if let first = problems.first {
            state = .editing
            onChange?()
            focus.focus(first.field, force: true)
            return
        }
        state = .registering
        onChange?()
        do {
            let name = try await repository.register(registration)
            state = .registered(name)
            focus.endEditing(force: true)
        } catch RegistrationError.rejected(let rejected) {
            errors = rejected
            state = .editing
            if let first = SignUpViewModel.fields.first(where: { rejected[$0.id] != nil }) {
                focus.focus(first.id, force: true)
            }
        } catch {
            state = .failed("Could not register: \(error)")
        }
        onChange?()
    }

    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(" ") else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }

    /// A phone number as people write it: at least three digits, with an optional leading
    /// `+`, and `- ( )`, spaces, `*` and `#` between them.
    ///
    ///     SignUpViewModel.isPhoneNumber("+44 (20) 7946-0958")   // true
    static func isPhoneNumber(_ text: String) -> Bool {
        let body = text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        return body.filter(\.isASCII).filter(\.isNumber).count >= 3
            && body.allSatisfy { ($0.isASCII && $0.isNumber) || " -()*#".contains($0) }
    }

    /// A postal code of any country: letters and digits, with at most single spaces or
    /// hyphens between them, 3 to 10 characters ("75008", "SW1A 1AA", "K1A 0B1", "1234-567").
    static func isPostalCode(_ text: String) -> Bool {
        let trimmed = text.trimmingWhitespace
        guard (3...10).contains(trimmed.count), trimmed.contains(where: \.isNumber) else { return false }
        let separators = trimmed.filter { $0 == " " || $0 == "-" }
        return separators.count <= 2 && !trimmed.contains("  ") && !trimmed.contains("--")
            && trimmed.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == " " || $0 == "-" }
    }
}

extension String {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
