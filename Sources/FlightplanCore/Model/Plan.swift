/// What the animated layer is, which tells a renderer what to draw into it.
public enum LayerRole: String, Sendable, Hashable, CaseIterable, Codable {
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
public struct AnimatedLayer: Sendable, Hashable, Codable {
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
public struct ChildTrack: Sendable, Hashable, Codable {
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
public struct Plan: Sendable, Hashable, Codable {
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
    /// The area the tracks are drawn in: the destination's bounds, window space.
    public var stage: Rect?
    /// Every animated or held thing, bottom to top: the choreography a renderer plays without knowing the
    /// style. (`layer`, `keyframes`, `children` and `placeholder` say the same for the main layer in the
    /// first model's terms and stay for this release.)
    public var tracks: [Track]?
    /// The caller's views to hide for the duration (`sourceElement`, `destinationElement`, `child:ID`):
    /// the tracks draw them instead.
    public var hides: [String]?
    /// The plan's timing as a CSS `linear()` easing and, for a spring, SwiftUI's, UIKit's and Core
    /// Animation's parameters: to animate the caller's own views in step.
    public var easing: PortableEasing?
    /// What was planned differently from how it was asked (a radius drawn as a capsule); nil when nothing was.
    public var warnings: [PlanWarning]?

    /// Creates a plan.
    public init(
        style: TransitionStyle, direction: Direction, duration: Double, layer: AnimatedLayer,
        keyframes: [Keyframe], children: [ChildTrack]? = nil, placeholder: Rect? = nil, stage: Rect? = nil, tracks: [Track]? = nil,
        hides: [String]? = nil, easing: PortableEasing? = nil, warnings: [PlanWarning]? = nil
    ) {
        self.easing = easing
        self.stage = stage
        self.tracks = tracks
        self.hides = hides
        self.style = style
        self.direction = direction
        self.duration = duration
        self.layer = layer
        self.keyframes = keyframes
        self.children = children
        self.placeholder = placeholder
        self.warnings = warnings
    }
}

/// A non-fatal finding about a request: planned anyway, but not quite as asked.
public struct PlanWarning: Sendable, Hashable, Codable {
    /// The field it is about (`source.cornerRadius`).
    public var field: String
    /// What was done instead, phrased to follow the field name.
    public var message: String

    /// Creates a warning about `field`.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}
