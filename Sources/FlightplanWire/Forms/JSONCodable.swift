/// A type read from its one JSON form, strictly: unknown members are errors, `null` means absent.
public protocol JSONDecodable {
    /// Reads a value; `path` names it in errors (`source.frame`).
    init(json: JSONValue, path: FieldPath) throws(ValidationError)
}

/// A type written in its one JSON form with the fast, deterministic ``JSONWriter``.
public protocol JSONEncodable {
    /// Writes the value.
    func write(to writer: inout JSONWriter)
    /// About how many bytes the JSON form takes, so the writer allocates once.
    var estimatedJSONSize: Int { get }
}

/// A type with one JSON form, shared by the CLI, the server and the SDK. (Its `Codable` conformance,
/// where it has one, is a separate, synthesis-style one with the same shapes, for apps' own coders.)
public typealias JSONCodable = JSONDecodable & JSONEncodable

/// Why a JSON body could not become a value: malformed text, or a well-formed one that is invalid.
public enum JSONInputError: Error, Sendable, Hashable {
    /// Not well-formed JSON (HTTP 400).
    case syntax(JSONSyntaxError)
    /// Well-formed but not a valid value (HTTP 422).
    case invalid(ValidationError)
}

extension JSONDecodable {
    /// Reads a value from JSON text.
    public init(jsonBytes: some Collection<UInt8>) throws(JSONInputError) {
        let value: JSONValue
        do { value = try JSONParser.parse(jsonBytes) } catch { throw .syntax(error) }
        do { try self.init(json: value, path: "") } catch { throw .invalid(error) }
    }
}

extension JSONEncodable {
    /// A modest default size estimate.
    public var estimatedJSONSize: Int { 512 }

    /// The value as compact JSON text.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter(capacity: estimatedJSONSize)
        write(to: &writer)
        return writer.bytes
    }
}

extension JSONValue: JSONEncodable {}
