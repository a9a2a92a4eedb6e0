// The one hand-written description of each wire object: its members, in the order they are written, each with
// its name, the property it holds, its value form and whether it is required, defaulted or optional. The strict
// reader, the writer, the unknown-member check and the rules openapi.yaml must state (WireSchema+Rules.swift) are
// walks of it; `Codable` (WireSchema+Codable.swift) goes through the reader and the writer.

/// A value the schema reads and writes as one member: a number, a flag, a string, an enumeration, an object
/// described by ``WireObject``, an array of them, or a hand-written form (a curve, a colour's two spellings).
public protocol WireValue {
    /// Reads the value; `path` names it and is spelt out only for an error or a nested object's own path.
    /// - Parameters:
    ///   - json: The member's parsed JSON value.
    ///   - path: The member's path (`source.frame`), made only when an error or a nested member needs it.
    /// - Throws: ``ValidationError`` whose `field` is `path()`, or a path below it for a nested member, when `json`
    ///   is not this form (`must be a number, got string`).
    init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError)
    /// Writes the value.
    /// - Parameter writer: The writer the value is appended to, as one JSON value.
    func write(to writer: inout JSONWriter)
    /// Writes the value `value` points to as ``write(to:)`` does, read where it lies: an array writes its items so,
    /// since an item copied out retains every string and array it holds, and releases them after.
    /// - Parameters:
    ///   - value: The value, such as an item in an array's storage.
    ///   - writer: The writer the value is appended to, as one JSON value.
    static func write(at value: UnsafePointer<Self>, to writer: inout JSONWriter)
}

extension WireValue {
    /// Writes the value `value` points to with ``write(to:)``: for values that hold nothing to retain, or that
    /// ``write(to:)`` does not copy.
    /// - Parameters:
    ///   - value: The value, such as an item in an array's storage.
    ///   - writer: The writer the value is appended to, as one JSON value.
    public static func write(at value: UnsafePointer<Self>, to writer: inout JSONWriter) {
        value.pointee.write(to: &writer)
    }
}

/// A type whose JSON form is an object described once, member by member, in ``describe(_:_:)``.
public protocol WireObject: WireValue, JSONCodable {
    /// The value a read starts from; the description overwrites every member (required ones, or their defaults).
    static var wireStart: Self { get }
    /// Walks the members in the order they are written: the reader fills `value` in, the writer writes it out.
    /// - Parameters:
    ///   - walk: The walk: the reader fills `value` in, the writer writes it out, the member lister lists the names.
    ///   - value: The value: the reader overwrites its members, the writer and the lister leave it as it is. It is
    ///     changed only through the walk's steps: the writer hands over the value where it lies (an array's item in
    ///     its storage), which nothing may write to.
    /// - Throws: ``ValidationError``, from the reader only: a required member missing (`is required`) or a member not
    ///   in its form (for an object member, one of its own members missing, malformed or not known), `field` naming
    ///   it.
    static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout Self) throws(ValidationError)
}

