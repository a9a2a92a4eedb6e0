/// What the descriptions say that openapi.yaml must say too, as ``DocumentedRules`` states it: each described
/// object's member names (`properties`), the members a request must send or an answer always carries
/// (`required`), and the default of each enumeration member a request may leave out.
enum WireSchemaRules {
    /// Whether a component is read from clients (its required members are those they must send) or written to
    /// them (those every answer carries, `null` included).
    private enum Side {
        case request, answer
    }

    /// The rules of the components of openapi.yaml that are one described object each.
    static var rules: [DocumentedRules.Rule] {
        rules(of: Rect.self, named: "Rect", side: .request) + rules(of: Size.self, named: "Size", side: .request)
            + rules(of: Point.self, named: "Vector", side: .request) + rules(of: Shadow.self, named: "Shadow", side: .request)
            + rules(of: ChildPair.self, named: "ChildPair", side: .request)
            + rules(of: PlanRequest.self, named: "PlanRequest", side: .request)
            + rules(of: VisibleState.self, named: "VisibleState", side: .request)
            + rules(of: DismissRequest.self, named: "DismissRequest", side: .request)
            + rules(of: Rect.self, named: "PlanRect", side: .answer)
            + rules(of: AffineTransform.self, named: "AffineTransform", side: .answer)
            + rules(of: Keyframe.self, named: "Keyframe", side: .answer)
            + rules(of: AnimatedLayer.self, named: "AnimatedLayer", side: .answer) + rules(of: Plan.self, named: "Plan", side: .answer)
            + rules(of: TrackValues.self, named: "TrackValues", side: .answer) + rules(of: Track.self, named: "Track", side: .answer)
            + rules(of: CompletionSpring.self, named: "CompletionSpring", side: .answer)
    }

    private static func rules<Object: WireObject>(of type: Object.Type, named name: String, side: Side) -> [DocumentedRules.Rule] {
        var walk = WireMembers()
        var value = Object.wireStart
        // Listing members never throws.
        try! Object.describe(&walk, &value)
        let pointer = "/components/schemas/\(name)"
        var rules = [
            DocumentedRules.Rule(pointer: pointer, keyword: "properties", value: .array(walk.names.map(JSONValue.string)))
        ]
        let required = side == .request ? walk.required : walk.alwaysWritten
        if !required.isEmpty {
            rules.append(DocumentedRules.Rule(pointer: pointer, keyword: "required", value: .array(required.map(JSONValue.string))))
        }
        if side == .request {
            rules += walk.enumerationDefaults.map { member, value in
                DocumentedRules.Rule(pointer: "\(pointer)/properties/\(member)", keyword: "default", value: .string(value))
            }
        }
        return rules
    }
}

/// Lists a description's members: all of them, the required ones, those always written, and the defaults of
/// enumeration members.
private struct WireMembers: WireWalk {
    var names: [String] = []
    var required: [String] = []
    var alwaysWritten: [String] = []
    var enumerationDefaults: [(String, String)] = []

    mutating func required<Value: WireValue>(_ name: StaticString, _ value: inout Value) {
        names.append(name.description)
        required.append(name.description)
        alwaysWritten.append(name.description)
    }

    mutating func optional<Value: WireValue>(_ name: StaticString, _ value: inout Value?) {
        names.append(name.description)
    }

    mutating func defaulted<Value: WireValue & Equatable>(_ name: StaticString, _ value: inout Value, _ fallback: Value, writesFallback: Bool) {
        names.append(name.description)
        if writesFallback { alwaysWritten.append(name.description) }
        if let enumeration = fallback as? any WireEnumeration { enumerationDefaults.append((name.description, enumeration.rawValue)) }
    }

    mutating func integer(_ name: StaticString, _ value: inout Int?, notWhole: String, rangeRule: String) {
        names.append(name.description)
    }

    mutating func object(_ name: StaticString, isSet: Bool, _ members: (inout WireMembers) throws(ValidationError) -> Void) {
        names.append(name.description)
    }
}
