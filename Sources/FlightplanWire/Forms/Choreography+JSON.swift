// The wire shapes of choreography (channels, auxiliary views, snapshots), tracks, easings and origins.

extension ChannelTiming: HandWrittenWireForm {
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
        let bounds = try [Double](wire: member.value) { memberPath }
        let span: Span
        switch member.key {
        case "window": span = .window(start: bounds[0], end: bounds[1])
        case "seconds": span = .seconds(start: bounds[0], end: bounds[1])
        case "progress": span = .progress(start: bounds[0], end: bounds[1])
        default: throw ValidationError(field: memberPath, message: "is not a known field; \(path) must have \"window\", \"seconds\" or \"progress\"")
        }
        self.init(
            span,
            curve: try reader.value("curve").map { value throws(ValidationError) in try TimingCurve(json: value, path: reader.fieldPath("curve")) })
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
        [start, end].write(to: &writer)
        if let curve { writer.key("curve"); curve.write(to: &writer) }
        writer.endObject()
    }
}

extension AuxiliaryView: WireObject {
    /// A start for reading.
    public static var wireStart: AuxiliaryView { AuxiliaryView(id: "", frame: .wireStart, from: 0, to: 0) }

    /// `{"id", "frame", "from", "to"}`.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout AuxiliaryView) throws(ValidationError) {
        try walk.required("id", &value.id)
        try walk.required("frame", &value.frame)
        try walk.required("from", &value.from)
        try walk.required("to", &value.to)
    }
}

extension SnapshotOptions: WireObject {
    /// A start for reading.
    public static var wireStart: SnapshotOptions { SnapshotOptions() }

    /// `{"childSpace"?, "clipsChildren"?, "stagger"?}`.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout SnapshotOptions) throws(ValidationError) {
        try walk.optional("childSpace", &value.childSpace)
        try walk.optional("clipsChildren", &value.clipsChildren)
        try walk.optional("stagger", &value.stagger)
    }
}

extension TrackValues: WireObject {
    /// A start for reading.
    public static var wireStart: TrackValues { TrackValues() }

    /// The values that are set (a track's `base`; a keyframe holds them beside its `time`).
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout TrackValues) throws(ValidationError) {
        try walk.optional("transform", &value.transform)
        try walk.optional("maskFrame", &value.maskFrame)
        try walk.optional("cornerRadius", &value.cornerRadius)
        try walk.optional("opacity", &value.opacity)
        try walk.optional("color", &value.color)
        try walk.optional("shadow", &value.shadow)
    }
}

extension TrackKeyframe: WireObject {
    /// A start for reading.
    public static var wireStart: TrackKeyframe { TrackKeyframe(time: 0, values: TrackValues()) }

    /// `{"time", …the animated values}`.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout TrackKeyframe) throws(ValidationError) {
        try walk.required("time", &value.time)
        try TrackValues.describe(&walk, &value.values)
    }
}

extension Track: WireObject {
    /// A start for reading.
    public static var wireStart: Track {
        Track(id: "", role: .content, z: 0, frame: .wireStart, base: TrackValues(), animates: [], keyframes: [])
    }

    /// A track as the server sends it.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout Track) throws(ValidationError) {
        try walk.required("id", &value.id)
        try walk.required("role", &value.role)
        try walk.defaulted("z", &value.z, 0)
        try walk.required("frame", &value.frame)
        try walk.optional("cornerCurve", &value.cornerCurve)
        try walk.optional("clip", &value.clip)
        try walk.optional("content", &value.content)
        try walk.optional("contentFrame", &value.contentFrame)
        try walk.required("base", &value.base)
        try walk.required("animates", &value.animates)
        try walk.defaulted("keyframes", &value.keyframes, [])
    }
}

