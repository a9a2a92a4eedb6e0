// The wire shape of a plan request (`POST /v1/plans`): what is left out takes its default, and the defaults a
// client left out stay out when a request is written.

extension PlanRequest: WireObject {
    public static var wireStart: PlanRequest { PlanRequest(source: .wireStart, destination: .wireStart) }

    /// The body of `POST /v1/plans`.
    /// - Parameters:
    ///   - value: The request; what is left out takes its ``PlanDefaults`` value, and the writer leaves `timing`,
    ///     `children` and `auxiliary` out when they are their defaults.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `source` or `destination`
    ///   missing, a member not in its form (`precision` fractional or beyond an `Int`), or a member of `overlay` or
    ///   `placeholder` not known.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout PlanRequest) throws(ValidationError) {
        try walk.defaulted("style", &value.style, PlanDefaults.style)
        try walk.defaulted("direction", &value.direction, PlanDefaults.direction)
        try walk.required("source", &value.source)
        try walk.required("destination", &value.destination)
        try walk.optional("imageSize", &value.imageSize)
        try walk.defaulted("timing", &value.timing, Timing(), writesFallback: false)
        try walk.defaulted("sampling", &value.sampling, PlanDefaults.sampling)
        try walk.object("overlay", isSet: value.overlayOpacity != nil || value.overlayColor != nil) { (overlay: inout Walk) throws(ValidationError) in
            try overlay.optional("opacity", &value.overlayOpacity)
            try overlay.optional("color", &value.overlayColor)
        }
        try walk.object("placeholder", isSet: value.placeholderColor != nil) { (placeholder: inout Walk) throws(ValidationError) in
            try placeholder.optional("color", &value.placeholderColor)
        }
        try walk.defaulted("children", &value.children, [], writesFallback: false)
        try walk.integer("precision", &value.precision, notWhole: PlanLimits.precisionRule, rangeRule: PlanLimits.precisionRule)
        try walk.optional("cornerCurve", &value.cornerCurve)
        try walk.optional("path", &value.path)
        try walk.defaulted("auxiliary", &value.auxiliary, [], writesFallback: false)
        try walk.optional("contentRegion", &value.contentRegion)
        try walk.optional("stageColor", &value.stageColor)
        try walk.optional("reducedMotion", &value.reducedMotion)
        try walk.optional("snapshot", &value.snapshot)
        try walk.optional("from", &value.from)
        try walk.optional("content", &value.content)
    }
}

extension SourceElement: WireObject {
    public static var wireStart: SourceElement { SourceElement(frame: .wireStart) }

    /// `{"frame", "cornerRadius"?, "contentMode"?, "visibleFrame"?, "color"?, "shadow"?}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `frame` missing, or any member
    ///   not in its form.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout SourceElement) throws(ValidationError) {
        try walk.required("frame", &value.frame)
        try walk.defaulted("cornerRadius", &value.cornerRadius, PlanDefaults.cornerRadius)
        try walk.defaulted("contentMode", &value.contentMode, PlanDefaults.sourceContentMode)
        try walk.optional("visibleFrame", &value.visibleFrame)
        try walk.optional("color", &value.color)
        try walk.optional("shadow", &value.shadow)
    }
}

extension DestinationLayout: WireObject {
    public static var wireStart: DestinationLayout { DestinationLayout(bounds: .wireStart) }

    /// `{"bounds", "frame"?, "contentMode"?, "cornerRadius"?, "screenCornerRadius"?, "color"?, "shadow"?}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `bounds` missing, or any member
    ///   not in its form.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout DestinationLayout) throws(ValidationError) {
        try walk.required("bounds", &value.bounds)
        try walk.optional("frame", &value.frame)
        try walk.defaulted("contentMode", &value.contentMode, PlanDefaults.destinationContentMode)
        try walk.defaulted("cornerRadius", &value.cornerRadius, PlanDefaults.cornerRadius)
        try walk.defaulted("screenCornerRadius", &value.screenCornerRadius, PlanDefaults.cornerRadius)
        try walk.optional("color", &value.color)
        try walk.optional("shadow", &value.shadow)
    }
}

extension Timing: WireObject {
    public static var wireStart: Timing { Timing() }

    /// `{"duration"?, "curve"?, "fadeFraction"?, "fadeMode"?, "channels"?}` (a plan's timing, or a dismissal's
    /// finish or cancel timing); written with the fields that are set.
    /// - Parameters:
    ///   - value: The timing; members left out stay nil.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: a member present but not in its
    ///   form, or a key of `channels` that is not a channel.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout Timing) throws(ValidationError) {
        try walk.optional("duration", &value.duration)
        try walk.optional("curve", &value.curve)
        try walk.optional("fadeFraction", &value.fadeFraction)
        try walk.optional("fadeMode", &value.fadeMode)
        try walk.optional("channels", &value.channels)
    }
}

