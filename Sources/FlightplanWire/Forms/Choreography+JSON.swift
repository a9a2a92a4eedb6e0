extension Color: JSONCodable {
    /// Reads `"#RRGGBB"`, `"#RRGGBBAA"` or `{"r", "g", "b", "a"?}` (components 0…1).
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        if case .string(let text) = json {
            guard let color = Color(hex: text) else {
                throw ValidationError(field: path, message: "must be \"#RRGGBB\", \"#RRGGBBAA\" or {\"r\", \"g\", \"b\", \"a\"}, got \"\(EchoedInput.bounded(text))\"")
            }
            self = color
            return
        }
        let reader = try JSONObjectReader(json, path: path)
        self.init(
            r: try reader.requiredNumber("r"), g: try reader.requiredNumber("g"), b: try reader.requiredNumber("b"),
            a: try reader.number("a") ?? 1)
        try reader.finish(allowing: MemberNames.color)
    }

    /// Writes `{"r", "g", "b", "a"}`.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("r"); writer.number(r)
        writer.key("g"); writer.number(g)
        writer.key("b"); writer.number(b)
        writer.key("a"); writer.number(a)
        writer.endObject()
    }
}

extension Shadow: JSONCodable {
    /// Reads `{"color", "radius", "offset": {"x", "y"}}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        self.init(
            color: try Color(json: try reader.required("color"), path: reader.fieldPath("color")),
            radius: try reader.requiredNumber("radius"),
            offset: try Point(json: try reader.required("offset"), path: reader.fieldPath("offset")))
        try reader.finish(allowing: MemberNames.shadow)
    }

    /// Writes the shadow.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("color"); color.write(to: &writer)
        writer.key("radius"); writer.number(radius)
        writer.key("offset"); offset.write(to: &writer)
        writer.endObject()
    }
}

extension ChannelTiming: JSONCodable {
    /// Reads `{"window" | "seconds" | "progress": [start, end], "curve"?}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        let spans = reader.members.filter { $0.key != "curve" }
        guard spans.count == 1, let member = spans.first else {
            throw ValidationError(field: path, message: "must have exactly one of \"window\", \"seconds\" or \"progress\", got \(spans.count)")
        }
        let memberPath = reader.fieldPath(member.key)
        guard case .array(let items) = member.value, items.count == 2 else {
            throw ValidationError(field: memberPath, message: "must be an array of 2 numbers [start, end]")
        }
        let start = try JSONObjectReader.number(items[0], path: memberPath.index(0))
        let end = try JSONObjectReader.number(items[1], path: memberPath.index(1))
        let span: Span
        switch member.key {
        case "window": span = .window(start: start, end: end)
        case "seconds": span = .seconds(start: start, end: end)
        case "progress": span = .progress(start: start, end: end)
        default: throw ValidationError(field: memberPath, message: "is not a known field; \(path) must have \"window\", \"seconds\" or \"progress\"")
        }
        self.init(span, curve: try reader.value("curve").map { value throws(ValidationError) in try TimingCurve(json: value, path: reader.fieldPath("curve")) })
    }

    /// Writes the span under its kind's key, and the curve when set.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        let (key, start, end): (String, Double, Double)
        switch span {
        case .window(let s, let e): (key, start, end) = ("window", s, e)
        case .seconds(let s, let e): (key, start, end) = ("seconds", s, e)
        case .progress(let s, let e): (key, start, end) = ("progress", s, e)
        }
        writer.dynamicKey(key)
        writer.beginArray()
        writer.number(start)
        writer.number(end)
        writer.endArray()
        if let curve { writer.key("curve"); curve.write(to: &writer) }
        writer.endObject()
    }
}

extension AuxiliaryView: JSONCodable {
    /// Reads `{"id", "frame", "from", "to"}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        guard let id = try reader.string("id") else { throw ValidationError(field: reader.fieldPath("id"), message: "is required") }
        self.init(
            id: id, frame: try Rect(json: try reader.required("frame"), path: reader.fieldPath("frame")),
            from: try reader.requiredNumber("from"), to: try reader.requiredNumber("to"))
        try reader.finish(allowing: MemberNames.auxiliaryView)
    }

    /// Writes the view.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id"); writer.string(id)
        writer.key("frame"); frame.write(to: &writer)
        writer.key("from"); writer.number(from)
        writer.key("to"); writer.number(to)
        writer.endObject()
    }
}

extension SnapshotOptions: JSONCodable {
    /// Reads `{"childSpace"?, "clipsChildren"?, "stagger"?}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        self.init(
            childSpace: try reader.enumeration("childSpace", as: ChildSpace.self),
            clipsChildren: try reader.bool("clipsChildren"), stagger: try reader.number("stagger"))
        try reader.finish(allowing: MemberNames.snapshotOptions)
    }

    /// Writes the options that are set.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let childSpace { writer.key("childSpace"); writer.string(childSpace.rawValue) }
        if let clipsChildren { writer.key("clipsChildren"); writer.bool(clipsChildren) }
        if let stagger { writer.key("stagger"); writer.number(stagger) }
        writer.endObject()
    }
}