extension PortableEasing: HandWrittenWireForm {
    /// Reads `{"css": "linear(…)", "spring"?}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        guard let css = try reader.string("css") else { throw ValidationError(field: reader.fieldPath("css"), message: "is required") }
        guard let easing = PortableEasing(css: css, spring: try reader.decoded("spring", as: SpringExport.self)) else {
            throw ValidationError(field: reader.fieldPath("css"), message: "must be a linear() easing")
        }
        self = easing
        try reader.finish(allowing: ["css", "spring"])
    }

    /// Writes the easing.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("css"); writer.string(css)
        if let spring { writer.key("spring"); spring.write(to: &writer) }
        writer.endObject()
    }
}

extension SpringExport: WireObject {
    /// A start for reading.
    public static var wireStart: SpringExport {
        SpringExport(swiftUI: .wireStart, uiKit: .wireStart, coreAnimation: .wireStart)
    }

    /// The three parameter sets.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout SpringExport) throws(ValidationError) {
        try walk.required("swiftUI", &value.swiftUI)
        try walk.required("uiKit", &value.uiKit)
        try walk.required("coreAnimation", &value.coreAnimation)
    }
}

extension SpringExport.SwiftUI: WireObject {
    /// A start for reading.
    public static var wireStart: SpringExport.SwiftUI { SpringExport.SwiftUI(response: 0, dampingFraction: 0, initialVelocity: 0) }

    /// `{"response", "dampingFraction", "initialVelocity"}`.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout SpringExport.SwiftUI) throws(ValidationError) {
        try walk.required("response", &value.response)
        try walk.required("dampingFraction", &value.dampingFraction)
        try walk.required("initialVelocity", &value.initialVelocity)
    }
}

extension SpringExport.UIKit: WireObject {
    /// A start for reading.
    public static var wireStart: SpringExport.UIKit { SpringExport.UIKit(duration: 0, dampingRatio: 0, initialSpringVelocity: 0) }

    /// `{"duration", "dampingRatio", "initialSpringVelocity"}`.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout SpringExport.UIKit) throws(ValidationError) {
        try walk.required("duration", &value.duration)
        try walk.required("dampingRatio", &value.dampingRatio)
        try walk.required("initialSpringVelocity", &value.initialSpringVelocity)
    }
}

extension SpringExport.CoreAnimation: WireObject {
    /// A start for reading.
    public static var wireStart: SpringExport.CoreAnimation {
        SpringExport.CoreAnimation(mass: 0, stiffness: 0, damping: 0, initialVelocity: 0, settlingDuration: 0)
    }

    /// `{"mass", "stiffness", "damping", "initialVelocity", "settlingDuration"}`.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout SpringExport.CoreAnimation) throws(ValidationError) {
        try walk.required("mass", &value.mass)
        try walk.required("stiffness", &value.stiffness)
        try walk.required("damping", &value.damping)
        try walk.required("initialVelocity", &value.initialVelocity)
        try walk.required("settlingDuration", &value.settlingDuration)
    }
}

extension VisibleState: WireObject {
    /// A start for reading.
    public static var wireStart: VisibleState { VisibleState(clip: .wireStart, cornerRadius: 0) }

    /// `{"clip", "image"?, "cornerRadius", "opacity"?}`.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout VisibleState) throws(ValidationError) {
        try walk.required("clip", &value.clip)
        try walk.optional("image", &value.image)
        try walk.required("cornerRadius", &value.cornerRadius)
        try walk.optional("opacity", &value.opacity)
    }
}

extension PlanOrigin: HandWrittenWireForm {
    /// Reads `{"request", "time"}` or `{"state", "velocity"}`.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        if let request = reader.value("request") {
            self = .running(try PlanRequest(json: request, path: reader.fieldPath("request")), time: try reader.requiredNumber("time"))
            try reader.finish(allowing: ["request", "time"])
        } else if let state = reader.value("state") {
            self = .state(
                try VisibleState(json: state, path: reader.fieldPath("state")),
                velocity: try VisibleState(json: try reader.required("velocity"), path: reader.fieldPath("velocity")))
            try reader.finish(allowing: ["state", "velocity"])
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
