extension DismissRequest: JSONCodable {
    /// Reads `{"plan", "translation", "velocity"?, "phase"?, "axis"?, "options"?, "pinch"?}`; unknown members are rejected.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        self.init(
            plan: try PlanRequest(json: try reader.required("plan"), path: reader.fieldPath("plan")),
            translation: try Point(json: try reader.required("translation"), path: reader.fieldPath("translation")),
            velocity: try reader.value("velocity").map { value throws(ValidationError) in
                try Point(json: value, path: reader.fieldPath("velocity"))
            } ?? .zero,
            phase: try reader.enumeration("phase", as: GesturePhase.self) ?? PlanDefaults.gesturePhase,
            axis: try reader.enumeration("axis", as: DragAxis.self) ?? PlanDefaults.dragAxis,
            options: try reader.object("options").map { options throws(ValidationError) in try DismissOptions(reader: options) }
                ?? DismissOptions(),
            pinch: try reader.object("pinch").map { pinch throws(ValidationError) in
                let sample = PinchSample(scale: try pinch.requiredNumber("scale"), velocity: try pinch.number("velocity") ?? 0)
                try pinch.finish(allowing: MemberNames.pinch)
                return sample
            })
        try reader.finish(allowing: MemberNames.dismissRequest)
    }

    /// Writes the sample with every option it sets.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("plan"); plan.write(to: &writer)
        writer.key("translation"); translation.write(to: &writer)
        writer.key("velocity"); velocity.write(to: &writer)
        writer.key("phase"); writer.string(phase.rawValue)
        writer.key("axis"); writer.string(axis.rawValue)
        if options != DismissOptions() {
            writer.key("options")
            writer.beginObject()
            for (name, value) in options.numbers {
                if let value { writer.dynamicKey(name); writer.number(value) }
            }
            if let policy = options.policy { writer.key("policy"); writer.string(policy.rawValue) }
            if let timing = options.finishTiming { writer.key("finishTiming"); timing.write(to: &writer) }
            if let timing = options.cancelTiming { writer.key("cancelTiming"); timing.write(to: &writer) }
            if let carry = options.carryVelocity { writer.key("carryVelocity"); writer.bool(carry) }
            writer.endObject()
        }
        if let pinch {
            writer.key("pinch")
            writer.beginObject()
            writer.key("scale"); writer.number(pinch.scale)
            writer.key("velocity"); writer.number(pinch.velocity)
            writer.endObject()
        }
        writer.endObject()
    }
}

extension DismissOptions {
    fileprivate init(reader: JSONObjectReader) throws(ValidationError) {
        self.init(
            dismissDistance: try reader.number("dismissDistance"),
            minimumScale: try reader.number("minimumScale"),
            finishDistance: try reader.number("finishDistance"),
            flingVelocity: try reader.number("flingVelocity"),
            decelerationRate: try reader.number("decelerationRate"),
            fadeDistance: try reader.number("fadeDistance"),
            policy: try reader.enumeration("policy", as: ReleasePolicy.self),
            finishTiming: try reader.object("finishTiming").map { object throws(ValidationError) in try Timing(reader: object) },
            cancelTiming: try reader.object("cancelTiming").map { object throws(ValidationError) in try Timing(reader: object) },
            carryVelocity: try reader.bool("carryVelocity"))
        try reader.finish(allowing: MemberNames.dismissOptions)
    }

    /// The numeric options by their JSON names, in ``MemberNames/dismissOptions`` order.
    fileprivate var numbers: [(String, Double?)] {
        Array(zip(MemberNames.dismissOptions, [dismissDistance, minimumScale, finishDistance, flingVelocity, decelerationRate, fadeDistance]))
    }
}

extension Dismissal: JSONCodable {
    /// Reads `{"layer", "state", "decision", "plan", "spring"}` as the server sends it.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        self.init(
            layer: try AnimatedLayer(json: try reader.required("layer"), path: reader.fieldPath("layer")),
            state: try Keyframe(json: try reader.required("state"), path: reader.fieldPath("state")),
            decision: try reader.enumeration("decision", as: DismissDecision.self),
            reason: try reader.enumeration("reason", as: DismissReason.self),
            plan: try reader.value("plan").map { value throws(ValidationError) in try Plan(json: value, path: reader.fieldPath("plan")) },
            spring: try reader.value("spring").map { value throws(ValidationError) in
                try CompletionSpring(json: value, path: reader.fieldPath("spring"))
            },
            tracks: try reader.decodedArray("tracks", of: Track.self))
        try reader.finish(allowing: MemberNames.dismissal)
    }

    /// The plan's size and a little more.
    public var estimatedJSONSize: Int { 800 + (plan?.estimatedJSONSize ?? 0) }

    /// Writes the answer; `decision`, `reason`, `plan` and `spring` are `null` while dragging.
    public func write(to writer: inout JSONWriter) {
        write(to: &writer, format: .json)
    }

    /// Writes the answer with its completion plan in `format` (a text format as a JSON string).
    func write(to writer: inout JSONWriter, format: PlanFormat) {
        writer.beginObject()
        writer.key("layer"); layer.write(to: &writer)
        writer.key("state"); state.write(to: &writer)
        writer.key("decision")
        if let decision { writer.string(decision.rawValue) } else { writer.null() }
        writer.key("reason")
        if let reason { writer.string(reason.rawValue) } else { writer.null() }
        writer.key("plan")
        if let plan { format.write(plan, to: &writer) } else { writer.null() }
        writer.key("spring")
        if let spring { spring.write(to: &writer) } else { writer.null() }
        if let tracks { writer.key("tracks"); writeArray(tracks, to: &writer) }
        writer.endObject()
    }
}

extension CompletionSpring: JSONCodable {
    /// Reads `{"dampingRatio", "response", "initialVelocity", "progressVelocity"}` as the server sends it.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        self.init(
            dampingRatio: try reader.requiredNumber("dampingRatio"),
            response: try reader.requiredNumber("response"),
            initialVelocity: try Point(json: try reader.required("initialVelocity"), path: reader.fieldPath("initialVelocity")),
            progressVelocity: try reader.requiredNumber("progressVelocity"))
        try reader.finish(allowing: MemberNames.completionSpring)
    }

    /// Writes the spring.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("dampingRatio"); writer.number(dampingRatio)
        writer.key("response"); writer.number(response)
        writer.key("initialVelocity"); initialVelocity.write(to: &writer)
        writer.key("progressVelocity"); writer.number(progressVelocity)
        writer.endObject()
    }
}