extension Dictionary: WireValue where Key == TimingChannel, Value == ChannelTiming {
    /// Reads `{"<channel>": {…}, …}`, each key one of the channels.
    /// - Parameters:
    ///   - json: The member's parsed JSON value: an object keyed by channel names.
    ///   - path: The member's path (`timing.channels`), made only for an error or the channels' paths.
    /// - Throws: ``ValidationError`` at `path()` when `json` is not an object, at a key that is not a ``TimingChannel``
    ///   (`is not a channel; channels are …`), or from ``ChannelTiming/init(json:path:)`` for a channel's value.
    public init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError) {
        let channels = try JSONObjectReader(json, path: path())
        self = [:]
        for member in channels.members {
            guard let channel = TimingChannel(rawValue: member.key) else {
                let allowed = TimingChannel.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw ValidationError(field: channels.fieldPath(member.key), message: "is not a channel; channels are \(allowed)")
            }
            self[channel] = try ChannelTiming(json: member.value, path: channels.fieldPath(member.key))
        }
    }

    /// Writes the channels in their declared order.
    /// - Parameter writer: The writer the channels are appended to, as one object in ``TimingChannel`` order.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        for channel in TimingChannel.allCases {
            if let timing = self[channel] { writer.dynamicKey(channel.rawValue); timing.write(to: &writer) }
        }
        writer.endObject()
    }
}

extension TimingCurve: HandWrittenWireForm {
    /// The names of the curves that have one.
    private static let names: [(String, TimingCurve)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut)
    ]

    /// Reads a curve as ``init(wire:path:)`` does.
    /// - Parameters:
    ///   - json: The parsed JSON value: one of the four curve names, or an object with the one member `cubicBezier` or
    ///     `spring`.
    ///   - path: Where `json` sits in its document (`""` for the whole body); errors name fields below it.
    /// - Throws: ``ValidationError``, as ``init(wire:path:)`` throws it.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        try self.init(wire: json) { path }
    }

    /// Reads `"linear"`, `"easeIn"`, `"easeOut"`, `"easeInOut"`, `{"cubicBezier": [x1, y1, x2, y2]}`
    /// or `{"spring": {"dampingRatio", "response"?, "initialVelocity"?}}`; paths are spelt out only for an error.
    /// - Parameters:
    ///   - json: The parsed JSON value: one of the four curve names, or an object with the one member `cubicBezier` or
    ///     `spring`.
    ///   - path: Makes the member's path (`timing.curve`), called only for an error or a spring's members' paths.
    /// - Throws: ``ValidationError``, at `path()` for an unknown name or an object without exactly one member, at
    ///   `cubicBezier` when it is not an array of four numbers, from ``SpringParameters``'s reader at `spring`, or at
    ///   any other member. The control points' range is the validator's.
    public init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError) {
        let expected = "must be \"linear\", \"easeIn\", \"easeOut\", \"easeInOut\", {\"cubicBezier\": [x1, y1, x2, y2]} or {\"spring\": {…}}"
        if case .string(let name) = json {
            guard let curve = Self.names.first(where: { $0.0 == name })?.1 else {
                throw ValidationError(field: path(), message: "\(expected), got \"\(EchoedInput.bounded(name))\"")
            }
            self = curve
            return
        }
        guard case .object(let members) = json else {
            throw ValidationError(field: path(), message: "must be an object, got \(json.kindDescription)")
        }
        guard members.count == 1, let member = members.first else {
            throw ValidationError(field: path(), message: "\(expected), got an object with \(members.count) members")
        }
        func memberPath() -> FieldPath { path().member(member.key) }
        if member.isNamed("cubicBezier") {
            guard case .array(let items) = member.value, items.count == 4 else {
                throw ValidationError(field: memberPath(), message: "must be an array of 4 numbers [x1, y1, x2, y2]")
            }
            let numbers = try [Double](wire: member.value, path: memberPath)
            self = .cubicBezier(CubicBezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3]))
        } else if member.isNamed("spring") {
            self = .spring(try SpringParameters(wire: member.value, path: memberPath))
        } else {
            throw ValidationError(field: memberPath(), message: "is not a known curve; \(path()) \(expected)")
        }
    }

    /// Writes the name, or the one-member object of a Bézier or a spring.
    /// - Parameter writer: The writer the curve is appended to, as a string or a one-member object.
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .linear, .easeIn, .easeOut, .easeInOut:
            writer.string(Self.names.first(where: { $0.1 == self })!.0)
        case .cubicBezier(let bezier):
            writer.beginObject()
            writer.key("cubicBezier")
            [bezier.x1, bezier.y1, bezier.x2, bezier.y2].write(to: &writer)
            writer.endObject()
        case .spring(let spring):
            writer.beginObject()
            writer.key("spring")
            spring.write(to: &writer)
            writer.endObject()
        }
    }
}

