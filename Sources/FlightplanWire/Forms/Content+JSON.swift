/// The request's `content` and a track's `content` on the wire, in one place:
/// `{"source"?: SIDE, "destination"?: SIDE, "auxiliary"?: {ID: REFERENCE}}` with `SIDE = {"element"?, "screen"?, "children"?: {ID: REFERENCE}}`
/// and `REFERENCE = {"url", "size"?: {"width", "height"}}` (its rules are the validator's).
extension ContentReferences: WireObject {
    public static var wireStart: ContentReferences { ContentReferences() }

    /// `{"source"?, "destination"?, "auxiliary"?}`, each written when it names something.
    /// - Parameters:
    ///   - value: The content references; an empty side is written as left out.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `source` or `destination` not a
    ///   side object, or `auxiliary` not an object of references.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout ContentReferences) throws(ValidationError) {
        try walk.defaulted("source", &value.source, Side(), writesFallback: false)
        try walk.defaulted("destination", &value.destination, Side(), writesFallback: false)
        var auxiliary = ContentChildren(references: value.auxiliary)
        try walk.defaulted("auxiliary", &auxiliary, ContentChildren(references: [:]), writesFallback: false)
        // Only the reader changes them: the writer's value may lie where nothing may write to it.
        if auxiliary.references != value.auxiliary { value.auxiliary = auxiliary.references }
    }
}

extension ContentReferences.Side: WireObject {
    public static var wireStart: ContentReferences.Side { ContentReferences.Side() }

    /// `{"element"?, "screen"?, "children"?}`.
    /// - Parameters:
    ///   - value: One side's references.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `element` or `screen` not a
    ///   reference, or `children` not an object of references.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout ContentReferences.Side) throws(ValidationError) {
        try walk.optional("element", &value.element)
        try walk.optional("screen", &value.screen)
        var children = ContentChildren(references: value.children)
        try walk.defaulted("children", &children, ContentChildren(references: [:]), writesFallback: false)
        // Only the reader changes them: the writer's value may lie where nothing may write to it.
        if children.references != value.children { value.children = children.references }
    }
}

/// A side's children or the auxiliary views: an object of references by the caller's id, written in id order.
struct ContentChildren: WireValue, Equatable {
    var references: [String: ContentReference]

    /// Reads `{ID: REFERENCE, …}`.
    init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError) {
        let object = try JSONObjectReader(json, path: path())
        references = [:]
        for member in object.members {
            references[member.key] = try ContentReference(wire: member.value) { object.fieldPath(member.key) }
        }
    }

    init(references: [String: ContentReference]) {
        self.references = references
    }

    /// Writes the references by id.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        for (id, reference) in references.sorted(by: { $0.key < $1.key }) {
            writer.dynamicKey(id)
            reference.write(to: &writer)
        }
        writer.endObject()
    }
}

extension ContentReference: WireObject {
    public static var wireStart: ContentReference { ContentReference(url: "") }

    /// `{"url", "size"?}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `url` missing or not a string, or
    ///   `size` not a size.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout ContentReference) throws(ValidationError) {
        try walk.required("url", &value.url)
        try walk.optional("size", &value.size)
    }
}
