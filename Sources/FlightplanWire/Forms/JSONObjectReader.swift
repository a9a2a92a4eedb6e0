/// Reads one JSON object member by member, naming fields by their full path in errors.
///
/// `null` counts as absent for optional members; ``finish(allowing:)`` rejects members that
/// were not expected, so a misspelt field is reported instead of silently ignored.
struct JSONObjectReader {
    let members: [JSONMember]
    let path: FieldPath

    @inline(__always)
    init(_ value: JSONValue, path: FieldPath) throws(ValidationError) {
        guard case .object(let members) = value else { throw ValidationError(value, at: path, isNot: "an object") }
        self.members = members
        self.path = path
    }

    /// The path of member `key`.
    func fieldPath(_ key: String) -> FieldPath {
        path.member(key)
    }

    func value(_ key: String) -> JSONValue? {
        guard let member = members.first(where: { $0.isNamed(key) }) else { return nil }
        if case .null = member.value { return nil }
        return member.value
    }

    func required(_ key: String) throws(ValidationError) -> JSONValue {
        guard let value = value(key) else { throw ValidationError(field: fieldPath(key), message: "is required") }
        return value
    }

    // Numbers are most of a request: their field path is made only for an error.
    func number(_ key: String) throws(ValidationError) -> Double? {
        guard let value = value(key) else { return nil }
        if case .number(let number) = value { return number }
        return try Self.number(value, path: fieldPath(key))
    }

    func requiredNumber(_ key: String) throws(ValidationError) -> Double {
        let value = try required(key)
        if case .number(let number) = value { return number }
        return try Self.number(value, path: fieldPath(key))
    }

    /// Reads a number member that must be a whole number, refused with `notWhole` otherwise. Its range is
    /// the validator's business, except that a whole number too large for an `Int` is refused here with the
    /// field's `rangeRule`.
    func integer(_ key: String, notWhole: String = "must be a whole number", rangeRule: String) throws(ValidationError) -> Int? {
        guard let value = try number(key) else { return nil }
        return try Self.integer(value, path: fieldPath(key), notWhole: notWhole, rangeRule: rangeRule)
    }

    /// ``integer(_:notWhole:rangeRule:)`` for a value already read.
    /// `path` is made only for an error.
    static func integer(
        _ value: Double, path: @autoclosure () -> FieldPath, notWhole: String = "must be a whole number", rangeRule: String
    ) throws(ValidationError) -> Int {
        guard value == value.rounded() else { throw ValidationError(field: path(), message: "\(notWhole), got \(describeNumber(value))") }
        guard let whole = Int(exactly: value) else { throw ValidationError(field: path(), message: "\(rangeRule), got \(describeNumber(value))") }
        return whole
    }

    func string(_ key: String) throws(ValidationError) -> String? {
        guard let value = value(key) else { return nil }
        guard case .string(let text) = value else {
            throw ValidationError(field: fieldPath(key), message: "must be a string, got \(value.kindDescription)")
        }
        return text
    }

    /// Reads a member in its type's JSON form; nil when absent.
    func decoded<Value: JSONDecodable>(_ key: String, as type: Value.Type) throws(ValidationError) -> Value? {
        guard let value = value(key) else { return nil }
        return try Value(json: value, path: fieldPath(key))
    }

    func array(_ key: String) throws(ValidationError) -> [JSONValue]? {
        guard let value = value(key) else { return nil }
        guard case .array(let items) = value else {
            throw ValidationError(field: fieldPath(key), message: "must be an array, got \(value.kindDescription)")
        }
        return items
    }

    /// Refuses the first member not named in `keys`.
    func finish(allowing keys: [String]) throws(ValidationError) {
        for member in members where !keys.contains(where: member.isNamed) {
            throw ValidationError(field: fieldPath(member.key), message: "is not a known field")
        }
    }

    static func number(_ value: JSONValue, path: FieldPath) throws(ValidationError) -> Double {
        guard case .number(let number) = value else {
            throw ValidationError(field: path, message: "must be a number, got \(value.kindDescription)")
        }
        return number
    }
}
