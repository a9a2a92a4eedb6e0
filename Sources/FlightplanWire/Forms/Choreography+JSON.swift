// The wire shapes of choreography (channels, auxiliary views, snapshots), tracks, easings and origins.

extension ChannelTiming: HandWrittenWireForm {
    /// Reads `{"window" | "seconds" | "progress": [start, end], "curve"?}`.
    /// - Parameters:
    ///   - json: The parsed JSON value: an object with one span member and an optional `curve`.
    ///   - path: Where `json` sits in its document (`""` for the whole body); errors name fields below it.
    /// - Throws: ``ValidationError``, at `path` when the object has no span member or more than one; at the span's
    ///   member when it is not a known span or not an array of two numbers (seconds for `seconds`, fractions of the
    ///   duration for `window` and `progress`); from ``TimingCurve/init(json:path:)`` at `curve`. The span's order and
    ///   range are the validator's.
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
    /// - Parameter writer: The writer the channel timing is appended to, as one object.
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
    public static var wireStart: AuxiliaryView { AuxiliaryView(id: "", frame: .wireStart, from: 0, to: 0) }

    /// `{"id", "frame", "from", "to", "contentMode"?}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `id`, `frame`, `from` or `to`
    ///   missing or not in its form, or `contentMode` not a known mode.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout AuxiliaryView) throws(ValidationError) {
        try walk.required("id", &value.id)
        try walk.required("frame", &value.frame)
        try walk.required("from", &value.from)
        try walk.required("to", &value.to)
        try walk.optional("contentMode", &value.contentMode)
    }
}

extension SnapshotOptions: WireObject {
    public static var wireStart: SnapshotOptions { SnapshotOptions() }

    /// `{"childSpace"?, "clipsChildren"?, "stagger"?}`.
    /// - Parameters:
    ///   - value: The snapshot options; members left out stay nil.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `childSpace` not a known space,
    ///   `clipsChildren` not a flag or `stagger` not a number.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout SnapshotOptions) throws(ValidationError) {
        try walk.optional("childSpace", &value.childSpace)
        try walk.optional("clipsChildren", &value.clipsChildren)
        try walk.optional("stagger", &value.stagger)
    }
}

extension TrackValues: WireObject {
    public static var wireStart: TrackValues { TrackValues() }

    /// The values that are set (a track's `base`; a keyframe holds them beside its `time`).
    /// - Parameters:
    ///   - value: The values; the reader leaves absent ones nil, the writer skips nil ones.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `transform`, `maskFrame`,
    ///   `cornerRadius`, `opacity`, `color` or `shadow` present but not in its form.
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
    public static var wireStart: TrackKeyframe { TrackKeyframe(time: 0, values: TrackValues()) }