/// What a description is walked with: the reader (from a JSON object, strictly), the writer, or the member lister.
public protocol WireWalk {
    /// A member that must be there.
    /// - Parameters:
    ///   - name: The member's JSON key.
    ///   - value: The property the member reads into or writes from.
    /// - Throws: ``ValidationError`` from the reader when the member is absent or `null` (`is required`) or not in
    ///   `Value`'s form.
    mutating func required<Value: WireValue>(_ name: StaticString, _ value: inout Value) throws(ValidationError)
    /// A member that may be left out (or `null`), written only when set.
    /// - Parameters:
    ///   - name: The member's JSON key.
    ///   - value: The property: nil when the member is absent or `null`; when nil the writer writes no member.
    /// - Throws: ``ValidationError`` from the reader when the member is present but not in `Value`'s form.
    mutating func optional<Value: WireValue>(_ name: StaticString, _ value: inout Value?) throws(ValidationError)
    /// A member that is `fallback` when left out (or `null`); written always, or only when it differs from
    /// `fallback` when `writesFallback` is false.
    /// - Parameters:
    ///   - name: The member's JSON key.
    ///   - value: The property the member reads into or writes from.
    ///   - fallback: The value the reader takes when the member is absent or `null`.
    ///   - writesFallback: Whether the writer writes the member when `value` equals `fallback`; it always writes other
    ///     values.
    /// - Throws: ``ValidationError`` from the reader when the member is present but not in `Value`'s form.
    mutating func defaulted<Value: WireValue & Equatable>(
        _ name: StaticString, _ value: inout Value, _ fallback: Value, writesFallback: Bool) throws(ValidationError)
    /// An optional whole number, refused with `notWhole` when fractional and `rangeRule` when beyond an `Int`.
    /// - Parameters:
    ///   - name: The member's JSON key.
    ///   - value: The property: nil when the member is absent or `null`, and then not written.
    ///   - notWhole: The message for a number with a fraction (`must be a whole number`).
    ///   - rangeRule: The message for a whole number beyond `Int`'s range (a field's rule: `must be a whole number from
    ///     0 to 6`).
    /// - Throws: ``ValidationError`` from the reader, `field` naming the member, when it is not a number, has a
    ///   fraction (`notWhole`, then `, got 2.5`) or does not fit an `Int` (`rangeRule`).
    mutating func integer(_ name: StaticString, _ value: inout Int?, notWhole: String, rangeRule: String) throws(ValidationError)
    /// A nested object of the same value's members (`overlay`), written only when `isSet`.
    /// - Parameters:
    ///   - name: The nested object's JSON key (`overlay`).
    ///   - isSet: Whether any of its members is set; the writer writes the object only then.
    ///   - members: Walks the nested object's members with a walk of the same kind; the reader treats an absent object
    ///     as an empty one.
    /// - Throws: ``ValidationError`` from the reader when the member is not an object, one of `members` refuses its
    ///   member, or the object holds a member `members` does not name (`is not a known field`).
    mutating func object(
        _ name: StaticString, isSet: Bool, _ members: (inout Self) throws(ValidationError) -> Void) throws(ValidationError)
}

extension WireWalk {
    /// A member that is `fallback` when left out, and always written.
    mutating func defaulted<Value: WireValue & Equatable>(
        _ name: StaticString, _ value: inout Value, _ fallback: Value
    ) throws(ValidationError) {
        try defaulted(name, &value, fallback, writesFallback: true)
    }
}

