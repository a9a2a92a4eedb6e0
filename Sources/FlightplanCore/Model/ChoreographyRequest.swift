/// A part of the motion whose timing a request can set on its own (`timing.channels`).
public enum TimingChannel: String, Sendable, Hashable, CaseIterable {
    /// The flying content's position and size (and the children's).
    case transform
    /// The visible clip's frame.
    case maskFrame
    /// The visible corner radius.
    case cornerRadius
    /// The incoming screen's or snapshot's opacity.
    case fadeIn
    /// The outgoing screen's or snapshot's opacity.
    case fadeOut
    /// The dimming overlay's (scrim's) opacity.
    case overlay
    /// The content's background colour.
    case color
    /// The content's shadow.
    case shadow
    /// The caller's auxiliary views' opacity (a tab bar, a toolbar).
    case auxiliary

    /// Whether the channel is an opacity or colour, which holds inside 0…1 when the curve overshoots.
    public var isClamped: Bool {
        switch self {
        case .transform, .maskFrame, .cornerRadius: return false
        case .fadeIn, .fadeOut, .overlay, .color, .shadow, .auxiliary: return true
        }
    }
}

/// When one channel moves, and along which curve.
public struct ChannelTiming: Sendable, Hashable {
    /// The part of the transition a channel runs over.
    public enum Span: Sendable, Hashable {
        /// From `start` to `end` as fractions (0…1) of the duration, on the channel's own curve.
        case window(start: Double, end: Double)
        /// From `start` to `end` seconds, on the channel's own curve.
        case seconds(start: Double, end: Double)
        /// A share of the plan's eased progress (0…1), as Core Animation's `keyTimes` and UIKit's relative
        /// keyframes split one curve; measured along the push's path, so a pop runs it backwards.
        case progress(start: Double, end: Double)
    }

    /// Where the channel runs.
    public var span: Span
    /// The channel's curve for `window` and `seconds` (the plan's curve when nil); must be nil for `progress`.
    public var curve: TimingCurve?

    /// Creates a channel timing.
    /// - Parameters:
    ///   - span: The part of the transition the channel runs over: fractions of the duration, seconds, or a share of
    ///     the plan's eased progress.
    ///   - curve: The channel's own curve for a `window` or `seconds` span; nil (the default) for the plan's curve. Must be
    ///     nil for a `progress` span, which runs along the plan's curve.
    public init(_ span: Span, curve: TimingCurve? = nil) {
        self.span = span
        self.curve = curve
    }
}

/// How the outgoing and incoming screens or snapshots fade (Material's container transform `FadeMode`).
public enum FadeMode: String, Sendable, Hashable, CaseIterable {
    /// The incoming one fades in over the outgoing one, which stays opaque.
    case `in`
    /// The outgoing one fades out over the incoming one, which is opaque from the start.
    case out
    /// Both at once: the incoming in, the outgoing out.
    case cross
    /// The outgoing one fades out over the first ``PlanDefaults/fadeThroughShare`` of the fade, then the incoming one in.
    case through
}

/// The path the flying content's centre follows.
public enum MotionPath: String, Sendable, Hashable, CaseIterable {
    /// A straight line.
    case straight
    /// Material's arc: a quadratic Bézier whose control point shares the start's x and the end's y when the
    /// motion goes down, the end's x and the start's y when it goes up (`MaterialArcMotion`).
    case arc
}

/// A caller's view that fades with the transition (a tab bar, a toolbar).
public struct AuxiliaryView: Sendable, Hashable {
    /// The caller's name for it, echoed as the track's id.
    public var id: String
    /// Its frame in window space.
    public var frame: Rect
    /// Its opacity where the push starts (on the source screen).
    public var from: Double
    /// Its opacity where the push ends (on the destination screen).
    public var to: Double
    /// How its content (`content.auxiliary.ID`, when it gives a `size`) fills `frame`; nil for
    /// ``PlanDefaults/auxiliaryContentMode``.
    public var contentMode: ContentMode?

    /// Creates an auxiliary view.
    /// - Parameters:
    ///   - id: The caller's name for the view, echoed as its track's id.
    ///   - frame: The view's frame in window space, in points.
    ///   - from: Its opacity (0…1) where the push starts, on the source screen.
    ///   - to: Its opacity (0…1) where the push ends, on the destination screen.
    ///   - contentMode: How its content of a known size fills `frame`; nil (the default) for
    ///     ``PlanDefaults/auxiliaryContentMode``.
    public init(id: String, frame: Rect, from: Double, to: Double, contentMode: ContentMode? = nil) {
        self.id = id
        self.frame = frame
        self.from = from
        self.to = to
        self.contentMode = contentMode
    }
}

/// Which space a snapshot request's child frames are given in.
public enum ChildSpace: String, Sendable, Hashable, CaseIterable {
    /// Window space, like every other rect.
    case window
    /// The container's own space: `from` relative to `source.frame`'s origin, `to` to `destination.frame`'s.
    case container
}

/// How a snapshot transition treats its children.
public struct SnapshotOptions: Sendable, Hashable {
    /// The space the children's frames are given in (``PlanDefaults/childSpace`` when nil).
    public var childSpace: ChildSpace?
    /// Whether each child is clipped to its own frame as it flies (``PlanDefaults/clipsChildren`` when nil).
    public var clipsChildren: Bool?
    /// Seconds between one child's start and the next's (Hero's cascade); each child then moves over
    /// the duration less `stagger × (children − 1)`. Zero when nil.
    public var stagger: Double?

    /// Creates snapshot options.
    /// - Parameters:
    ///   - childSpace: The space the children's `from` and `to` are given in; nil (the default) for window space
    ///     (``PlanDefaults/childSpace``).
    ///   - clipsChildren: Whether each child is clipped to its own frame as it flies; nil (the default) for yes
    ///     (``PlanDefaults/clipsChildren``).
    ///   - stagger: Seconds (≥ 0) between one child's start and the next's; each child then moves over the duration less
    ///     `stagger × (children − 1)`. Nil (the default) for 0: every child moves at once.
    public init(childSpace: ChildSpace? = nil, clipsChildren: Bool? = nil, stagger: Double? = nil) {
        self.childSpace = childSpace
        self.clipsChildren = clipsChildren
        self.stagger = stagger
    }
}
