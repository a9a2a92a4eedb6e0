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
    /// - Parameters:
    ///   - role: What the layer is, which tells a renderer what to draw into it.
    ///   - frame: The layer's frame in window space, in points, before its transform.
    public init(role: LayerRole, frame: Rect) {
        self.role = role
        self.frame = frame
    }
}

/// A transition plan: tracks any renderer can play.
public struct Plan: Sendable, Hashable {
    /// The style planned.
    public var style: TransitionStyle
    /// Push or pop.
    public var direction: Direction
    /// Length in seconds; every animated track's last keyframe's time.
    public var duration: Double
    /// The area the tracks are drawn in: the destination's bounds, window space.
    public var stage: Rect
    /// Every animated or held thing, bottom to top: the choreography a renderer plays without knowing the style.
    public var tracks: [Track]
    /// The caller's views to hide for the duration (`sourceElement`, `destinationElement`, `child:ID`):
    /// the tracks draw them instead.
    public var hides: [String]
    /// The plan's timing as a CSS `linear()` easing and, for a spring, SwiftUI's, UIKit's and Core
    /// Animation's parameters: to animate the caller's own views in step (nil for a dismissal's completion,
    /// whose motion is the finger's).
    public var easing: PortableEasing?
    /// What was planned differently from how it was asked (a radius drawn as a capsule); nil when nothing was.
    public var warnings: [PlanWarning]?

    /// Creates a plan.
    /// - Parameters:
    ///   - style: The style planned.
    ///   - direction: Push or pop.
    ///   - duration: Length in seconds: every animated track's last keyframe's time.
    ///   - stage: The area the tracks are drawn in: the destination's bounds, in window space.
    ///   - tracks: Every animated or held thing, bottom to top.
    ///   - hides: The caller's views to hide for the duration (`sourceElement`, `destinationElement`, `child:ID`), which
    ///     the tracks draw instead.
    ///   - easing: The plan's timing as a CSS `linear()` easing and, for a spring, SwiftUI's, UIKit's and Core Animation's
    ///     parameters, to animate the caller's own views in step; nil (the default) for a dismissal's completion.
    ///   - warnings: What was planned differently from how it was asked; nil (the default) when nothing was.
    public init(
        style: TransitionStyle, direction: Direction, duration: Double, stage: Rect, tracks: [Track], hides: [String],
        easing: PortableEasing? = nil, warnings: [PlanWarning]? = nil
    ) {
        self.style = style
        self.direction = direction
        self.duration = duration
        self.stage = stage
        self.tracks = tracks
        self.hides = hides
        self.easing = easing
        self.warnings = warnings
    }
}

/// A non-fatal finding about a request: planned anyway, but not quite as asked.
public struct PlanWarning: Sendable, Hashable {
    /// The field it is about (`source.cornerRadius`).
    public var field: String
    /// What was done instead, phrased to follow the field name.
    public var message: String

    /// Creates a warning about `field`.
    /// - Parameters:
    ///   - field: The field it is about, as a dotted path (`source.cornerRadius`).
    ///   - message: What was done instead, phrased to follow the field name.
    public init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}
