/// The members each JSON object may have, allocated once (an array literal at the call site would
/// allocate on every decode).
enum MemberNames {
    static let overlay: [String] = ["opacity", "color"]
    static let placeholder: [String] = ["color"]
    static let planRequest: [String] = [
        "style", "direction", "source", "destination", "imageSize", "timing", "sampling", "overlay", "placeholder", "children", "precision",
        "cornerCurve", "path", "auxiliary", "contentRegion", "reducedMotion", "snapshot", "from",
    ]
    static let runningOrigin: [String] = ["request", "time"]
    static let stateOrigin: [String] = ["state", "velocity"]
    static let visibleState: [String] = ["clip", "image", "cornerRadius", "opacity"]
    static let source: [String] = ["frame", "cornerRadius", "contentMode", "visibleFrame", "color", "shadow"]
    static let destination: [String] = ["bounds", "frame", "contentMode", "cornerRadius", "screenCornerRadius", "color", "shadow"]
    static let timing: [String] = ["duration", "curve", "fadeFraction", "fadeMode", "channels"]
    static let color: [String] = ["r", "g", "b", "a"]
    static let shadow: [String] = ["color", "radius", "offset"]
    static let auxiliaryView: [String] = ["id", "frame", "from", "to"]
    static let snapshotOptions: [String] = ["childSpace", "clipsChildren", "stagger"]
    static let trackValues: [String] = ["transform", "maskFrame", "cornerRadius", "opacity", "color", "shadow"]
    static let trackKeyframe: [String] = ["time"] + trackValues
    static let track: [String] = ["id", "role", "z", "frame", "cornerCurve", "clip", "base", "animates", "keyframes"]
    static let spring: [String] = ["dampingRatio", "response", "initialVelocity"]
    static let childPair: [String] = ["id", "from", "to", "fromCornerRadius", "toCornerRadius", "contentMode"]
    static let point: [String] = ["x", "y"]
    static let size: [String] = ["width", "height"]
    static let rect: [String] = ["x", "y", "width", "height"]
    static let transform: [String] = ["a", "b", "c", "d", "tx", "ty"]
    static let keyframe: [String] = ["time", "progress", "transform", "maskFrame", "cornerRadius", "opacity"]
    static let animatedLayer: [String] = ["role", "frame"]
    static let dismissRequest: [String] = ["plan", "translation", "velocity", "phase", "axis", "options", "pinch"]
    static let pinch: [String] = ["scale", "velocity"]
    static let dismissOptions: [String] = ["dismissDistance", "minimumScale", "finishDistance", "flingVelocity", "decelerationRate", "fadeDistance", "policy", "finishTiming", "cancelTiming", "carryVelocity"]
    static let dismissal: [String] = ["layer", "state", "decision", "reason", "plan", "spring", "tracks"]
    static let completionSpring: [String] = ["dampingRatio", "response", "initialVelocity", "progressVelocity"]
    static let plan: [String] = ["style", "direction", "duration", "stage", "tracks", "hides", "easing", "warnings"]
    static let easing: [String] = ["css", "spring"]
    static let springExport: [String] = ["swiftUI", "uiKit", "coreAnimation"]
    static let swiftUISpring: [String] = ["response", "dampingFraction", "initialVelocity"]
    static let uiKitSpring: [String] = ["duration", "dampingRatio", "initialSpringVelocity"]
    static let coreAnimationSpring: [String] = ["mass", "stiffness", "damping", "initialVelocity", "settlingDuration"]
    static let warning: [String] = ["field", "message"]
}