    /// `{"time", …the animated values}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `time` missing or not a number,
    ///   or an animated value not in its form.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout TrackKeyframe) throws(ValidationError) {
        try walk.required("time", &value.time)
        try TrackValues.describe(&walk, &value.values)
    }

    /// The most bytes ``write(at:to:)`` writes before the rare members: 124 of keys and punctuation and 13 numbers, none
    /// longer than 24 bytes (`Double.description`'s longest).
    private static let longestStraightRun = 124 + 13 * 24

    /// Writes the keyframe `value` points to with the bytes ``describe(_:_:)``'s walk writes, in one straight run: a
    /// plan's keyframes hold most of its numbers, and their shape is fixed, so the keys and punctuation between two
    /// numbers are one literal run (`,"b":`, `},"maskFrame":{"x":`) with no comma bookkeeping, and the transform and the
    /// mask are written in place rather than by a walk of their own each. (`TrackKeyframeWriterTests` hold it to the
    /// walk's bytes.)
    /// - Parameters:
    ///   - value: The keyframe, such as an item in an array's storage.
    ///   - writer: The writer the keyframe is appended to, as one object: `time`, then the values that are set.
    public static func write(at value: UnsafePointer<TrackKeyframe>, to writer: inout JSONWriter) {
        /// A number after the literal run that precedes it, in the room made below.
        @inline(__always)
        func member(_ run: StaticString, _ number: Double) {
            writer.reservedFragment(run)
            writer.bareNumber(number)
        }
        writer.beginValue()
        writer.reserve(longestStraightRun)
        member(#"{"time":"#, value.pointee.time)
        if let transform = value.pointee.values.transform {
            member(#","transform":{"a":"#, transform.a); member(#","b":"#, transform.b); member(#","c":"#, transform.c)
            member(#","d":"#, transform.d); member(#","tx":"#, transform.tx); member(#","ty":"#, transform.ty)
            writer.reservedFragment("}")
        }
        if let mask = value.pointee.values.maskFrame {
            member(#","maskFrame":{"x":"#, mask.x); member(#","y":"#, mask.y)
            member(#","width":"#, mask.width); member(#","height":"#, mask.height)
            writer.reservedFragment("}")
        }
        if let cornerRadius = value.pointee.values.cornerRadius { member(#","cornerRadius":"#, cornerRadius) }
        if let opacity = value.pointee.values.opacity { member(#","opacity":"#, opacity) }
        // The rare members, objects of their own, through their walks: after `time` each key is preceded by a comma.
        writer.endValue()
        if let color = value.pointee.values.color {
            writer.key("color")
            color.write(to: &writer)
        }
        if let shadow = value.pointee.values.shadow {
            writer.key("shadow")
            shadow.write(to: &writer)
        }
        writer.endObject()
    }
}

extension Track: WireObject {
    public static var wireStart: Track {
        Track(id: "", role: .content, z: 0, frame: .wireStart, base: TrackValues(), animates: [], keyframes: [])
    }

    /// A track as the server sends it.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `id`, `role`, `frame`, `base` or
    ///   `animates` missing, or any member not in its form.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout Track) throws(ValidationError) {
        try walk.required("id", &value.id)
        try walk.required("role", &value.role)
        try walk.defaulted("z", &value.z, 0)
        try walk.optional("parent", &value.parent)
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
    /// - Parameters:
    ///   - json: The parsed JSON value: an object with `css` and an optional `spring`.
    ///   - path: Where `json` sits in its document (`""` for the whole body); errors name fields below it.
    /// - Throws: ``ValidationError``, at `css` when it is missing (`is required`) or not a `linear(…)` easing, at
    ///   `spring` when it is not the three parameter sets, or at the first other member (`is not a known field`).
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
    /// - Parameter writer: The writer the easing is appended to: `css`, then `spring` when set.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("css"); writeCSS(to: &writer)
        if let spring { writer.key("spring"); spring.write(to: &writer) }
        writer.endObject()
    }
}

extension SpringExport: WireObject {
    public static var wireStart: SpringExport {
        SpringExport(swiftUI: .wireStart, uiKit: .wireStart, coreAnimation: .wireStart)
    }

    /// The three parameter sets.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `swiftUI`, `uiKit` or
    ///   `coreAnimation` missing or not in its form.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout SpringExport) throws(ValidationError) {
        try walk.required("swiftUI", &value.swiftUI)
        try walk.required("uiKit", &value.uiKit)
        try walk.required("coreAnimation", &value.coreAnimation)
    }
}

extension SpringExport.SwiftUI: WireObject {
    public static var wireStart: SpringExport.SwiftUI { SpringExport.SwiftUI(response: 0, dampingFraction: 0, initialVelocity: 0) }

    /// `{"response", "dampingFraction", "initialVelocity"}`.
    /// - Parameters:
    ///   - value: SwiftUI's parameters: response in seconds, damping fraction, initial velocity.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `response`, `dampingFraction` or
    ///   `initialVelocity` missing or not a number.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout SpringExport.SwiftUI) throws(ValidationError) {
        try walk.required("response", &value.response)
        try walk.required("dampingFraction", &value.dampingFraction)
        try walk.required("initialVelocity", &value.initialVelocity)
    }
}

extension SpringExport.UIKit: WireObject {
    public static var wireStart: SpringExport.UIKit { SpringExport.UIKit(duration: 0, dampingRatio: 0, initialSpringVelocity: 0) }

    /// `{"duration", "dampingRatio", "initialSpringVelocity"}`.
    /// - Parameters:
    ///   - value: UIKit's parameters: duration in seconds, damping ratio, initial spring velocity.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `duration`, `dampingRatio` or
    ///   `initialSpringVelocity` missing or not a number.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout SpringExport.UIKit) throws(ValidationError) {
        try walk.required("duration", &value.duration)
        try walk.required("dampingRatio", &value.dampingRatio)
        try walk.required("initialSpringVelocity", &value.initialSpringVelocity)
    }
}

extension SpringExport.CoreAnimation: WireObject {
    public static var wireStart: SpringExport.CoreAnimation {
        SpringExport.CoreAnimation(mass: 0, stiffness: 0, damping: 0, initialVelocity: 0, settlingDuration: 0)
    }

    /// `{"mass", "stiffness", "damping", "initialVelocity", "settlingDuration"}`.
    /// - Parameters:
    ///   - value: Core Animation's parameters: mass, stiffness, damping, initial velocity, settling duration in
    ///     seconds.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `mass`, `stiffness`, `damping`,
    ///   `initialVelocity` or `settlingDuration` missing or not a number.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout SpringExport.CoreAnimation) throws(ValidationError) {
        try walk.required("mass", &value.mass)
        try walk.required("stiffness", &value.stiffness)
        try walk.required("damping", &value.damping)
        try walk.required("initialVelocity", &value.initialVelocity)
        try walk.required("settlingDuration", &value.settlingDuration)
    }
}

extension VisibleState: WireObject {
    public static var wireStart: VisibleState { VisibleState(clip: .wireStart, cornerRadius: 0) }

    /// `{"clip", "image"?, "cornerRadius", "opacity"?}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `clip` or `cornerRadius` missing,
    ///   or any member not in its form.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout VisibleState) throws(ValidationError) {
        try walk.required("clip", &value.clip)
        try walk.optional("image", &value.image)
        try walk.required("cornerRadius", &value.cornerRadius)
        try walk.optional("opacity", &value.opacity)
    }
}

extension PlanOrigin: HandWrittenWireForm {
    /// Reads `{"request", "time"}` or `{"state", "velocity"}`.
    /// - Parameters:
    ///   - json: The parsed JSON value: `{"request", "time"}` or `{"state", "velocity"}`.
    ///   - path: Where `json` sits in its document (`""` for the whole body); errors name fields below it.
    /// - Throws: ``ValidationError``, at `path` when it has neither `request` nor `state`; at `time` or `velocity` when
    ///   it is missing beside them; from the plan request's or the states' readers; or at the first member the chosen
    ///   shape does not name (`is not a known field`).
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
    /// - Parameter writer: The writer the origin is appended to, in the shape of its case.
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
