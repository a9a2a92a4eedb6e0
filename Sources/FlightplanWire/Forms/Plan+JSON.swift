// The wire shape of a plan, as the server sends it and the CLI prints it.

extension Plan: WireObject {
    public static var wireStart: Plan {
        Plan(style: PlanDefaults.style, direction: PlanDefaults.direction, duration: 0, stage: .wireStart, tracks: [], hides: [])
    }

    /// `{"style", "direction", "duration", "stage", "tracks", "hides", "easing"?, "warnings"?}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `style`, `direction`, `duration`,
    ///   `stage`, `tracks` or `hides` missing, or any member not in its form.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout Plan) throws(ValidationError) {
        try walk.required("style", &value.style)
        try walk.required("direction", &value.direction)
        try walk.required("duration", &value.duration)
        try walk.required("stage", &value.stage)
        try walk.required("tracks", &value.tracks)
        try walk.required("hides", &value.hides)
        try walk.optional("easing", &value.easing)
        try walk.optional("warnings", &value.warnings)
    }

    /// About 300 bytes per track and 200 per track keyframe (a few more when numbers need all 17 digits).
    public var estimatedJSONSize: Int {
        512 + tracks.reduce(0) { $0 + 300 + 200 * $1.keyframes.count }
    }
}

extension PlanWarning: WireObject {
    public static var wireStart: PlanWarning { PlanWarning(field: "", message: "") }

    /// `{"field", "message"}`.
    /// - Throws: ``ValidationError`` from the reader only, `field` naming the member: `field` or `message` missing or
    ///   not a string.
    public static func describe<Walk: WireWalk>(_ walk: inout Walk, _ value: inout PlanWarning) throws(ValidationError) {
        try walk.required("field", &value.field)
        try walk.required("message", &value.message)
    }
}
