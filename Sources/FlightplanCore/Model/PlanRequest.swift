/// The kind of shared-element transition to plan.
public enum TransitionStyle: String, Sendable, Hashable, CaseIterable {
    /// The destination screen flies out of a grid cell, masked to it (Instagram-style push/pop).
    case sharedFrame
    /// The image flies from its cell to its fitted frame while the destination fades in (Photos-style).
    case zoom
    /// The source element grows about its centre until it covers the screen, then the destination fades in.
    case reveal
    /// An element flies from one frame to another, its corner radius morphing (list-to-detail).
    case morph
    /// A container snapshot flies between frames with child pairs on their own tracks.
    case snapshot
}

/// Whether the transition opens (`push`) or closes (`pop`) the destination.
public enum Direction: String, Sendable, Hashable, CaseIterable {
    /// From the source element to the destination.
    case push
    /// From the destination back to the source element: push played backwards.
    case pop
}

/// The small, collapsed element the transition starts from (grid cell, button, list avatar).
public struct SourceElement: Sendable, Hashable {
    /// The element's frame in window space.
    public var frame: Rect
    /// Its corner radius as seen on screen, in points.
    public var cornerRadius: Double
    /// How it shows the image.
    public var contentMode: ContentMode
    /// The part of `frame` the user sees (a cell half under a bar), window space; the flight starts from
    /// it. `nil` means all of `frame`.
    public var visibleFrame: Rect?
    /// The element's background colour (reveal's button, morph's container); `nil` for none.
    public var color: Color?
    /// The element's shadow; `nil` for none.
    public var shadow: Shadow?

    /// Creates a source element.
    /// - Parameters:
    ///   - frame: The element's frame in window space, in points.
    ///   - cornerRadius: Its corner radius as seen on screen, in points; 0 (square corners) by default.
    ///   - contentMode: How it shows the image; `aspectFill` (cropped to fill, as a grid cell) by default.
    ///   - visibleFrame: The part of `frame` the user sees (a cell half under a bar), in window space; the flight starts
    ///     from it. Nil (the default) for all of `frame`.
    ///   - color: The element's background colour (reveal's button, morph's container); nil (the default) for none.
    ///   - shadow: The element's shadow; nil (the default) for none.
    public init(
        frame: Rect, cornerRadius: Double = PlanDefaults.cornerRadius, contentMode: ContentMode = PlanDefaults.sourceContentMode,
        visibleFrame: Rect? = nil, color: Color? = nil, shadow: Shadow? = nil
    ) {
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.contentMode = contentMode
        self.visibleFrame = visibleFrame
        self.color = color
        self.shadow = shadow
    }
}

/// The screen the transition opens into.
public struct DestinationLayout: Sendable, Hashable {
    /// The destination screen's bounds in window space.
    public var bounds: Rect
    /// Where the destination shows the shared content, in window space; `nil` means `bounds`.
    public var frame: Rect?
    /// How the destination shows the image inside `frame`.
    public var contentMode: ContentMode
    /// Corner radius of the content at `frame`, as seen on screen.
    public var cornerRadius: Double
    /// Corner radius of the screen itself (sharedFrame's final mask), as seen on screen.
    public var screenCornerRadius: Double
    /// The content's background colour at the destination; `nil` for the source's.
    public var color: Color?
    /// The content's shadow at the destination; `nil` for none.
    public var shadow: Shadow?

    /// Creates a destination layout.
    /// - Parameters:
    ///   - bounds: The destination screen's bounds in window space, in points.
    ///   - frame: Where the destination shows the shared content, in window space; nil (the default) for `bounds`.
    ///   - contentMode: How the destination shows the image inside `frame`; `aspectFit` (the whole image)
    ///     by default.
    ///   - cornerRadius: The content's corner radius at `frame` as seen on screen, in points; 0 by default.
    ///   - screenCornerRadius: The screen's own corner radius (sharedFrame's final mask) as seen on screen, in points; 0
    ///     by default.
    ///   - color: The content's background colour at the destination; nil (the default) for the source's.
    ///   - shadow: The content's shadow at the destination; nil (the default) for none.
    public init(
        bounds: Rect, frame: Rect? = nil, contentMode: ContentMode = PlanDefaults.destinationContentMode,
        cornerRadius: Double = PlanDefaults.cornerRadius, screenCornerRadius: Double = PlanDefaults.cornerRadius,
        color: Color? = nil, shadow: Shadow? = nil
    ) {
        self.bounds = bounds
        self.frame = frame
        self.contentMode = contentMode
        self.cornerRadius = cornerRadius
        self.screenCornerRadius = screenCornerRadius
        self.color = color
        self.shadow = shadow
    }

    /// `frame`, or `bounds` when no frame was given.
    public var contentFrame: Rect { frame ?? bounds }
}

