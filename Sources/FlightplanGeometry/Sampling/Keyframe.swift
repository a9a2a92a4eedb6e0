/// The state of an animated layer at one instant.
///
/// `transform` is applied about the layer's centre; `maskFrame` and `cornerRadius` are in the
/// layer's own space (origin at its top-left, before the transform), so what the eye sees is
/// the mask mapped through the transform and a radius of `cornerRadius × max(a, d)`.
public struct Keyframe: Sendable, Hashable {
    /// Seconds from the start of the transition.
    public var time: Double
    /// Eased progress of the curve at `time` (0 at the start, 1 at the end; springs may overshoot).
    public var progress: Double
    /// The layer's transform, about its centre.
    public var transform: AffineTransform
    /// The visible region in the layer's own space.
    public var maskFrame: Rect
    /// The mask's corner radius in the layer's own space.
    public var cornerRadius: Double
    /// The style's opacity channel (overlay, destination alpha or cross-fade: see `LayerRole`).
    public var opacity: Double

    /// Creates a keyframe.
    /// - Parameters:
    ///   - time: Seconds from the start of the transition.
    ///   - progress: The eased progress at `time`: 0 at the start, 1 at the end; a spring may overshoot past either.
    ///   - transform: The layer's transform, about its centre.
    ///   - maskFrame: The visible region in the layer's own space, points.
    ///   - cornerRadius: The mask's corner radius in the layer's own space, points (on screen, times the scale).
    ///   - opacity: The style's opacity channel, 0…1.
    public init(time: Double, progress: Double, transform: AffineTransform, maskFrame: Rect, cornerRadius: Double, opacity: Double) {
        self.time = time
        self.progress = progress
        self.transform = transform
        self.maskFrame = maskFrame
        self.cornerRadius = cornerRadius
        self.opacity = opacity
    }
}