extension SpringParameters: WireObject {
    public static var wireStart: SpringParameters { SpringParameters(dampingRatio: 1) }

    /// `{"dampingRatio", "response"?, "initialVelocity"?}`.
    /// - Parameters:
    ///   - value: The spring; `initialVelocity` takes its default when left out.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `dampingRatio` missing, or a
    ///   member not a number.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout SpringParameters) throws(ValidationError) {
        try walk.required("dampingRatio", &value.dampingRatio)
        try walk.optional("response", &value.response)
        try walk.defaulted("initialVelocity", &value.initialVelocity, PlanDefaults.springInitialVelocity)
    }
}

extension Sampling: HandWrittenWireForm {
    /// Reads `{"keyframes": N}`, `{"fps": F}` or `{"tolerance": T}` as ``init(wire:path:)`` does.
    /// - Parameters:
    ///   - json: The parsed JSON value: an object with exactly one of `keyframes`, `fps` or `tolerance`.
    ///   - path: Where `json` sits in its document (`""` for the whole body); errors name fields below it.
    /// - Throws: ``ValidationError``, as ``init(wire:path:)`` throws it.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        try self.init(wire: json) { path }
    }

    /// Reads `{"keyframes": N}`, `{"fps": F}` or `{"tolerance": T}`; paths are spelt out only for an error.
    /// - Parameters:
    ///   - json: The parsed JSON value: an object with exactly one of `keyframes` (a whole count), `fps` (frames per
    ///     second) or `tolerance` (points).
    ///   - path: Makes the member's path (`sampling`), called only for an error.
    /// - Throws: ``ValidationError``, at `path()` when `json` is not an object or does not have exactly one member, at
    ///   the member when it is not a number or not known, and at `keyframes` when it has a fraction or is beyond an
    ///   `Int` (``PlanLimits/keyframesRule``). Other ranges are the validator's.
    public init(wire json: JSONValue, path: () -> FieldPath) throws(ValidationError) {
        guard case .object(let members) = json else {
            throw ValidationError(field: path(), message: "must be an object, got \(json.kindDescription)")
        }
        let expected = "must have exactly one of \"keyframes\", \"fps\" or \"tolerance\""
        guard members.count == 1, let member = members.first else {
            throw ValidationError(field: path(), message: "\(expected), got \(members.count) members")
        }
        func memberPath() -> FieldPath { path().member(member.key) }
        let value = try Double(wire: member.value, path: memberPath)
        if member.isNamed("keyframes") {
            self = .keyframes(try JSONObjectReader.integer(value, path: memberPath(), rangeRule: PlanLimits.keyframesRule))
        } else if member.isNamed("fps") {
            self = .fps(value)
        } else if member.isNamed("tolerance") {
            self = .tolerance(value)
        } else {
            throw ValidationError(field: memberPath(), message: "is not a known field; \(path()) \(expected)")
        }
    }

    /// Writes the one member of the case.
    /// - Parameter writer: The writer the sampling is appended to, as a one-member object.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        switch self {
        case .keyframes(let count): writer.key("keyframes"); writer.integer(count)
        case .fps(let fps): writer.key("fps"); writer.number(fps)
        case .tolerance(let tolerance): writer.key("tolerance"); writer.number(tolerance)
        }
        writer.endObject()
    }
}

extension ChildPair: WireObject {
    public static var wireStart: ChildPair { ChildPair(id: "", from: .wireStart, to: .wireStart) }

    /// `{"id", "from", "to", "fromCornerRadius"?, "toCornerRadius"?, "contentMode"?}`.
    /// - Parameters:
    ///   - value: The child pair; the corner radii take their defaults when left out.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `id`, `from` or `to` missing, or
    ///   any member not in its form.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout ChildPair) throws(ValidationError) {
        try walk.required("id", &value.id)
        try walk.required("from", &value.from)
        try walk.required("to", &value.to)
        try walk.defaulted("fromCornerRadius", &value.fromCornerRadius, PlanDefaults.cornerRadius)
        try walk.defaulted("toCornerRadius", &value.toCornerRadius, PlanDefaults.cornerRadius)
        try walk.optional("contentMode", &value.contentMode)
    }
}
