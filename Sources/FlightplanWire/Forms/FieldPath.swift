/// Where a value sits in a JSON document, as errors name it: `destination.bounds`, `tracks[2].keyframes`.
///
/// Every nested value a request holds has a path, but only an error spells one out, so a path keeps its last two
/// steps apart from the text of their container, and a member the schema names keeps its name as the literal it is.
/// Paths up to two steps deep (`source`, `destination.bounds`: most of a request) are then made without building
/// any text; a deeper one spells out its container.
public struct FieldPath: Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// One step down from a container.
    private enum Step: Sendable {
        case member(String)
        case namedMember(StaticString)
        case index(Int)
    }

    /// The container's path, spelt out.
    private let container: String
    /// The step from the container down, when there is one.
    private let first: Step?
    /// The step after `first`, when there is one.
    private let second: Step?

    /// A path spelt out already (`""`, the whole document).
    /// - Parameter text: The whole path as errors show it (`"destination.bounds"`); `""` is the document itself.
    public init(stringLiteral text: String) {
        container = text
        first = nil
        second = nil
    }

    private init(container: String, first: Step?, second: Step?) {
        self.container = container
        self.first = first
        self.second = second
    }

    /// This path, then `step`: kept apart while there is room, else after this path spelt out.
    @inline(__always)
    private func appending(_ step: Step) -> FieldPath {
        if first == nil { return FieldPath(container: container, first: step, second: nil) }
        if second == nil { return FieldPath(container: container, first: first, second: step) }
        return FieldPath(container: description, first: step, second: nil)
    }

    /// The path of member `key` of the value here. A key is echoed bounded (see ``EchoedInput``), since it may
    /// be a client's megabyte-long one.
    /// - Parameter key: The member's name, exactly as the client sent it.
    /// - Returns: This path, then `.key` (just `key` when this path is the document); `key` is shortened to
    ///   ``EchoedInput/maximumCharacters`` characters when spelt out.
    public func member(_ key: String) -> FieldPath { appending(.member(key)) }

    /// The path of the member a wire description names `name`, which is spelt out only for an error.
    @inline(__always)
    func member(_ name: StaticString) -> FieldPath { appending(.namedMember(name)) }

    /// The path of item `index` of the array here.
    /// - Parameter index: The item's zero-based position in the array.
    /// - Returns: This path, then `[index]`.
    public func index(_ index: Int) -> FieldPath { appending(.index(index)) }

    /// The path as errors show it: dotted members, bracketed indices.
    public var description: String {
        var text = container
        for step in [first, second] {
            switch step {
            case nil: break
            case .member(let key) where text.isEmpty: text = EchoedInput.bounded(key)
            case .member(let key): text += ".\(EchoedInput.bounded(key))"
            case .namedMember(let name) where text.isEmpty: text = EchoedInput.bounded(name.description)
            case .namedMember(let name): text += ".\(EchoedInput.bounded(name.description))"
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}

extension ValidationError {
    /// Creates an error about the field at `path`.
    init(field path: FieldPath, message: String) {
        self.init(field: path.description, message: message)
    }
}