extension WireObject {
    /// Reads the object through its description.
    /// - Parameters:
    ///   - json: The member's parsed JSON value; must be an object.
    ///   - path: The member's path, made only for an error or a nested member's path.
    /// - Throws: ``ValidationError`` when `json` is not an object (`must be an object, got array`), when
    ///   ``describe(_:_:)`` refuses a member, or for the first member it does not name (`is not a known field`).
    @inline(__always)
    public init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError) {
        try self.init(reading: JSONObjectReader(json, path: path()))
    }

    /// Reads the object through its description; members the description does not name are refused.
    @inline(__always)
    init(reading object: JSONObjectReader) throws(ValidationError) {
        var value = Self.wireStart
        var walk = WireReader(object)
        try Self.describe(&walk, &value)
        try walk.finish()
        self = value
    }

    /// Reads the object through its description.
    /// - Parameters:
    ///   - json: The parsed JSON value; must be an object.
    ///   - path: Where `json` sits in its document (`""` for the whole body).
    /// - Throws: ``ValidationError`` when `json` is not an object, a member is missing or not in its form, or a member
    ///   is not known; its `field` is the offending member's full path.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        try self.init(wire: json) { path }
    }

    /// Writes the object through its description.
    /// - Parameter writer: The writer the object is appended to: its members in the order ``describe(_:_:)`` walks
    ///   them.
    public func write(to writer: inout JSONWriter) {
        withUnsafePointer(to: self) { Self.write(at: $0, to: &writer) }
    }

    /// Writes the object `value` points to through its description, read where it lies.
    /// - Parameters:
    ///   - value: The object, such as an item in an array's storage.
    ///   - writer: The writer the object is appended to: its members in the order ``describe(_:_:)`` walks them.
    public static func write(at value: UnsafePointer<Self>, to writer: inout JSONWriter) {
        writer.beginObject()
        writeMembers(of: value, to: &writer)
        writer.endObject()
    }

    /// Writes the members as part of the object being written.
    func writeMembers(to writer: inout JSONWriter) {
        withUnsafePointer(to: self) { Self.writeMembers(of: $0, to: &writer) }
    }

    /// Writes the members of the object `value` points to as part of the object being written.
    ///
    /// The description takes the value `inout`, for the reader; the writer only reads it, and walks a copy (never the
    /// value where it lies: two threads writing one shared value would each make a modify access to it, a race).
    /// A bitwise copy that skipped the copy's retains and releases saved 1.3 % of the instructions writing a batch
    /// of 120 plans as JSON (0.2 % of `flightplan batch`), measured 2026-11-29: too little to keep.
    static func writeMembers(
        of value: UnsafePointer<Self>, to writer: inout JSONWriter
    ) {
        withUnsafeMutablePointer(to: &writer) { pointer in
            var walk = WireWriter(writer: pointer)
            var copy = value.pointee
            // The writer's steps never throw.
            try! describe(&walk, &copy)
        }
    }
}

extension JSONMember {
    /// Whether the member is named `name`: its UTF-8 compared byte by byte with the literal's, lengths first.
    @inline(__always)
    func isNamed(_ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard key.utf8.count == count else { return false }
        let literal = name.utf8Start
        return key.utf8.withContiguousStorageIfAvailable { key in
            for index in 0..<count where key[index] != literal[index] { return false }
            return true
        } ?? key.utf8.elementsEqual(UnsafeBufferPointer(start: literal, count: count))
    }
}

/// The strict reader: each member is looked up by name, `null` counts as absent, and after the walk the first
/// member it did not look up is refused as unknown.
struct WireReader: WireWalk {
    let object: JSONObjectReader
    /// Which of the first 64 members the walk named. An object has far fewer known members, so an object with
    /// more than 64 has an unknown one among its first 64, and the first unmarked one is the first unknown.
    private var named: UInt64 = 0
    /// How many members the walk named: once it is every member, the optional ones left out are not searched for
    /// (a count kept as it goes, not `named`'s population count, which is a loop of shifts without POPCNT).
    private var namedCount = 0
    /// Where the next lookup starts.
    private var next = 0

    init(_ object: JSONObjectReader) {
        self.object = object
    }

    private func path(_ name: StaticString) -> FieldPath {
        object.path.member(name)
    }

    /// The member's value, nil when absent or `null`; marks it named. The search starts after the member found
    /// last: clients mostly send members in the order they are described, so most lookups compare one key; once
    /// every member is named, the optional members the client left out are not searched for at all.
    @inline(__always)
    private mutating func find(_ name: StaticString) -> JSONValue? {
        let members = object.members
        guard members.count > namedCount else { return nil }
        var index = next < members.count ? next : 0
        for _ in 0..<members.count {
            if members[index].isNamed(name) {
                if index < 64 { named |= 1 << UInt64(index) }
                namedCount += 1
                next = index + 1
                let value = members[index].value
                if case .null = value { return nil }
                return value
            }
            index = index + 1 == members.count ? 0 : index + 1
        }
        return nil
    }

    @inline(__always)
    mutating func required<Value: WireValue>(_ name: StaticString, _ value: inout Value) throws(ValidationError) {
        guard let json = find(name) else { throw ValidationError(field: path(name), message: "is required") }
        value = try Value(wire: json) { path(name) }
    }

