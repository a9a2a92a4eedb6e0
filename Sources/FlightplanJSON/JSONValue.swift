/// A parsed JSON document. Objects keep their members in document order.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any JSON number, as the nearest `Double`.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; keys are unique (the parser rejects duplicates).
    case object([JSONMember])

    /// The members, when the value is an object.
    public var members: [JSONMember]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The items, when the value is an array.
    public var items: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The JSON type name used in error messages ("a number", "an object", …).
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object.
public struct JSONMember: Sendable, Hashable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// Creates a member.
    /// - Parameters:
    ///   - key: The member's name, as written between the quotes (unescaped).
    ///   - value: The member's value.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }

    /// Whether the member is named `name`. Lengths are compared first: most keys an object is searched for
    /// differ from most of its members in length, and that test is cheaper than `==` on two unequal strings.
    /// - Parameter name: The name to compare with; case-sensitive.
    /// - Returns: Whether ``key`` and `name` have the same UTF-8 length and are `==`: canonically equivalent spellings
    ///   of different lengths (a precomposed `é`, and `e` then a combining accent) are different names.
    @inlinable
    public func isNamed(_ name: String) -> Bool {
        key.utf8.count == name.utf8.count && key == name
    }
}

extension JSONValue {
    /// Writes the value as compact JSON.
    /// - Parameter writer: The writer the value is appended to, object members in their order.
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .null: writer.null()
        case .bool(let value): writer.bool(value)
        case .number(let value): writer.number(value)
        case .string(let value): writer.string(value)
        case .array(let items):
            writer.beginArray()
            for item in items { item.write(to: &writer) }
            writer.endArray()
        case .object(let members):
            writer.beginObject()
            for member in members {
                writer.dynamicKey(member.key)
                member.value.write(to: &writer)
            }
            writer.endObject()
        }
    }
}
