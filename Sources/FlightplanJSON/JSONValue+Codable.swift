/// Any JSON value through a `Decoder` or an `Encoder`: how a type with one JSON form takes part in an app's own
/// `Codable` types (`JSONDecoder` and `JSONEncoder` hand it the same tree the parser and the writer do).
extension JSONValue: Codable {
    /// A member name made at run time.
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes whatever value is there.
    /// - Parameter decoder: The decoder positioned at the value; a keyed container reads as an object (members in the
    ///   decoder's key order), an unkeyed one as an array, a single value as `null`, a flag, a number or a string,
    ///   tried in that order.
    /// - Throws: What `decoder` throws, for a single value that is none of those kinds too
    ///   (`DecodingError.typeMismatch`).
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: MemberKey.self) {
            self = .object(try object.allKeys.map { key in JSONMember(key: key.stringValue, value: try object.decode(JSONValue.self, forKey: key)) })
        } else if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let flag = try? single.decode(Bool.self) {
                self = .bool(flag)
            } else if let number = try? single.decode(Double.self) {
                self = .number(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    /// Encodes the value, object members in their order.
    /// - Parameter encoder: The encoder the value is handed to: an object as a keyed container, an array as an unkeyed
    ///   one, anything else as a single value.
    /// - Throws: What `encoder` throws (`JSONEncoder` refuses a non-finite number unless told how to write it).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var object = encoder.container(keyedBy: MemberKey.self)
            for member in members { try object.encode(member.value, forKey: MemberKey(stringValue: member.key)) }
        case .array(let items):
            var array = encoder.unkeyedContainer()
            for item in items { try array.encode(item) }
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case .number(let number):
            var single = encoder.singleValueContainer()
            try single.encode(number)
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        }
    }
}
