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

    /// Writes the keyframe: the same JSON as writing each member in turn, built from fixed fragments
    /// because a plan is mostly keyframes (this is the encoder's hot loop).
    public func write(to writer: inout JSONWriter) {
        _ = writeMarkingGeometry(to: &writer)
    }

    /// Writes the keyframe and returns where the text of its geometry members lies (`"transform"` to the corner
    /// radius), for a track's keyframe with the same geometry to repeat.
    fileprivate func writeMarkingGeometry(to writer: inout JSONWriter) -> Range<Int> {
        writer.beginValue()
        writer.fragment(#"{"time":"#); writer.bareNumber(time)
        writer.fragment(#","progress":"#); writer.bareNumber(progress)
        writer.fragment(",")
        let geometryStart = writer.offset
        writer.fragment(#""transform":{"a":"#); writer.bareNumber(transform.a)
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
        let geometryEnd = writer.offset
        writer.fragment(#","opacity":"#); writer.bareNumber(opacity)
        writer.fragment("}")
        writer.endValue()
        return geometryStart..<geometryEnd
    }
}

/// One of the first model's keyframe lists as written (the main layer's or a child's), with where each keyframe's
/// geometry text lies. The track that flies the same layer repeats that text keyframe by keyframe
/// (`TrackValues.writeMembers` writes the same members in the same order), and copying it is cheaper than printing
/// its eleven numbers again.
struct WrittenGeometry {
    let keyframes: [Keyframe]
    let texts: [Range<Int>]

    /// The earlier text of a track keyframe's geometry: the `index`th keyframe's, when the track keyframe sets all
    /// three geometry members to its values.
    func text(repeatedBy keyframe: TrackKeyframe, at index: Int) -> Range<Int>? {
        guard index < keyframes.count else { return nil }
        let earlier = keyframes[index], values = keyframe.values
        guard values.transform == earlier.transform, values.maskFrame == earlier.maskFrame,
              values.cornerRadius == earlier.cornerRadius else { return nil }
        return texts[index]
    }
}

extension [WrittenGeometry] {
    /// The earlier text of a track keyframe's geometry in the first list that has it.
    func text(repeatedBy keyframe: TrackKeyframe, at index: Int) -> Range<Int>? {
        for written in self {
            if let text = written.text(repeatedBy: keyframe, at: index) { return text }
        }
        return nil
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

extension ChildTrack: JSONCodable {
    /// Reads `{"id", "layer", "keyframes"}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        guard let id = try reader.string("id") else { throw ValidationError(field: reader.fieldPath("id"), message: "is required") }
        self.init(
            id: id,
            layer: try AnimatedLayer(json: try reader.required("layer"), path: reader.fieldPath("layer")),
            keyframes: try readKeyframes(reader))
        try reader.finish(allowing: MemberNames.childTrack)
    }

    /// Writes the track.
    public func write(to writer: inout JSONWriter) {
        _ = writeMarkingGeometry(to: &writer)
    }

    /// Writes the track and returns its keyframes' geometry text, which the child's own track repeats.
    fileprivate func writeMarkingGeometry(to writer: inout JSONWriter) -> WrittenGeometry {
        writer.beginObject()
        writer.key("id"); writer.string(id)
        writer.key("layer"); layer.write(to: &writer)
        writer.key("keyframes")
        let geometry = writeKeyframes(keyframes, to: &writer)
        writer.endObject()
        return geometry
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
        self.init(
            style: style, direction: direction,
            duration: try reader.requiredNumber("duration"),
            layer: try AnimatedLayer(json: try reader.required("layer"), path: reader.fieldPath("layer")),
            keyframes: try readKeyframes(reader),
            children: try reader.array("children")?.enumerated().map { item throws(ValidationError) in
                try ChildTrack(json: item.element, path: reader.fieldPath("children").index(item.offset))
            },
            placeholder: try reader.decoded("placeholder", as: Rect.self),
            stage: try reader.decoded("stage", as: Rect.self),
            tracks: try reader.decodedArray("tracks", of: Track.self),
            hides: try reader.array("hides")?.enumerated().map { item throws(ValidationError) in
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

    /// About 340 bytes per keyframe and track (a few more when numbers need all 17 digits).
    public var estimatedJSONSize: Int {
        256 + 360 * (keyframes.count + (children ?? []).reduce(0) { $0 + $1.keyframes.count + 1 })
            + (tracks ?? []).reduce(0) { $0 + 300 + 320 * $1.keyframes.count }
    }

    /// Writes the plan: the exact bytes the server sends and the CLI prints.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("style"); writer.string(style.rawValue)
        writer.key("direction"); writer.string(direction.rawValue)
        writer.key("duration"); writer.number(duration)
        writer.key("layer"); layer.write(to: &writer)
        writer.key("keyframes")
        var geometry = [writeKeyframes(keyframes, to: &writer)]
        if let children {
            writer.key("children")
            writer.beginArray()
            for child in children { geometry.append(child.writeMarkingGeometry(to: &writer)) }
            writer.endArray()
        }
        if let placeholder { writer.key("placeholder"); placeholder.write(to: &writer) }
        if let stage { writer.key("stage"); stage.write(to: &writer) }
        if let tracks {
            writer.key("tracks")
            writer.beginArray()
            for track in tracks { track.write(to: &writer, repeating: geometry) }
            writer.endArray()
        }
        if let hides {
            writer.key("hides")
            writer.beginArray()
            for name in hides { writer.string(name) }
            writer.endArray()
        }
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

private func readKeyframes(_ reader: JSONObjectReader) throws(ValidationError) -> [Keyframe] {
    guard let items = try reader.array("keyframes") else {
        throw ValidationError(field: reader.fieldPath("keyframes"), message: "is required")
    }
    var keyframes: [Keyframe] = []
    keyframes.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
        keyframes.append(try Keyframe(json: item, path: reader.fieldPath("keyframes").index(index)))
    }
    return keyframes
}

private func writeKeyframes(_ keyframes: [Keyframe], to writer: inout JSONWriter) -> WrittenGeometry {
    writer.beginArray()
    var texts: [Range<Int>] = []
    texts.reserveCapacity(keyframes.count)
    for keyframe in keyframes { texts.append(keyframe.writeMarkingGeometry(to: &writer)) }
    writer.endArray()
    return WrittenGeometry(keyframes: keyframes, texts: texts)
}
