extension Keyframe: JSONCodable {
    /// Reads `{"time", "progress", "transform", "maskFrame", "cornerRadius", "opacity"}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        self.init(
            time: try reader.requiredNumber("time"),
            progress: try reader.requiredNumber("progress"),
            transform: try AffineTransform(json: try reader.required("transform"), path: reader.fieldPath("transform")),
            maskFrame: try Rect(json: try reader.required("maskFrame"), path: reader.fieldPath("maskFrame")),
            cornerRadius: try reader.requiredNumber("cornerRadius"),
            opacity: try reader.requiredNumber("opacity"))
        try reader.finish(allowing: MemberNames.keyframe)
    }

    /// Writes the keyframe: the same JSON as writing each member in turn, built from fixed fragments.
    public func write(to writer: inout JSONWriter) {
        writer.beginValue()
        writer.fragment(#"{"time":"#); writer.bareNumber(time)
        writer.fragment(#","progress":"#); writer.bareNumber(progress)
        writer.fragment(#","transform":{"a":"#); writer.bareNumber(transform.a)
        writer.fragment(#","b":"#); writer.bareNumber(transform.b)
        writer.fragment(#","c":"#); writer.bareNumber(transform.c)
        writer.fragment(#","d":"#); writer.bareNumber(transform.d)
        writer.fragment(#","tx":"#); writer.bareNumber(transform.tx)
        writer.fragment(#","ty":"#); writer.bareNumber(transform.ty)
        writer.fragment(#"},"maskFrame":{"x":"#); writer.bareNumber(maskFrame.x)
        writer.fragment(#","y":"#); writer.bareNumber(maskFrame.y)
        writer.fragment(#","width":"#); writer.bareNumber(maskFrame.width)
        writer.fragment(#","height":"#); writer.bareNumber(maskFrame.height)
        writer.fragment(#"},"cornerRadius":"#); writer.bareNumber(cornerRadius)
        writer.fragment(#","opacity":"#); writer.bareNumber(opacity)
        writer.fragment("}")
        writer.endValue()
    }
}

extension AnimatedLayer: JSONCodable {
    /// Reads `{"role", "frame"}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        guard let role = try reader.enumeration("role", as: LayerRole.self) else {
            throw ValidationError(field: reader.fieldPath("role"), message: "is required")
        }
        self.init(role: role, frame: try Rect(json: try reader.required("frame"), path: reader.fieldPath("frame")))
        try reader.finish(allowing: MemberNames.animatedLayer)
    }

    /// Writes the layer.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("role"); writer.string(role.rawValue)
        writer.key("frame"); frame.write(to: &writer)
        writer.endObject()
    }
}

extension Plan: JSONCodable {
    /// Reads a plan as the server sends it.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        guard let style = try reader.enumeration("style", as: TransitionStyle.self) else {
            throw ValidationError(field: reader.fieldPath("style"), message: "is required")
        }
        guard let direction = try reader.enumeration("direction", as: Direction.self) else {
            throw ValidationError(field: reader.fieldPath("direction"), message: "is required")
        }
        guard let tracks = try reader.decodedArray("tracks", of: Track.self) else {
            throw ValidationError(field: reader.fieldPath("tracks"), message: "is required")
        }
        guard let hides = try reader.array("hides") else { throw ValidationError(field: reader.fieldPath("hides"), message: "is required") }
        self.init(
            style: style, direction: direction,
            duration: try reader.requiredNumber("duration"),
            stage: try Rect(json: try reader.required("stage"), path: reader.fieldPath("stage")),
            tracks: tracks,
            hides: try hides.enumerated().map { item throws(ValidationError) in
                guard case .string(let name) = item.element else {
                    throw ValidationError(field: reader.fieldPath("hides").index(item.offset), message: "must be a string")
                }
                return name
            },
            easing: try reader.decoded("easing", as: PortableEasing.self),
            warnings: try reader.array("warnings")?.enumerated().map { item throws(ValidationError) in
                try PlanWarning(json: item.element, path: reader.fieldPath("warnings").index(item.offset))
            })
        try reader.finish(allowing: MemberNames.plan)
    }

    /// About 300 bytes per track and 200 per track keyframe (a few more when numbers need all 17 digits).
    public var estimatedJSONSize: Int {
        512 + tracks.reduce(0) { $0 + 300 + 200 * $1.keyframes.count }
    }

    /// Writes the plan: the exact bytes the server sends and the CLI prints.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("style"); writer.string(style.rawValue)
        writer.key("direction"); writer.string(direction.rawValue)
        writer.key("duration"); writer.number(duration)
        writer.key("stage"); stage.write(to: &writer)
        writer.key("tracks")
        writer.beginArray()
        for track in tracks { track.write(to: &writer) }
        writer.endArray()
        writer.key("hides")
        writer.beginArray()
        for name in hides { writer.string(name) }
        writer.endArray()
        if let easing { writer.key("easing"); easing.write(to: &writer) }
        if let warnings {
            writer.key("warnings")
            writer.beginArray()
            for warning in warnings { warning.write(to: &writer) }
            writer.endArray()
        }
        writer.endObject()
    }
}

extension PlanWarning: JSONCodable {
    /// Reads `{"field", "message"}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        guard let field = try reader.string("field") else { throw ValidationError(field: reader.fieldPath("field"), message: "is required") }
        guard let message = try reader.string("message") else { throw ValidationError(field: reader.fieldPath("message"), message: "is required") }
        self.init(field: field, message: message)
        try reader.finish(allowing: MemberNames.warning)
    }

    /// Writes the warning.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("field"); writer.string(field)
        writer.key("message"); writer.string(message)
        writer.endObject()
    }
}
