// The wire shapes of a drag sample (`POST /v1/gestures/dismiss`) and its answer.

extension DismissRequest: WireObject {
    public static var wireStart: DismissRequest { DismissRequest(plan: .wireStart, translation: .zero) }

    /// `{"plan", "translation", "velocity"?, "phase"?, "axis"?, "options"?, "pinch"?}`; `options` is written when
    /// some are set.
    /// - Parameters:
    ///   - value: The drag sample; `velocity`, `phase` and `axis` take their defaults when left out.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `plan` or `translation` missing,
    ///   or any member not in its form.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout DismissRequest) throws(ValidationError) {
        try walk.required("plan", &value.plan)
        try walk.required("translation", &value.translation)
        try walk.defaulted("velocity", &value.velocity, .zero)
        try walk.defaulted("phase", &value.phase, PlanDefaults.gesturePhase)
        try walk.defaulted("axis", &value.axis, PlanDefaults.dragAxis)
        try walk.defaulted("options", &value.options, DismissOptions(), writesFallback: false)
        try walk.optional("pinch", &value.pinch)
    }
}

extension DismissOptions: WireObject {
    public static var wireStart: DismissOptions { DismissOptions() }

    /// The options that are set.
    /// - Parameters:
    ///   - value: The options; members left out stay nil.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: a member present but not in its
    ///   form.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout DismissOptions) throws(ValidationError) {
        try walk.optional("dismissDistance", &value.dismissDistance)
        try walk.optional("minimumScale", &value.minimumScale)
        try walk.optional("finishDistance", &value.finishDistance)
        try walk.optional("flingVelocity", &value.flingVelocity)
        try walk.optional("decelerationRate", &value.decelerationRate)
        try walk.optional("fadeDistance", &value.fadeDistance)
        try walk.optional("policy", &value.policy)
        try walk.optional("finishTiming", &value.finishTiming)
        try walk.optional("cancelTiming", &value.cancelTiming)
        try walk.optional("carryVelocity", &value.carryVelocity)
    }
}

extension PinchSample: WireObject {
    public static var wireStart: PinchSample { PinchSample(scale: 1) }

    /// `{"scale", "velocity"?}`.
    /// - Parameters:
    ///   - value: The pinch sample; `velocity` is 0 when left out.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `scale` missing or not a number,
    ///   or `velocity` not a number.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout PinchSample) throws(ValidationError) {
        try walk.required("scale", &value.scale)
        try walk.defaulted("velocity", &value.velocity, 0)
    }
}

extension Dismissal: WireObject {
    public static var wireStart: Dismissal { Dismissal(layer: .wireStart, state: .wireStart) }

    /// The answer as the server sends it: `decision`, `reason`, `plan` and `spring` are left out while dragging (a
    /// `null` in their place reads as left out).
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `layer` or `state` missing, or
    ///   any member not in its form.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout Dismissal) throws(ValidationError) {
        try describeDecision(&walk, &value)
        try walk.optional("plan", &value.plan)
        try describeCompletion(&walk, &value)
    }

    /// The members before the completion plan, which an answer in an export format writes itself.
    private static func describeDecision<Walk: WireWalk>(_ walk: inout Walk, _ value: inout Dismissal) throws(ValidationError) {
        try walk.required("layer", &value.layer)
        try walk.required("state", &value.state)
        try walk.optional("decision", &value.decision)
        try walk.optional("reason", &value.reason)
    }

    /// The members after the completion plan.
    private static func describeCompletion<Walk: WireWalk>(_ walk: inout Walk, _ value: inout Dismissal) throws(ValidationError) {
        try walk.optional("spring", &value.spring)
        try walk.optional("tracks", &value.tracks)
    }

    /// The plan's size and a little more.
    public var estimatedJSONSize: Int { 800 + (plan?.estimatedJSONSize ?? 0) }

    /// Writes the answer with its completion plan in `format` (a text format as a JSON string).
    func write(to writer: inout JSONWriter, format: PlanFormat, idPrefix: String = ExportScene.defaultPrefix) {
        guard format != .json else { return write(to: &writer) }
        writer.beginObject()
        var answer = self
        withUnsafeMutablePointer(to: &writer) { pointer in
            var walk = WireWriter(writer: pointer)
            // The writer's steps never throw.
            try! Self.describeDecision(&walk, &answer)
            if let plan {
                pointer.pointee.key("plan")
                format.write(plan, to: &pointer.pointee, idPrefix: idPrefix)
            }
            try! Self.describeCompletion(&walk, &answer)
        }
        writer.endObject()
    }
}

extension CompletionSpring: WireObject {
    public static var wireStart: CompletionSpring { CompletionSpring(dampingRatio: 1, response: 0, initialVelocity: .zero, progressVelocity: 0) }

    /// `{"dampingRatio", "response", "initialVelocity", "progressVelocity"}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `dampingRatio`, `response`,
    ///   `initialVelocity` or `progressVelocity` missing or not in its form.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout CompletionSpring) throws(ValidationError) {
        try walk.required("dampingRatio", &value.dampingRatio)
        try walk.required("response", &value.response)
        try walk.required("initialVelocity", &value.initialVelocity)
        try walk.required("progressVelocity", &value.progressVelocity)
    }
}

extension AnimatedLayer: WireObject {
    public static var wireStart: AnimatedLayer { AnimatedLayer(role: .image, frame: .wireStart) }

    /// `{"role", "frame"}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `role` or `frame` missing, or
    ///   `role` not a known role.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout AnimatedLayer) throws(ValidationError) {
        try walk.required("role", &value.role)
        try walk.required("frame", &value.frame)
    }
}