extension TrackValues {
    /// Reads the values' members from an object that may hold others (a keyframe's `time`).
    init(reader: JSONObjectReader) throws(ValidationError) {
        self.init(
            transform: try reader.decoded("transform", as: AffineTransform.self),
            maskFrame: try reader.decoded("maskFrame", as: Rect.self),
            cornerRadius: try reader.number("cornerRadius"),
            opacity: try reader.number("opacity"),
            color: try reader.decoded("color", as: Color.self),
            shadow: try reader.decoded("shadow", as: Shadow.self))
    }

    /// Writes the values that are set as members of the object being written.
    func writeMembers(to writer: inout JSONWriter) {
        if let transform { writer.key("transform"); transform.write(to: &writer) }
        if let maskFrame { writer.key("maskFrame"); maskFrame.write(to: &writer) }
        if let cornerRadius { writer.key("cornerRadius"); writer.number(cornerRadius) }
        if let opacity { writer.key("opacity"); writer.number(opacity) }
        if let color { writer.key("color"); color.write(to: &writer) }
        if let shadow { writer.key("shadow"); shadow.write(to: &writer) }
    }
}

extension TrackKeyframe: JSONCodable {
    /// Reads `{"time", …the animated values}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        self.init(time: try reader.requiredNumber("time"), values: try TrackValues(reader: reader))
        try reader.finish(allowing: MemberNames.trackKeyframe)
    }

    /// Writes the keyframe.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("time"); writer.number(time)
        values.writeMembers(to: &writer)
        writer.endObject()
    }
}

extension Track: JSONCodable {
    /// Reads a track as the server sends it.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        guard let id = try reader.string("id") else { throw ValidationError(field: reader.fieldPath("id"), message: "is required") }
        guard let role = try reader.enumeration("role", as: TrackRole.self) else {
            throw ValidationError(field: reader.fieldPath("role"), message: "is required")
        }
        let base = try JSONObjectReader(try reader.required("base"), path: reader.fieldPath("base"))
        guard let animates = try reader.array("animates") else { throw ValidationError(field: reader.fieldPath("animates"), message: "is required") }
        var properties: [TrackProperty] = []
        for (index, item) in animates.enumerated() {
            guard case .string(let name) = item, let property = TrackProperty(rawValue: name) else {
                throw ValidationError(field: reader.fieldPath("animates").index(index), message: "must be a track property name")
            }
            properties.append(property)
        }
        self.init(
            id: id, role: role, z: try reader.integer("z", rangeRule: "must be a whole number") ?? 0,
            frame: try Rect(json: try reader.required("frame"), path: reader.fieldPath("frame")),
            cornerCurve: try reader.enumeration("cornerCurve", as: CornerCurve.self),
            clip: try reader.decoded("clip", as: Rect.self),
            base: try TrackValues(reader: base), animates: properties,
            keyframes: try reader.decodedArray("keyframes", of: TrackKeyframe.self) ?? [])
        try base.finish(allowing: MemberNames.trackValues)
        try reader.finish(allowing: MemberNames.track)
    }

    /// Writes the track.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("id"); writer.string(id)
        writer.key("role"); writer.string(role.rawValue)
        writer.key("z"); writer.integer(z)
        writer.key("frame"); frame.write(to: &writer)
        if let cornerCurve { writer.key("cornerCurve"); writer.string(cornerCurve.rawValue) }
        if let clip { writer.key("clip"); clip.write(to: &writer) }
        writer.key("base")
        writer.beginObject()
        base.writeMembers(to: &writer)
        writer.endObject()
        writer.key("animates")
        writer.beginArray()
        for property in animates { writer.string(property.rawValue) }
        writer.endArray()
        writer.key("keyframes")
        writer.beginArray()
        for keyframe in keyframes { keyframe.write(to: &writer) }
        writer.endArray()
        writer.endObject()
    }
}

extension PortableEasing: JSONCodable {
    /// Reads `{"css": "linear(…)", "spring"?}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        guard let css = try reader.string("css") else { throw ValidationError(field: reader.fieldPath("css"), message: "is required") }
        guard let easing = PortableEasing(css: css, spring: try reader.decoded("spring", as: SpringExport.self)) else {
            throw ValidationError(field: reader.fieldPath("css"), message: "must be a linear() easing")
        }
        self = easing
        try reader.finish(allowing: MemberNames.easing)
    }

    /// Writes the easing.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("css"); writer.string(css)
        if let spring { writer.key("spring"); spring.write(to: &writer) }
        writer.endObject()
    }
}

