/// A type read from its one JSON form, strictly: unknown members are errors, `null` means absent.
public protocol JSONDecodable {
    /// Reads a value; `path` names it in errors (`source.frame`).
    /// - Parameters:
    ///   - json: The parsed JSON value that holds the whole value.
    ///   - path: Where `json` sits in its document (`source.frame`, `""` for the whole body); errors name fields below
    ///     it.
    /// - Throws: ``ValidationError`` whose `field` is the full path of the first offending member: one missing
    ///   (`is required`), of the wrong kind (`must be a number, got string`), not known (`is not a known field`;
    ///   a ``ProblemDetails`` ignores unknown members instead), or out of its form's range.
    init(json: JSONValue, path: FieldPath) throws(ValidationError)
}

/// A type written in its one JSON form with the fast, deterministic ``JSONWriter``.
public protocol JSONEncodable {
    /// Writes the value.
    /// - Parameter writer: The writer the value's JSON is appended to, as one complete value.
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
    /// - Parameter jsonBytes: UTF-8 JSON text holding one value (a request body, a file).
    /// - Throws: ``JSONInputError/syntax(_:)`` with the ``JSONSyntaxError`` when the text is not well-formed JSON;
    ///   ``JSONInputError/invalid(_:)`` with the ``ValidationError`` (its `field` a path from the top, `""` for the
    ///   whole body) when it is well-formed but not a valid value.
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
