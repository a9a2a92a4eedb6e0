/// Where an interrupting plan starts, instead of at its source (`from`): a running plan at some time, or a
/// state and velocity given in the plan's own visible terms.
public indirect enum PlanOrigin: Sendable, Hashable {
    /// The state and per-channel velocity of the plan `request` asks for, `time` seconds in.
    case running(PlanRequest, time: Double)
    /// The flying content's visible state and its rate of change.
    case state(VisibleState, velocity: VisibleState)
}

/// The flying content where the eye sees it (or, as a velocity, how fast each part of it changes per second).
public struct VisibleState: Sendable, Hashable {
    /// The visible clip, window space (a velocity: the rate of each of its fields).
    public var clip: Rect
    /// Where the content's image is drawn, window space; `nil` means the clip (the image fills it).
    public var image: Rect?
    /// The visible corner radius.
    public var cornerRadius: Double
    /// The style's faded track's opacity (the destination's alpha, the overlay's); `nil` leaves it to the plan.
    public var opacity: Double?

    /// Creates a visible state (or velocity).
    /// - Parameters:
    ///   - clip: The visible clip in window space, in points (for a velocity: each field's rate, per second).
    ///   - image: Where the content's image is drawn, in window space; nil (the default) for the clip (the image fills
    ///     it).
    ///   - cornerRadius: The visible corner radius, in points.
    ///   - opacity: The style's faded track's opacity, 0…1 (the destination's alpha, the overlay's); nil (the default)
    ///     leaves it to the plan.
    public init(clip: Rect, image: Rect? = nil, cornerRadius: Double, opacity: Double? = nil) {
        self.clip = clip
        self.image = image
        self.cornerRadius = cornerRadius
        self.opacity = opacity
    }
}
