/// What a track draws, which tells a renderer what to put in its layer without knowing the style.
public enum TrackRole: String, Sendable, Hashable, CaseIterable {
    /// The screen the source element is on (the grid, the list).
    case sourceScreen
    /// The screen the transition opens.
    case destinationScreen
    /// The shared content in flight: the image as the destination shows it (sharedFrame flies the whole
    /// destination screen instead), reveal's source element, morph's element, snapshot's container.
    case content
    /// snapshot: the destination's snapshot, filling the container.
    case incomingSnapshot
    /// snapshot: the source's snapshot, filling the container.
    case outgoingSnapshot
    /// A dimming overlay (scrim) in its colour, or the backdrop under every track in the request's `stageColor` (`backdrop`).
    case overlay
    /// A plain rect in its colour, covering the source element's place while it is away.
    case placeholder
    /// A child pair's destination snapshot, fading in.
    case child
    /// A child pair's source snapshot, fading out (`outgoingChild:ID`).
    case outgoingChild
    /// One of the caller's auxiliary views (a tab bar), drawn as the caller draws it.
    case auxiliary
}

/// A property of a track that a keyframe can set.
public enum TrackProperty: String, Sendable, Hashable, CaseIterable {
    /// ``TrackValues/transform``.
    case transform
    /// ``TrackValues/maskFrame``.
    case maskFrame
    /// ``TrackValues/cornerRadius``.
    case cornerRadius
    /// ``TrackValues/opacity``.
    case opacity
    /// ``TrackValues/color``.
    case color
    /// ``TrackValues/shadow``.
    case shadow
}

/// Values of a track's properties; what a track does not set is left as the renderer has it
/// (identity transform, no mask, opacity 1, no colour, no shadow).
public struct TrackValues: Sendable, Hashable {
    /// The layer's transform, about its centre.
    public var transform: AffineTransform?
    /// The visible region in the layer's own space.
    public var maskFrame: Rect?
    /// The mask's corner radius in the layer's own space.
    public var cornerRadius: Double?
    /// The layer's opacity.
    public var opacity: Double?
    /// The layer's background colour.
    public var color: Color?
    /// The layer's shadow, in the layer's own space like the radius: the planner gives it as the request's points
    /// divided by the layer's (uniform) scale, so that on screen its offset and blur are the request's points.
    public var shadow: Shadow?

    /// Creates values; what is left out is not set.
    /// - Parameters:
    ///   - transform: The layer's transform, about its centre.
    ///   - maskFrame: The visible region in the layer's own space.
    ///   - cornerRadius: The mask's corner radius in the layer's own space.
    ///   - opacity: The layer's opacity, 0…1.
    ///   - color: The layer's background colour.
    ///   - shadow: The layer's shadow, in the layer's own space like the radius.
    public init(
        transform: AffineTransform? = nil, maskFrame: Rect? = nil, cornerRadius: Double? = nil, opacity: Double? = nil,
        color: Color? = nil, shadow: Shadow? = nil
    ) {
        self.transform = transform
        self.maskFrame = maskFrame
        self.cornerRadius = cornerRadius
        self.opacity = opacity
        self.color = color
        self.shadow = shadow
    }

    /// The properties that are set, in ``TrackProperty`` order.
    public var properties: [TrackProperty] { propertySet.properties }

    /// The properties that are set, as a set of bits.
    var propertySet: TrackPropertySet {
        var set = TrackPropertySet()
        if transform != nil { set.insert(.transform) }
        if maskFrame != nil { set.insert(.maskFrame) }
        if cornerRadius != nil { set.insert(.cornerRadius) }
        if opacity != nil { set.insert(.opacity) }
        if color != nil { set.insert(.color) }
        if shadow != nil { set.insert(.shadow) }
        return set
    }

    /// Whether `property` is set.
    /// - Parameter property: The property to look for.
    /// - Returns: True when these values set `property` (it is not nil).
    public func has(_ property: TrackProperty) -> Bool {
        switch property {
        case .transform: transform != nil
        case .maskFrame: maskFrame != nil
        case .cornerRadius: cornerRadius != nil
        case .opacity: opacity != nil
        case .color: color != nil
        case .shadow: shadow != nil
        }
    }

    /// Only the properties in `kept`; the others are left unset.
    /// - Parameter kept: The properties to keep (a track's ``Track/animates``).
    /// - Returns: A copy with only those properties set.
    public func keeping(_ kept: [TrackProperty]) -> TrackValues {
        keeping(TrackPropertySet(kept))
    }

    /// Only the properties in `kept`.
    func keeping(_ kept: TrackPropertySet) -> TrackValues {
        var values = self
        values.keep(kept)
        return values
    }

    /// Unsets, in place, every property not in `kept` (a plan does this for every keyframe of every track: a test of a
    /// bit each, and only what is dropped is written).
    mutating func keep(_ kept: TrackPropertySet) {
        if !kept.contains(.transform) { transform = nil }
        if !kept.contains(.maskFrame) { maskFrame = nil }
        if !kept.contains(.cornerRadius) { cornerRadius = nil }
        if !kept.contains(.opacity) { opacity = nil }
        if !kept.contains(.color) { color = nil }
        if !kept.contains(.shadow) { shadow = nil }
    }
}

