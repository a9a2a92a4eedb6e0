/// How keyframe times are chosen.
public enum Sampling: Sendable, Hashable {
    /// Exactly this many keyframes, evenly spaced in time (2…10000).
    case keyframes(Int)
    /// Evenly spaced at this rate, frames per second; the last keyframe lands on the duration.
    case fps(Double)
    /// As few keyframes as keep a linearly interpolating renderer within this many points of the exact plan.
    case tolerance(Double)
}