extension SpringExport: JSONCodable {
    /// Reads the three parameter sets.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        let swiftUI = try JSONObjectReader(try reader.required("swiftUI"), path: reader.fieldPath("swiftUI"))
        let uiKit = try JSONObjectReader(try reader.required("uiKit"), path: reader.fieldPath("uiKit"))
        let coreAnimation = try JSONObjectReader(try reader.required("coreAnimation"), path: reader.fieldPath("coreAnimation"))
        self.init(
            swiftUI: SwiftUI(
                response: try swiftUI.requiredNumber("response"), dampingFraction: try swiftUI.requiredNumber("dampingFraction"),
                initialVelocity: try swiftUI.requiredNumber("initialVelocity")),
            uiKit: UIKit(
                duration: try uiKit.requiredNumber("duration"), dampingRatio: try uiKit.requiredNumber("dampingRatio"),
                initialSpringVelocity: try uiKit.requiredNumber("initialSpringVelocity")),
            coreAnimation: CoreAnimation(
                mass: try coreAnimation.requiredNumber("mass"), stiffness: try coreAnimation.requiredNumber("stiffness"),
                damping: try coreAnimation.requiredNumber("damping"), initialVelocity: try coreAnimation.requiredNumber("initialVelocity"),
                settlingDuration: try coreAnimation.requiredNumber("settlingDuration")))
        try swiftUI.finish(allowing: MemberNames.swiftUISpring)
        try uiKit.finish(allowing: MemberNames.uiKitSpring)
        try coreAnimation.finish(allowing: MemberNames.coreAnimationSpring)
        try reader.finish(allowing: MemberNames.springExport)
    }

    /// Writes the three parameter sets.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("swiftUI")
        writer.beginObject()
        writer.key("response"); writer.number(swiftUI.response)
        writer.key("dampingFraction"); writer.number(swiftUI.dampingFraction)
        writer.key("initialVelocity"); writer.number(swiftUI.initialVelocity)
        writer.endObject()
        writer.key("uiKit")
        writer.beginObject()
        writer.key("duration"); writer.number(uiKit.duration)
        writer.key("dampingRatio"); writer.number(uiKit.dampingRatio)
        writer.key("initialSpringVelocity"); writer.number(uiKit.initialSpringVelocity)
        writer.endObject()
        writer.key("coreAnimation")
        writer.beginObject()
        writer.key("mass"); writer.number(coreAnimation.mass)
        writer.key("stiffness"); writer.number(coreAnimation.stiffness)
        writer.key("damping"); writer.number(coreAnimation.damping)
        writer.key("initialVelocity"); writer.number(coreAnimation.initialVelocity)
        writer.key("settlingDuration"); writer.number(coreAnimation.settlingDuration)
        writer.endObject()
        writer.endObject()
    }
}

extension VisibleState: JSONCodable {
    /// Reads `{"clip", "image"?, "cornerRadius", "opacity"?}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        self.init(
            clip: try Rect(json: try reader.required("clip"), path: reader.fieldPath("clip")),
            image: try reader.decoded("image", as: Rect.self),
            cornerRadius: try reader.requiredNumber("cornerRadius"),
            opacity: try reader.number("opacity"))
        try reader.finish(allowing: MemberNames.visibleState)
    }

    /// Writes the state.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("clip"); clip.write(to: &writer)
        if let image { writer.key("image"); image.write(to: &writer) }
        writer.key("cornerRadius"); writer.number(cornerRadius)
        if let opacity { writer.key("opacity"); writer.number(opacity) }
        writer.endObject()
    }
}

extension PlanOrigin: JSONCodable {
    /// Reads `{"request", "time"}` or `{"state", "velocity"}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        if let request = reader.value("request") {
            self = .running(try PlanRequest(json: request, path: reader.fieldPath("request")), time: try reader.requiredNumber("time"))
            try reader.finish(allowing: MemberNames.runningOrigin)
        } else if let state = reader.value("state") {
            self = .state(
                try VisibleState(json: state, path: reader.fieldPath("state")),
                velocity: try VisibleState(json: try reader.required("velocity"), path: reader.fieldPath("velocity")))
            try reader.finish(allowing: MemberNames.stateOrigin)
        } else {
            throw ValidationError(field: path, message: "must have \"request\" and \"time\", or \"state\" and \"velocity\"")
        }
    }

    /// Writes the origin.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        switch self {
        case .running(let request, let time):
            writer.key("request"); request.write(to: &writer)
            writer.key("time"); writer.number(time)
        case .state(let state, let velocity):
            writer.key("state"); state.write(to: &writer)
            writer.key("velocity"); velocity.write(to: &writer)
        }
        writer.endObject()
    }
}