    @inline(__always)
    mutating func optional<Value: WireValue>(_ name: StaticString, _ value: inout Value?) throws(ValidationError) {
        guard let json = find(name) else { value = nil; return }
        value = try Value(wire: json) { path(name) }
    }

    @inline(__always)
    mutating func defaulted<Value: WireValue & Equatable>(
        _ name: StaticString, _ value: inout Value, _ fallback: Value, writesFallback: Bool
    ) throws(ValidationError) {
        guard let json = find(name) else { value = fallback; return }
        value = try Value(wire: json) { path(name) }
    }

    mutating func integer(_ name: StaticString, _ value: inout Int?, notWhole: String, rangeRule: String) throws(ValidationError) {
        guard let json = find(name) else { value = nil; return }
        let number = try Double(wire: json) { path(name) }
        value = try JSONObjectReader.integer(number, path: path(name), notWhole: notWhole, rangeRule: rangeRule)
    }

    mutating func object(
        _ name: StaticString, isSet: Bool, _ members: (inout WireReader) throws(ValidationError) -> Void
    ) throws(ValidationError) {
        // An absent object reads as an empty one, whose path no error can name.
        let json = find(name)
        var nested = WireReader(try JSONObjectReader(json ?? .object([]), path: json == nil ? "" : path(name)))
        try members(&nested)
        try nested.finish()
    }

    /// Refuses the first member the walk did not name.
    @inline(__always)
    func finish() throws(ValidationError) {
        let count = object.members.count
        guard named != (count >= 64 ? UInt64.max : (1 << UInt64(count)) - 1) else { return }
        throw firstUnnamed()
    }

    /// The refusal of the first member the walk did not name (one among the first 64, as `named` tells); apart from
    /// ``finish()``, which most objects pass, so that it is inlined where each object is read.
    @inline(never)
    private func firstUnnamed() -> ValidationError {
        let index = (~named).trailingZeroBitCount
        return ValidationError(field: object.fieldPath(object.members[index].key), message: "is not a known field")
    }
}

/// The writer: members in description order, each as its value form writes it. Its steps are inlined into each
/// description, where the member's name is a constant, so that writing the key is a few stores (see `JSONWriter.key`).
struct WireWriter: WireWalk {
    let writer: UnsafeMutablePointer<JSONWriter>

    @inline(__always)
    func required<Value: WireValue>(_ name: StaticString, _ value: inout Value) {
        writer.pointee.key(name)
        value.write(to: &writer.pointee)
    }

    @inline(__always)
    func optional<Value: WireValue>(_ name: StaticString, _ value: inout Value?) {
        guard let value else { return }
        writer.pointee.key(name)
        value.write(to: &writer.pointee)
    }

    @inline(__always)
    func defaulted<Value: WireValue & Equatable>(_ name: StaticString, _ value: inout Value, _ fallback: Value, writesFallback: Bool) {
        guard writesFallback || value != fallback else { return }
        writer.pointee.key(name)
        value.write(to: &writer.pointee)
    }

    @inline(__always)
    func integer(_ name: StaticString, _ value: inout Int?, notWhole: String, rangeRule: String) {
        guard let value else { return }
        writer.pointee.key(name)
        writer.pointee.integer(value)
    }

    mutating func object(_ name: StaticString, isSet: Bool, _ members: (inout WireWriter) throws(ValidationError) -> Void) {
        guard isSet else { return }
        writer.pointee.key(name)
        writer.pointee.beginObject()
        try! members(&self)
        writer.pointee.endObject()
    }
}

// MARK: - Value forms

extension ValidationError {
    /// The refusal of `json` at `path` for being of another kind than `expected` (`must be a number, got a string`).
    /// Apart from the reads, which most values pass, so that each read is inlined where its member is read.
    @inline(never)
    init(_ json: JSONValue, at path: FieldPath, isNot expected: String) {
        self.init(field: path, message: "must be \(expected), got \(json.kindDescription)")
    }
}

