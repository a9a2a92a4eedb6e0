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
    /// The style's opacity channel (overlay, destination alpha or cross-fade: see ``LayerRole``).
    public var opacity: Double

    /// Creates a keyframe.
    public init(time: Double, progress: Double, transform: AffineTransform, maskFrame: Rect, cornerRadius: Double, opacity: Double) {
        self.time = time
        self.progress = progress
        self.transform = transform
        self.maskFrame = maskFrame
        self.cornerRadius = cornerRadius
        self.opacity = opacity
    }
}

/// What the animated layer is, which tells a renderer what to draw into it.
public enum LayerRole: String, Sendable, Hashable, CaseIterable {
    /// sharedFrame: the whole destination screen; `opacity` is the dimming overlay's.
    case destinationScreen
    /// zoom: the image at its final fitted frame; `opacity` is the destination screen's alpha.
    case image
    /// reveal: the source element (button) growing about its centre; `opacity` is the destination's alpha.
    case expandingElement
    /// morph: the shared element at its destination frame; `opacity` is the destination's alpha.
    case element
    /// snapshot: the destination container's snapshot; `opacity` is its cross-fade alpha.
    case container
    /// A child pair's destination snapshot; `opacity` is its cross-fade alpha.
    case child
}

/// The layer a track animates: its role and untransformed frame in window space.
public struct AnimatedLayer: Sendable, Hashable {
    /// What the layer is.
    public var role: LayerRole
    /// The layer's frame in window space, before its transform.
    public var frame: Rect

    /// Creates a layer description.
    public init(role: LayerRole, frame: Rect) {
        self.role = role
        self.frame = frame
    }
}

/// A child pair's track in a plan.
public struct ChildTrack: Sendable, Hashable {
    /// The pair's id from the request.
    public var id: String
    /// The child's layer (its destination frame).
    public var layer: AnimatedLayer
    /// Keyframes at the same times as the plan's.
    public var keyframes: [Keyframe]

    /// Creates a child track.
    public init(id: String, layer: AnimatedLayer, keyframes: [Keyframe]) {
        self.id = id
        self.layer = layer
        self.keyframes = keyframes
    }
}

/// A transition plan: keyframes any renderer can play.
public struct Plan: Sendable, Hashable {
    /// The style planned.
    public var style: TransitionStyle
    /// Push or pop.
    public var direction: Direction
    /// Length in seconds; the last keyframe's time.
    public var duration: Double
    /// The animated layer.
    public var layer: AnimatedLayer
    /// Keyframes, times strictly increasing from exactly 0 to exactly `duration`.
    public var keyframes: [Keyframe]
    /// Child pair tracks, when the request had children.
    public var children: [ChildTrack]?
    /// sharedFrame: the source cell (window space) to cover with a placeholder during the flight.
    public var placeholder: Rect?

    /// Creates a plan.
    public init(
        style: TransitionStyle, direction: Direction, duration: Double, layer: AnimatedLayer,
        keyframes: [Keyframe], children: [ChildTrack]? = nil, placeholder: Rect? = nil
    ) {
        self.style = style
        self.direction = direction
        self.duration = duration
        self.layer = layer
        self.keyframes = keyframes
        self.children = children
        self.placeholder = placeholder
    }
}
