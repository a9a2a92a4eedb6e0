/// A type with one JSON form, shared by the CLI, the server and the SDK.
///
/// Conforming types read themselves from a parsed ``JSONValue`` (strictly: unknown members are
/// errors, `null` means absent) and write themselves with a ``JSONWriter``. Their `Codable`
/// conformance goes through the same two functions, so `JSONEncoder`/`JSONDecoder` users see the
/// very same shapes.
public protocol JSONCodable: Codable {
    /// Reads a value; `path` names it in errors (`source.frame`).
    init(json: JSONValue, path: String) throws(ValidationError)
    /// Writes the value.
    func write(to writer: inout JSONWriter)
    /// About how many bytes the JSON form takes, so the writer allocates once.
    var estimatedJSONSize: Int { get }
}

/// Why a JSON body could not become a value: malformed text, or a well-formed one that is invalid.
public enum JSONInputError: Error, Sendable, Hashable {
    /// Not well-formed JSON (HTTP 400).
    case syntax(JSONSyntaxError)
    /// Well-formed but not a valid value (HTTP 422).
    case invalid(ValidationError)
}

extension JSONCodable {
    /// Reads a value from JSON text.
    public init(jsonBytes: some Collection<UInt8>) throws(JSONInputError) {
        let value: JSONValue
        do { value = try JSONParser.parse(jsonBytes) } catch { throw .syntax(error) }
        do { try self.init(json: value, path: "") } catch { throw .invalid(error) }
    }

    /// A modest default size estimate.
    public var estimatedJSONSize: Int { 512 }

    /// The value as compact JSON text.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter(capacity: estimatedJSONSize)
        write(to: &writer)
        return writer.bytes
    }

    /// Decodes through the value's JSON form.
    public init(from decoder: any Decoder) throws {
        try self.init(json: try JSONValue(from: decoder), path: "")
    }

    /// Encodes through the value's JSON form.
    public func encode(to encoder: any Encoder) throws {
        try JSONParser.parse(jsonBytes).encode(to: encoder)
    }
}

/// Dynamic coding keys for JSON objects.
private struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension JSONValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: MemberKey.self) {
            self = .object(try object.allKeys.map { JSONMember(key: $0.stringValue, value: try object.decode(JSONValue.self, forKey: $0)) })
            return
        }
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let bool = try? single.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Encodes the value, keeping object members in order.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for member in members { try container.encode(member.value, forKey: MemberKey(stringValue: member.key)) }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
}