extension Double: WireValue {
    /// Reads a number.
    /// - Parameters:
    ///   - json: The member's parsed JSON value.
    ///   - path: The member's path, made only for an error.
    /// - Throws: ``ValidationError`` at `path()` when `json` is not a number (`must be a number, got string`).
    @inline(__always)
    public init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError) {
        guard case .number(let number) = json else { throw ValidationError(json, at: path(), isNot: "a number") }
        self = number
    }

    /// Writes the number.
    /// - Parameter writer: The writer the number is appended to, in its shortest round-tripping decimal form.
    public func write(to writer: inout JSONWriter) { writer.number(self) }
}

extension Int: WireValue {
    /// Reads a whole number.
    /// - Parameters:
    ///   - json: The member's parsed JSON value.
    ///   - path: The member's path, made only for an error.
    /// - Throws: ``ValidationError`` at `path()` when `json` is not a number, has a fraction or does not fit an `Int`
    ///   (`must be a whole number, got 2.5`).
    public init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError) {
        self = try JSONObjectReader.integer(Double(wire: json, path: path), path: path(), rangeRule: "must be a whole number")
    }

    /// Writes the number.
    /// - Parameter writer: The writer the number is appended to, without a fraction or exponent.
    public func write(to writer: inout JSONWriter) { writer.integer(self) }
}

extension Bool: WireValue {
    /// Reads `true` or `false`.
    /// - Parameters:
    ///   - json: The member's parsed JSON value.
    ///   - path: The member's path, made only for an error.
    /// - Throws: ``ValidationError`` at `path()` when `json` is not `true` or `false` (`must be true or false, got
    ///   number`).
    @inline(__always)
    public init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError) {
        guard case .bool(let flag) = json else { throw ValidationError(json, at: path(), isNot: "true or false") }
        self = flag
    }

    /// Writes the flag.
    /// - Parameter writer: The writer `true` or `false` is appended to.
    public func write(to writer: inout JSONWriter) { writer.bool(self) }
}

extension String: WireValue {
    /// Reads a string.
    /// - Parameters:
    ///   - json: The member's parsed JSON value.
    ///   - path: The member's path, made only for an error.
    /// - Throws: ``ValidationError`` at `path()` when `json` is not a string (`must be a string, got number`).
    @inline(__always)
    public init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError) {
        guard case .string(let text) = json else { throw ValidationError(json, at: path(), isNot: "a string") }
        self = text
    }

    /// Writes the string.
    /// - Parameter writer: The writer the string is appended to, quoted and escaped.
    public func write(to writer: inout JSONWriter) { writer.string(self) }
}

extension Array: WireValue where Element: WireValue {
    /// Reads an array, each item in its form.
    /// - Parameters:
    ///   - json: The member's parsed JSON value.
    ///   - path: The array's path; an item's is `path()[index]`.
    /// - Throws: ``ValidationError`` at `path()` when `json` is not an array (`must be an array, got object`), or the
    ///   first item's error, naming the item (`tracks[2].frame`).
    public init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError) {
        guard case .array(let items) = json else {
            throw ValidationError(field: path(), message: "must be an array, got \(json.kindDescription)")
        }
        self = []
        reserveCapacity(items.count)
        for index in items.indices { append(try Element(wire: items[index]) { path().index(index) }) }
    }

    /// Writes the items.
    /// - Parameter writer: The writer the array is appended to, its items in order.
    public func write(to writer: inout JSONWriter) {
        writer.beginArray()
        // Each item is written where it lies: iterating would copy it out, retaining what it holds.
        withUnsafeBufferPointer { items in
            guard let first = items.baseAddress else { return }
            for index in items.indices { Element.write(at: first + index, to: &writer) }
        }
        writer.endArray()
    }
}

