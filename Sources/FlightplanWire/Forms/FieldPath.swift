/// Where a value sits in a JSON document, as errors name it: `destination.bounds`, `tracks[2].keyframes`.
///
/// Every nested value a request holds has a path, but only an error spells one out, so a path keeps its last
/// step apart from the text of its container. Paths one and two steps deep (`source`, `destination.bounds`:
/// most of a request) are then made without building any text; a deeper one spells out its container.
public struct FieldPath: Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// One step down from a container.
    private enum Step: Sendable {
        case member(String)
        case index(Int)
    }

    /// The container's path, spelt out.
    private let container: String
    /// The step from the container to the value; nil when `container` is the whole path.
    private let step: Step?

    /// A path spelt out already (`""`, the whole document).
    /// - Parameter text: The whole path as errors show it (`"destination.bounds"`); `""` is the document itself.
    public init(stringLiteral text: String) {
        container = text
        step = nil
    }

    private init(container: String, step: Step) {
        self.container = container
        self.step = step
    }

    /// The path of member `key` of the value here. A key is echoed bounded (see ``EchoedInput``), since it may
    /// be a client's megabyte-long one.
    /// - Parameter key: The member's name, exactly as the client sent it.
    /// - Returns: This path, then `.key` (just `key` when this path is the document); `key` is shortened to
    ///   ``EchoedInput/maximumCharacters`` characters when spelt out.
    public func member(_ key: String) -> FieldPath { FieldPath(container: description, step: .member(key)) }

    /// The path of item `index` of the array here.
    /// - Parameter index: The item's zero-based position in the array.
    /// - Returns: This path, then `[index]`.
    public func index(_ index: Int) -> FieldPath { FieldPath(container: description, step: .index(index)) }

    /// The path as errors show it: dotted members, bracketed indices.
    public var description: String {
        switch step {
        case nil: container
        case .member(let key) where container.isEmpty: EchoedInput.bounded(key)
        case .member(let key): "\(container).\(EchoedInput.bounded(key))"
        case .index(let index): "\(container)[\(index)]"
        }
    }
}

extension ValidationError {
    /// Creates an error about the field at `path`.
    init(field path: FieldPath, message: String) {
        self.init(field: path.description, message: message)
    }
}
