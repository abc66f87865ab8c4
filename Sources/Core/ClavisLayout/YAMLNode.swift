import CLibYAML
import ClavisFormats

/// A YAML node with where it starts in its file: what the layout reader walks.
///
/// Composed from libyaml's parser events (Debian's libyaml, the library Yams wraps) rather
/// than through Yams, which needs Foundation and with it ICU's data: megabytes of resident
/// memory for a keyboard. Every scalar stays a string (YAML's "basic" schema): the reader
/// converts numbers itself.
///
///     let root = try YAMLNode.compose("id: us\nkeys: {q: {}}\n")
///     root?.mapping?.first?.0.scalar?.string   // "id"
public struct YAMLNode: Sendable {
    /// How a scalar was written.
    public enum Style: Sendable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    public struct Scalar: Sendable {
        public var string: String
        public var style: Style
    }

    public enum Kind: Sendable {
        case scalar(Scalar)
        case sequence([YAMLNode])
        case mapping([(YAMLNode, YAMLNode)])
    }

    public var kind: Kind
    /// Where the node starts (1-based line and column).
    public var location: SourceLocation?

    public var scalar: Scalar? {
        if case .scalar(let scalar) = kind { scalar } else { nil }
    }

    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = kind { items } else { nil }
    }

    /// The key–value pairs in file order.
    public var mapping: [(YAMLNode, YAMLNode)]? {
        if case .mapping(let pairs) = kind { pairs } else { nil }
    }
}

/// A YAML syntax problem, located.
public struct YAMLError: Error, Equatable, Sendable {
    public var location: SourceLocation
    public var message: String

    public init(location: SourceLocation, message: String) {
        self.location = location
        self.message = message
    }
}

extension YAMLNode {
    /// How deeply collections may nest, aliases' contents counted where they are used. Real
    /// layouts nest five levels; the limit keeps every walk over a node, and freeing it, far
    /// from the end of the stack (60,000 nested brackets crashed the reader), and stops the
    /// parse early, before libyaml's per-level bookkeeping makes it quadratic.
    public static let maximumDepth = 200

    /// The single document in `text`, or nil when it has none. Throws the first syntax
    /// problem, a second document, a mapping with a key twice, or nesting deeper than
    /// `maximumDepth`.
    public static func compose(_ text: String) throws(YAMLError) -> YAMLNode? {
        var bytes = Array(text.utf8)
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw YAMLError(location: SourceLocation(line: 1, column: 1), message: "YAML: cannot start the parser")
        }
        defer { yaml_parser_delete(&parser) }
        return try bytes.withUnsafeMutableBufferPointer { buffer throws(YAMLError) in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var composer = Composer()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { throw Self.error(of: parser, in: buffer) }
                defer { yaml_event_delete(&event) }
                if try composer.take(event) { return composer.root }
            }
        }
    }

    /// The parser's problem, at its mark (or, for a problem reading bytes, its offset).
    private static func error(of parser: yaml_parser_t, in bytes: UnsafeMutableBufferPointer<UInt8>) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable text"
        if parser.error == YAML_READER_ERROR {
            return YAMLError(location: SourceLocation(utf8Offset: parser.problem_offset, in: Array(bytes)), message: "YAML: \(problem)")
        }
        return YAMLError(location: location(parser.problem_mark), message: "YAML: \(problem)")
    }

    fileprivate static func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }
}

/// Builds nodes from the parser's events: collections being filled sit on a stack.
private struct Composer {
    /// A sequence or mapping still being filled. A class, so that adding an item appends in
    /// place: with the items in an enum's payload every append copied the array, and an
    /// 800-key layout took 3.8 times as long to compose as a 400-key one (callgrind).
    private final class Open {
        let start: SourceLocation
        let anchor: String?
        /// Nil for a sequence.
        let mapping: Mapping?
        var items: [YAMLNode] = []
        /// The deepest nesting among the items so far (0: only scalars).
        var innerDepth = 0

        final class Mapping {
            var pairs: [(YAMLNode, YAMLNode)] = []
            var names: Set<String> = []
            var key: YAMLNode?
        }

        init(start: SourceLocation, anchor: String?, isMapping: Bool) {
            self.start = start
            self.anchor = anchor
            mapping = isMapping ? Mapping() : nil
        }

        var node: YAMLNode {
            YAMLNode(kind: mapping.map { .mapping($0.pairs) } ?? .sequence(items), location: start)
        }
    }

    var root: YAMLNode?
    private var stack: [Open] = []
    /// Each anchored node with its depth (levels of collections in it).
    private var anchors: [String: (node: YAMLNode, depth: Int)] = [:]
    private var documents = 0

    /// Takes one event; true at the end of the stream.
    mutating func take(_ event: yaml_event_t) throws(YAMLError) -> Bool {
        let location = YAMLNode.location(event.start_mark)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 { throw YAMLError(location: location, message: "YAML: expected a single document in the file") }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
            let style: YAMLNode.Style = switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: .literal
            case YAML_FOLDED_SCALAR_STYLE: .folded
            default: .plain
            }
            try finish(YAMLNode(kind: .scalar(.init(string: text, style: style)), location: location), depth: 0,
                       anchor: Self.string(scalar.anchor))
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let (node, depth) = anchors[name] else { throw YAMLError(location: location, message: "YAML: unknown anchor '\(name)'") }
            try checkDepth(stack.count + depth, at: location)
            try finish(node, depth: depth, anchor: nil)
        case YAML_SEQUENCE_START_EVENT:
            try checkDepth(stack.count + 1, at: location)
            stack.append(Open(start: location, anchor: Self.string(event.data.sequence_start.anchor), isMapping: false))
        case YAML_MAPPING_START_EVENT:
            try checkDepth(stack.count + 1, at: location)
            stack.append(Open(start: location, anchor: Self.string(event.data.mapping_start.anchor), isMapping: true))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            let open = stack.removeLast()
            try finish(open.node, depth: open.innerDepth + 1, anchor: open.anchor)
        default:
            break
        }
        return false
    }

    private func checkDepth(_ depth: Int, at location: SourceLocation) throws(YAMLError) {
        guard depth > YAMLNode.maximumDepth else { return }
        throw YAMLError(location: location, message: "YAML: collections nested more than \(YAMLNode.maximumDepth) levels deep")
    }

    /// A complete node goes into the collection being filled, or becomes the root.
    private mutating func finish(_ node: YAMLNode, depth: Int, anchor: String?) throws(YAMLError) {
        if let anchor { anchors[anchor] = (node, depth) }
        guard let open = stack.last else {
            root = node
            return
        }
        open.innerDepth = max(open.innerDepth, depth)
        guard let mapping = open.mapping else {
            open.items.append(node)
            return
        }
        if let key = mapping.key {
            mapping.pairs.append((key, node))
            mapping.key = nil
        } else {
            if let name = node.scalar?.string, !mapping.names.insert(name).inserted {
                throw YAMLError(location: node.location ?? open.start, message: "duplicate key '\(name)' in a mapping")
            }
            mapping.key = node
        }
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