/// Duration and curve; what is left out takes the style's default.
public struct Timing: Sendable, Hashable {
    /// Seconds; `nil` for the style's default. Must be left out for a spring with `response`.
    public var duration: Double?
    /// The curve; `nil` for the style's default.
    public var curve: TimingCurve?
    /// Reveal only: the share of the plan's eased progress spent fading the destination in
    /// (``PlanDefaults/fadeFraction`` when nil).
    public var fadeFraction: Double?
    /// How the outgoing and incoming screens or snapshots fade (the style's default when nil).
    public var fadeMode: FadeMode?
    /// Channels that run over their own part of the transition; the others follow the plan's curve.
    public var channels: [TimingChannel: ChannelTiming]?

    /// Creates a timing.
    /// - Parameters:
    ///   - duration: Seconds; nil (the default) for the style's (``PlanDefaults/timing(for:direction:)``). Must be nil
    ///     for a spring with a `response`, which sets its own length.
    ///   - curve: The curve; nil (the default) for the style's.
    ///   - fadeFraction: Reveal only: the share, in (0, 1), of the plan's eased progress spent fading the destination in;
    ///     nil (the default) for ``PlanDefaults/fadeFraction`` (0.5).
    ///   - fadeMode: How the outgoing and incoming screens or snapshots fade; nil (the default) for the style's
    ///     (``PlanDefaults/fadeMode(for:reducedMotion:)``).
    ///   - channels: Channels that run over their own part of the transition; nil (the default) for none: every channel
    ///     follows the plan's curve.
    public init(
        duration: Double? = nil, curve: TimingCurve? = nil, fadeFraction: Double? = nil, fadeMode: FadeMode? = nil,
        channels: [TimingChannel: ChannelTiming]? = nil
    ) {
        self.duration = duration
        self.curve = curve
        self.fadeFraction = fadeFraction
        self.fadeMode = fadeMode
        self.channels = channels
    }
}

/// A child pair of a snapshot transition: one element in the source and its twin in the destination.
public struct ChildPair: Sendable, Hashable {
    /// The caller's name for the pair, echoed in the plan.
    public var id: String
    /// The child's frame in the source, window space.
    public var from: Rect
    /// The child's frame in the destination, window space.
    public var to: Rect
    /// Corner radius at `from`, as seen on screen.
    public var fromCornerRadius: Double
    /// Corner radius at `to`, as seen on screen.
    public var toCornerRadius: Double
    /// How the child's snapshot fills `from` at the start (``PlanDefaults/childContentMode`` when nil).
    public var contentMode: ContentMode?

    /// Creates a child pair.
    /// - Parameters:
    ///   - id: The caller's name for the pair, echoed in the plan (`child:ID`).
    ///   - from: The child's frame in the source, in window space (in the container's, with ``ChildSpace/container``).
    ///   - to: The child's frame in the destination, in the same space as `from`.
    ///   - fromCornerRadius: Its corner radius at `from` as seen on screen, in points; 0 by default.
    ///   - toCornerRadius: Its corner radius at `to` as seen on screen, in points; 0 by default.
    ///   - contentMode: How the child's snapshot fills `from` at the start; nil (the default) for
    ///     ``PlanDefaults/childContentMode`` (cropped to cover it).
    public init(
        id: String, from: Rect, to: Rect, fromCornerRadius: Double = PlanDefaults.cornerRadius, toCornerRadius: Double = PlanDefaults.cornerRadius,
        contentMode: ContentMode? = nil
    ) {
        self.id = id
        self.from = from
        self.to = to
        self.fromCornerRadius = fromCornerRadius
        self.toCornerRadius = toCornerRadius
        self.contentMode = contentMode
    }
}

/// Everything needed to plan one transition: the body of `POST /v1/plans`.
public struct PlanRequest: Sendable, Hashable {
    /// The transition style.
    public var style: TransitionStyle
    /// Push or pop.
    public var direction: Direction
    /// The collapsed element.
    public var source: SourceElement
    /// The screen it opens into.
    public var destination: DestinationLayout
    /// The image's size (only its aspect matters, except for `center`); `nil` means the painted image's own
    /// `content.…element.size`, else the aspect of `destination.frame`. Given with a content
    /// size, their aspects must agree within ``PlanLimits/imageAspectTolerance``.
    public var imageSize: Size?
    /// Duration and curve.
    public var timing: Timing
    /// How keyframe times are chosen.
    public var sampling: Sampling
    /// sharedFrame's dimming overlay opacity at the end (``PlanDefaults/overlayOpacity`` when nil).
    public var overlayOpacity: Double?
    /// Child pairs animated on their own tracks (at most 64).
    public var children: [ChildPair]
    /// sharedFrame's overlay colour (``PlanDefaults/overlayColor`` when nil).
    public var overlayColor: Color?
    /// sharedFrame's placeholder colour over the source cell (``PlanDefaults/placeholderColor`` when nil).
    public var placeholderColor: Color?
    /// How every rounded mask's corners are drawn (``PlanDefaults/cornerCurve`` when nil).
    public var cornerCurve: CornerCurve?
    /// The path the flying content's centre follows (``PlanDefaults/path`` when nil).
    public var path: MotionPath?
    /// The caller's views that fade with the transition (a tab bar), each its own track.
    public var auxiliary: [AuxiliaryView]
    /// A window-space rect that clips the whole flight (the area between the bars); `nil` for none.
    public var contentRegion: Rect?
    /// Plan the reduced-motion variant: a cross-fade of the screens, nothing flies.
    public var reducedMotion: Bool?
    /// How a snapshot transition treats its children.
    public var snapshot: SnapshotOptions?
    /// Where the motion starts when it interrupts another (a reversal, a retarget); `nil` starts at the source
    /// (push) or the destination (pop).
    public var from: PlanOrigin?
    /// Decimal places for points (0…6) in the plan, for smaller payloads; `nil` rounds a tolerance-sampled plan's
    /// points and scale factors within 1/64 of its tolerance (its keyframes chosen within the rest) and keeps every
    /// other plan's numbers exact.
    /// Scale factors keep enough digits that no point of the layer moves by more than 0.001 pt, progress
    /// and opacity keep at least 4 decimals, and times stay exact.
    public var precision: Int?
    /// What each side's element, screen and children show, for the exports to paint; `nil` keeps placeholders.
    public var content: ContentReferences?
    /// The colour of the stage behind every track (the window's background), which shows wherever the tracks do not
    /// cover it (a fade `through`, a screen with transparent pixels) instead of the page or view behind; `nil` for none.
    public var stageColor: Color?

