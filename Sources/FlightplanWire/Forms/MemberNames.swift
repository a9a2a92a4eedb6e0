/// The members each JSON object may have, allocated once (an array literal at the call site would
/// allocate on every decode).
enum MemberNames {
    static let overlay: [String] = ["opacity"]
    static let planRequest: [String] = ["style", "direction", "source", "destination", "imageSize", "timing", "sampling", "overlay", "children", "precision"]
    static let source: [String] = ["frame", "cornerRadius", "contentMode"]
    static let destination: [String] = ["bounds", "frame", "contentMode", "cornerRadius", "screenCornerRadius"]
    static let timing: [String] = ["duration", "curve", "fadeFraction"]
    static let spring: [String] = ["dampingRatio", "response", "initialVelocity"]
    static let childPair: [String] = ["id", "from", "to", "fromCornerRadius", "toCornerRadius"]
    static let point: [String] = ["x", "y"]
    static let size: [String] = ["width", "height"]
    static let rect: [String] = ["x", "y", "width", "height"]
    static let transform: [String] = ["a", "b", "c", "d", "tx", "ty"]
    static let keyframe: [String] = ["time", "progress", "transform", "maskFrame", "cornerRadius", "opacity"]
    static let animatedLayer: [String] = ["role", "frame"]
    static let childTrack: [String] = ["id", "layer", "keyframes"]
    static let dismissRequest: [String] = ["plan", "translation", "velocity", "phase", "axis", "options"]
    static let dismissOptions: [String] = ["dismissDistance", "minimumScale", "finishDistance", "flingVelocity", "decelerationRate", "fadeDistance", "policy", "finishTiming", "cancelTiming"]
    static let dismissal: [String] = ["layer", "state", "decision", "reason", "plan", "spring"]
    static let completionSpring: [String] = ["dampingRatio", "response", "initialVelocity", "progressVelocity"]
    static let plan: [String] = ["style", "direction", "duration", "layer", "keyframes", "children", "placeholder", "warnings"]
    static let warning: [String] = ["field", "message"]
}