/// Track properties as bits, one per ``TrackProperty`` in its order: how a planner sorts a track's properties into
/// held and animated ones without an array at each step.
struct TrackPropertySet: Equatable {
    private var bits: UInt8 = 0

    /// No property.
    init() {}

    /// The properties in `properties`.
    init(_ properties: [TrackProperty]) {
        for property in properties { insert(property) }
    }

    private static func bit(_ property: TrackProperty) -> UInt8 {
        switch property {
        case .transform: 1
        case .maskFrame: 2
        case .cornerRadius: 4
        case .opacity: 8
        case .color: 16
        case .shadow: 32
        }
    }

    /// Whether no property is in the set.
    var isEmpty: Bool { bits == 0 }

    /// Whether `property` is in the set.
    func contains(_ property: TrackProperty) -> Bool { bits & Self.bit(property) != 0 }

    /// Adds `property`.
    mutating func insert(_ property: TrackProperty) { bits |= Self.bit(property) }

    /// The properties here and not in `other`.
    func subtracting(_ other: TrackPropertySet) -> TrackPropertySet {
        var set = TrackPropertySet()
        set.bits = bits & ~other.bits
        return set
    }

    /// The properties, in ``TrackProperty`` order (no array made for an empty set).
    var properties: [TrackProperty] {
        guard !isEmpty else { return [] }
        var properties: [TrackProperty] = []
        properties.reserveCapacity(bits.nonzeroBitCount)
        for property in TrackProperty.inOrder where contains(property) { properties.append(property) }
        return properties
    }
}

extension TrackProperty {
    /// Every property in declaration order, made once (`allCases` builds an array each time it is read).
    static let inOrder = allCases
}

/// A track's animated values at one instant.
public struct TrackKeyframe: Sendable, Hashable {
    /// Seconds from the start of the transition.
    public var time: Double
    /// The track's animated properties (those in ``Track/animates``).
    public var values: TrackValues

    /// Creates a keyframe.
    /// - Parameters:
    ///   - time: Seconds from the start of the transition.
    ///   - values: The track's animated properties at `time` (those in ``Track/animates``).
    public init(time: Double, values: TrackValues) {
        self.time = time
        self.values = values
    }
}

/// One animated (or held) thing of a transition: what it is, where it stacks and how it changes.
///
/// A renderer creates one layer per track at `frame`, stacked by `z` (0 at the bottom), sets `base`,
/// and plays `keyframes` (linear between them) for the properties in `animates`. A track with a `parent` is a
/// sublayer of that track's masked layer, above what it paints: its frame is in the parent's own space, and the
/// parent's transform, mask, clip and opacity apply to it as they do to the parent's own content.
public struct Track: Sendable, Hashable {
    /// Unique within the plan: the role's name, or the caller's id for children (`child:ID`, `outgoingChild:ID`) and
    /// auxiliary views.
    public var id: String
    /// What the track draws.
    public var role: TrackRole
    /// Stacking order: 0 at the bottom, each track above the ones with smaller `z`.
    public var z: Int
    /// The id of the track whose layer this one is drawn inside (sharedFrame's destination image inside the flying
    /// screen); nil for a layer on the stage.
    public var parent: String?
    /// The layer's untransformed frame: in window space, or in the parent's own space when it has a ``parent``.
    public var frame: Rect
    /// How the mask's corners are drawn, when the track has a rounded mask.
    public var cornerCurve: CornerCurve?
    /// A window-space rect the track is clipped to (the request's `contentRegion`), outside its transform.
    public var clip: Rect?
    /// What the track paints over its frame (from the request's `content`); `nil` for its colour or a placeholder.
    public var content: ContentReference?
    /// Where `content` is drawn in the layer's own space when it is not the whole layer (an aspect-filled image
    /// overflowing its element, which the mask shows; a fitted one letterboxed in it), as the track's content mode
    /// lays out the content's `size`; `nil` for the whole layer or without content.
    public var contentFrame: Rect?
    /// Values that hold for the whole transition.
    public var base: TrackValues
    /// The properties the keyframes animate; empty for a track that only holds `base`.
    public var animates: [TrackProperty]
    /// Keyframes at this track's times (every track's the same with a count or a rate of keyframes, its own with a
    /// tolerance), each setting the properties in `animates`; empty when `animates` is.
    public var keyframes: [TrackKeyframe]