    /// Creates a request; everything but the geometry has a default.
    /// - Parameters:
    ///   - style: The transition style; ``TransitionStyle/sharedFrame`` by default.
    ///   - direction: Whether the transition opens (`push`, the default) or closes (`pop`) the destination.
    ///   - source: The collapsed element the transition starts from.
    ///   - destination: The screen it opens into.
    ///   - imageSize: The image's size (only its aspect matters, except for `center`); nil (the default) for the painted
    ///     image's own `content.…element.size`, else the aspect of `destination.frame`. Given with a content size, their
    ///     aspects must agree within ``PlanLimits/imageAspectTolerance``.
    ///   - timing: Duration and curve; the style's by default.
    ///   - sampling: How keyframe times are chosen; by default as few as keep a linear renderer within half a point of
    ///     the exact motion (``PlanDefaults/sampling``).
    ///   - overlayOpacity: sharedFrame's dimming overlay opacity at the end, 0…1; nil (the default) for 0.5.
    ///   - children: Child pairs animated on their own tracks (at most 64); none by default.
    ///   - precision: Decimal places (0…6) for points in the plan, for smaller payloads; nil (the default) rounds a
    ///     tolerance-sampled plan's points and scale factors within 1/64 of its tolerance and keeps every other plan's
    ///     numbers exact.
    ///   - overlayColor: sharedFrame's overlay colour; nil (the default) for black.
    ///   - placeholderColor: sharedFrame's placeholder colour over the source cell; nil (the default) for white.
    ///   - cornerCurve: How every rounded mask's corners are drawn; nil (the default) for `circular` corners.
    ///   - path: The path the flying content's centre follows; nil (the default) for a straight line.
    ///   - auxiliary: The caller's views that fade with the transition (a tab bar), each its own track; none by default.
    ///   - contentRegion: A window-space rect that clips the whole flight (the area between the bars); nil (the default)
    ///     for none.
    ///   - reducedMotion: Whether to plan the reduced-motion variant (a cross-fade of the screens, nothing flies); nil
    ///     (the default) for no.
    ///   - snapshot: How a snapshot transition treats its children; nil (the default) for every option's default.
    ///   - from: Where the motion starts when it interrupts another (a reversal, a retarget); nil (the default) starts at
    ///     the source (push) or the destination (pop).
    ///   - content: What each side's element, screen and children show, for the exports to paint; nil (the default) keeps
    ///     placeholders.
    ///   - stageColor: The colour of the stage behind every track, shown wherever the tracks leave it uncovered (a fade
    ///     `through`); nil (the default) for none, the page or view behind showing there.
    public init(
        style: TransitionStyle = PlanDefaults.style, direction: Direction = PlanDefaults.direction,
        source: SourceElement, destination: DestinationLayout, imageSize: Size? = nil,
        timing: Timing = Timing(), sampling: Sampling = PlanDefaults.sampling, overlayOpacity: Double? = nil,
        children: [ChildPair] = [], precision: Int? = nil, overlayColor: Color? = nil, placeholderColor: Color? = nil,
        cornerCurve: CornerCurve? = nil, path: MotionPath? = nil, auxiliary: [AuxiliaryView] = [], contentRegion: Rect? = nil,
        reducedMotion: Bool? = nil, snapshot: SnapshotOptions? = nil, from: PlanOrigin? = nil,
        content: ContentReferences? = nil, stageColor: Color? = nil
    ) {
        self.stageColor = stageColor
        self.from = from
        self.content = content
        self.overlayColor = overlayColor
        self.placeholderColor = placeholderColor
        self.cornerCurve = cornerCurve
        self.path = path
        self.auxiliary = auxiliary
        self.contentRegion = contentRegion
        self.reducedMotion = reducedMotion
        self.snapshot = snapshot
        self.precision = precision
        self.style = style
        self.direction = direction
        self.source = source
        self.destination = destination
        self.imageSize = imageSize
        self.timing = timing
        self.sampling = sampling
        self.overlayOpacity = overlayOpacity
        self.children = children
    }
}