/// A string enumeration on the wire: one of its raw values.
public protocol WireEnumeration: WireValue, RawRepresentable, CaseIterable where RawValue == String {}

extension WireEnumeration {
    /// Reads one of the raw values.
    /// - Parameters:
    ///   - json: The member's parsed JSON value.
    ///   - path: The member's path, made only for an error.
    /// - Throws: ``ValidationError`` at `path()` when `json` is not a string, or is not one of the raw values (`must
    ///   be one of "sharedFrame", "zoom", …, got "spin"`).
    @inline(__always)
    public init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError) {
        let text = try String(wire: json, path: path)
        guard let value = Self.named(text) ?? Self(rawValue: text) else { throw Self.unknown(text, at: path()) }
        self = value
    }

    /// The refusal of a string that names no case: apart from the read, which most strings pass, so that the read is
    /// inlined where each member is read.
    @inline(never)
    private static func unknown(_ text: String, at path: FieldPath) -> ValidationError {
        let allowed = allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        return ValidationError(field: path, message: "must be one of \(allowed), got \"\(EchoedInput.bounded(text))\"")
    }

    /// Writes the raw value.
    /// - Parameter writer: The writer the raw value is appended to, as a string.
    public func write(to writer: inout JSONWriter) { writer.string(rawValue) }

    /// The case whose raw value has `text`'s length and equals it: how a client spells a name. Lengths rule most
    /// cases out before any comparison, where `init(rawValue:)` compares `text` with each name in turn; it still reads
    /// what this does not find (a canonically equivalent spelling of another length), so what is accepted is the same.
    @inline(__always)
    private static func named(_ text: String) -> Self? {
        let count = text.utf8.count
        for candidate in allCases where candidate.rawValue.utf8.count == count && candidate.rawValue == text { return candidate }
        return nil
    }
}

extension TransitionStyle: WireEnumeration {}
extension Direction: WireEnumeration {}
extension ContentMode: WireEnumeration {}
extension CornerCurve: WireEnumeration {}
extension MotionPath: WireEnumeration {}
extension FadeMode: WireEnumeration {}
extension ChildSpace: WireEnumeration {}
extension TrackRole: WireEnumeration {}
extension LayerRole: WireEnumeration {}
extension GesturePhase: WireEnumeration {}
extension DragAxis: WireEnumeration {}
extension ReleasePolicy: WireEnumeration {}
extension DismissDecision: WireEnumeration {}
extension DismissReason: WireEnumeration {}

extension TrackProperty: WireValue {
    /// Reads one of the property names (an answer's `animates` item).
    /// - Parameters:
    ///   - json: The item's parsed JSON value.
    ///   - path: The item's path, made only for an error.
    /// - Throws: ``ValidationError`` at `path()` when `json` is not a string naming a ``TrackProperty`` (`must be a
    ///   track property name`).
    public init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError) {
        guard case .string(let name) = json, let property = TrackProperty(rawValue: name) else {
            throw ValidationError(field: path(), message: "must be a track property name")
        }
        self = property
    }

    /// Writes the name.
    /// - Parameter writer: The writer the property's name is appended to, as a string.
    public func write(to writer: inout JSONWriter) { writer.string(rawValue) }
}

/// A hand-written form (two spellings, one of several keys) read through its `JSONDecodable` reader, unless it reads
/// itself as a member (a curve, a sampling: their paths are then spelt out only for an error).
public protocol HandWrittenWireForm: WireValue, JSONCodable {}

extension HandWrittenWireForm {
    /// Reads the value through its hand-written reader.
    /// - Parameters:
    ///   - json: The member's parsed JSON value.
    ///   - path: The member's path, spelt out once for the hand-written reader.
    /// - Throws: ``ValidationError`` from the type's ``JSONDecodable/init(json:path:)``.
    public init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError) {
        try self.init(json: json, path: path())
    }
}