    /// Creates a track.
    /// - Parameters:
    ///   - id: Unique within the plan: the role's name, or the caller's id for children (`child:ID`, `outgoingChild:ID`)
    ///     and auxiliary views.
    ///   - role: What the track draws.
    ///   - z: Stacking order: 0 at the bottom, each track above the ones with smaller `z`.
    ///   - frame: The layer's untransformed frame in points: in window space, or in the parent's own space when it has a
    ///     `parent`.
    ///   - cornerCurve: How the mask's corners are drawn; nil (the default) when the track has no rounded mask.
    ///   - clip: A window-space rect the track is clipped to, outside its transform (the request's `contentRegion`); nil
    ///     (the default) for none.
    ///   - base: Values that hold for the whole transition.
    ///   - animates: The properties the keyframes animate; empty for a track that only holds `base`.
    ///   - keyframes: Keyframes at this track's times, each setting the properties in `animates`; empty when `animates` is.
    ///   - content: What the track paints over its frame; nil (the default) for its colour or a placeholder.
    ///   - contentFrame: Where `content` is drawn in the layer's own space when it is not the whole layer; nil (the
    ///     default) for the whole layer.
    ///   - parent: The id of the track whose layer this one is drawn inside; nil (the default) for a layer on the stage.
    public init(
        id: String, role: TrackRole, z: Int, frame: Rect, cornerCurve: CornerCurve? = nil, clip: Rect? = nil,
        base: TrackValues, animates: [TrackProperty], keyframes: [TrackKeyframe], content: ContentReference? = nil, contentFrame: Rect? = nil,
        parent: String? = nil
    ) {
        self.parent = parent
        self.content = content
        self.contentFrame = contentFrame
        self.id = id
        self.role = role
        self.z = z
        self.frame = frame
        self.cornerCurve = cornerCurve
        self.clip = clip
        self.base = base
        self.animates = animates
        self.keyframes = keyframes
    }
}

extension Track {
    /// What a renderer that interpolates each property linearly between keyframes (colours and shadows as CSS
    /// does) shows at `time`: `base` with the animated properties sampled, clamped to the first and last
    /// keyframes outside them.
    /// - Parameter time: Seconds from the start of the plan; before the first keyframe or after the last, that keyframe
    ///   holds.
    /// - Returns: `base` with the animated properties interpolated at `time`.
    public func values(at time: Double) -> TrackValues {
        guard let first = keyframes.first, let last = keyframes.last else { return base }
        var values = base
        if time <= first.time { return values.merging(first.values) }
        if time >= last.time { return values.merging(last.values) }
        var low = 0, high = keyframes.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if keyframes[middle].time <= time { low = middle } else { high = middle }
        }
        let start = keyframes[low], end = keyframes[high]
        values = values.merging(start.values.interpolated(to: end.values, fraction: (time - start.time) / (end.time - start.time)))
        return values
    }

    /// The values at keyframe `index` with `base` filled in (a held track's `base` for every index).
    /// - Parameter index: The keyframe's position in ``keyframes``; outside them, `base` alone.
    /// - Returns: `base` with that keyframe's values over it.
    public func values(atKeyframe index: Int) -> TrackValues {
        keyframes.indices.contains(index) ? base.merging(keyframes[index].values) : base
    }
}

extension TrackValues {
    /// The transform, mask frame, corner radius and opacity that both sides set, each number `combine(self's,
    /// other's)`; nothing else is set.
    package func pairedNumbers(with other: TrackValues, _ combine: (Double, Double) -> Double) -> TrackValues {
        var result = TrackValues()
        if let a = transform, let b = other.transform {
            result.transform = AffineTransform(
                a: combine(a.a, b.a), b: combine(a.b, b.b), c: combine(a.c, b.c), d: combine(a.d, b.d),
                tx: combine(a.tx, b.tx), ty: combine(a.ty, b.ty))
        }
        if let a = maskFrame, let b = other.maskFrame {
            result.maskFrame = Rect(x: combine(a.x, b.x), y: combine(a.y, b.y), width: combine(a.width, b.width), height: combine(a.height, b.height))
        }
        if let a = cornerRadius, let b = other.cornerRadius { result.cornerRadius = combine(a, b) }
        if let a = opacity, let b = other.opacity { result.opacity = combine(a, b) }
        return result
    }

    /// These values with every property `other` sets taken from it.
    /// - Parameter other: The values that win where both set a property.
    /// - Returns: These values, each property `other` sets replaced by its value.
    public func merging(_ other: TrackValues) -> TrackValues {
        TrackValues(
            transform: other.transform ?? transform, maskFrame: other.maskFrame ?? maskFrame,
            cornerRadius: other.cornerRadius ?? cornerRadius, opacity: other.opacity ?? opacity,
            color: other.color ?? color, shadow: other.shadow ?? shadow)
    }

    /// Each property set on both sides `fraction` of the way to `other` (linearly; colours and shadows as
    /// CSS does); a property set on one side only keeps this side's value.
    /// - Parameters:
    ///   - other: The values at the far end.
    ///   - fraction: How far towards `other`: 0 for these values, 1 for `other`'s; numbers extrapolate outside 0…1,
    ///     colours and shadows are clamped to it.
    /// - Returns: The values in between; a property only `other` sets stays unset.
    public func interpolated(to other: TrackValues, fraction: Double) -> TrackValues {
        var result = merging(pairedNumbers(with: other) { a, b in a * (1 - fraction) + b * fraction })
        if let a = color, let b = other.color { result.color = a.interpolated(to: b, fraction: fraction) }
        if let a = shadow, let b = other.shadow { result.shadow = a.interpolated(to: b, fraction: fraction) }
        return result
    }
}
