import RealModule

/// A geometric track where the eye sees it: the content's image, the visible clip, the visible radius
/// (window space). As a rate, each field's change per second.
struct VisibleGeometry: Sendable, Hashable {
    var image: Rect
    var clip: Rect
    var radius: Double
}

/// One track's state and rate where an interrupted motion leaves it.
struct TrackStart: Sendable, Hashable {
    /// A flying track's geometry and the geometry's rate.
    struct Geometry: Sendable, Hashable {
        var value: VisibleGeometry
        var rate: VisibleGeometry
    }

    /// A track's own mask where its frame is placed (its parent's layer, else the window) and the mask's radius; as
    /// a rate, each field's change per second.
    struct OwnMask: Sendable, Hashable {
        var frame: Rect
        var radius: Double
    }

    /// A track's own mask and the mask's rate.
    struct Mask: Sendable, Hashable {
        var value: OwnMask
        var rate: OwnMask
    }

    /// Its geometry, for a track that flies.
    var geometry: Geometry?
    /// Its own mask, for a track that masks itself without flying (sharedFrame's destination image, drawn in the
    /// flying screen: its parent's transform carries it, its mask is its own).
    var mask: Mask?
    /// Its other values (opacity, colour, shadow) and their rates (in the same shape, as changes per second).
    var values: TrackValues
    var rates: TrackValues
}

/// Where an interrupting plan starts: each track's state and rate, by track id.
public struct InterruptionStart: Sendable, Hashable {
    var tracks: [String: TrackStart]

    /// The state and per-channel rate of the plan `running` at `time` (exact states, rates by central differences
    /// over a millionth of its duration; one-sided near its ends). A plan that has ended is at rest: from its
    /// duration on, every rate is 0.
    static func running(_ running: ValidatedPlanRequest, at time: Double) -> InterruptionStart {
        let choreography = running.choreography
        let duration = running.timing.duration
        let step = duration * 1e-6
        func values(_ time: Double) -> [TrackValues] {
            let instant = ChannelInstant(time: time, clocks: choreography.clocks)
            return choreography.parts.map { $0.values(instant) }
        }
        // Three samples and the weights that make a second-order derivative of them.
        let (times, weights): ([Double], [Double])
        if time >= duration {
            (times, weights) = ([time], [0])
        } else if time - step < 0 {
            (times, weights) = ([time, time + step, time + 2 * step], [-1.5 / step, 2 / step, -0.5 / step])
        } else if time + step > duration {
            (times, weights) = ([time, time - step, time - 2 * step], [1.5 / step, -2 / step, 0.5 / step])
        } else {
            (times, weights) = ([time, time - step, time + step], [0, -0.5 / step, 0.5 / step])
        }
        let samples = times.map(values)
        var tracks: [String: TrackStart] = [:]
        for (index, part) in choreography.parts.enumerated() {
            // A track that sets no opacity is seen opaque: the continuation fades it from there if its own track fades.
            let states = samples.map { sample in
                var values = sample[index].withShadowOnScreen
                values.opacity = values.opacity ?? 1
                return values
            }
            var start = TrackStart(
                geometry: nil, values: states[0].withoutGeometry, rates: TrackValues.rate(of: states.map(\.withoutGeometry), weights: weights))
            if let flight = part.flight {
                let visible = states.map { flight.visible($0) }
                start.geometry = TrackStart.Geometry(value: visible[0], rate: VisibleGeometry.rate(of: visible, weights: weights))
            } else {
                let masks = states.map { TrackStart.OwnMask(placing: $0, in: part.frame) }
                start.mask = TrackStart.Mask(
                    value: masks[0],
                    rate: TrackStart.OwnMask(frame: Rect.rate(of: masks.map(\.frame), weights: weights), radius: sum(masks.map(\.radius), weights)))
            }
            tracks[part.id] = start
        }
        return InterruptionStart(tracks: tracks)
    }

    /// A client's visible state and velocity for the flying track `flying`, and its opacity for `faded`.
    static func given(_ state: VisibleState, velocity: VisibleState, flying: String, faded: String?) -> InterruptionStart {
        var tracks: [String: TrackStart] = [:]
        tracks[flying] = TrackStart(
            geometry: TrackStart.Geometry(
                value: VisibleGeometry(image: state.image ?? state.clip, clip: state.clip, radius: state.cornerRadius),
                rate: VisibleGeometry(image: velocity.image ?? velocity.clip, clip: velocity.clip, radius: velocity.cornerRadius)),
            values: TrackValues(), rates: TrackValues())
        if let faded, let opacity = state.opacity {
            var start = tracks[faded] ?? TrackStart(geometry: nil, values: TrackValues(), rates: TrackValues())
            start.values.opacity = opacity
            start.rates.opacity = velocity.opacity ?? 0
            tracks[faded] = start
        }
        return InterruptionStart(tracks: tracks)
    }
}

extension Choreography {
    /// The same tracks, but every track the start names leaves from its state at its rate and ends exactly where
    /// the plan ends, on the plan's own curve: each visible quantity (image and clip edges, the visible radius,
    /// opacities, colours, shadows) is a ``RateMatchedMotion``. Channel windows and fade modes shape a whole
    /// transition, not a continuation: an interrupted track follows the plan's curve, but for a dip-free pair's lower
    /// layer, held where the two would cover less of the stage than at the start or the end (see ``keepCovering(from:)``).
    mutating func interrupted(from start: InterruptionStart, timing: ResolvedTiming) {
        let clocks = clocks
        let end = ChannelInstant(time: timing.duration, clocks: clocks)
        let duration = timing.duration
        for index in parts.indices {
            guard let trackStart = start.tracks[parts[index].id] else { continue }
            let part = parts[index]
            let endValues = part.values(end).withShadowOnScreen
            let endGeometry = part.flight.map { $0.visible(endValues) }
            // A track's own mask (not a flying one's) moves like a flying track's clip, where its frame is placed (a
            // retarget may move the frame); one at rest where the plan leaves it stays there.
            let endMask = TrackStart.OwnMask(placing: endValues, in: part.frame)
            let ownMask = part.flight == nil ? trackStart.mask : nil
            let maskRests = ownMask.map { $0.value == endMask && $0.rate == .zero } ?? true
            parts[index].moves = true
            parts[index].ownClock = true
            parts[index].stagger = nil
            parts[index].values = { instant in
                let t = instant.time
                let now = RateMatchedMotion.Instant(time: t, timing: timing)
                func motion(_ from: Double, _ rate: Double, _ to: Double) -> RateMatchedMotion {
                    RateMatchedMotion(from: from, rate: rate, to: to, timing: timing)
                }
                func move(_ from: Double, _ rate: Double, _ to: Double) -> Double { motion(from, rate, to).value(at: now) }
                // Each edge moves like any other quantity (as edges move in a whole plan), so an edge that rests where
                // the plan ends (a left-column cell's left edge at the screen's) stays there. A velocity that shrinks
                // a rect hard could cross its edges: below half the smaller end's extent, the extent eases towards 0
                // instead (`floor·e^(e/floor − 1)`, equal in value and slope where it takes over), and the edges give
                // back what that adds in proportion to their own rates' pull, so an edge at rest still does not move.
                func edges(_ from: (Double, Double), _ rate: (Double, Double), _ to: (Double, Double)) -> (Double, Double) {
                    let low = move(from.0, rate.0, to.0), high = move(from.1, rate.1, to.1)
                    let floor = min(from.1 - from.0, to.1 - to.0) / 2, linear = high - low
                    guard linear < floor else { return (low, high) }
                    let deficit = floor * Double.exp(max(linear / floor - 1, -30)) - linear
                    let pullLow = abs(motion(from.0, rate.0, to.0).velocityWeight)
                    let pullHigh = abs(motion(from.1, rate.1, to.1).velocityWeight)
                    let share = pullLow + pullHigh > 0 ? pullLow / (pullLow + pullHigh) : 0.5
                    return (low - deficit * share, high + deficit * (1 - share))
                }
                func rect(_ from: Rect, _ rate: Rect, _ to: Rect) -> Rect {
                    let (left, right) = edges((from.x, from.maxX), (rate.x, rate.x + rate.width), (to.x, to.maxX))
                    let (top, bottom) = edges((from.y, from.maxY), (rate.y, rate.y + rate.height), (to.y, to.maxY))
                    // Far from the origin an extent eased down to e⁻³⁰ of its floor is below the edges' rounding:
                    // the difference of two edges may come out a few ulps below 0, which no renderer takes.
                    return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
                }
                if t >= duration {
                    // A mask the continuation moves ends where it moved it, also where the plan's own end sets none (a
                    // screen's whole layer): every keyframe of a track that animates its mask holds one, as the exports read them.
                    var values = part.values(instant)
                    if ownMask != nil && !maskRests && values.maskFrame == nil {
                        values.maskFrame = endMask.frame.offsetBy(dx: -part.frame.x, dy: -part.frame.y)
                        values.cornerRadius = values.cornerRadius ?? endMask.radius
                    }
                    return values
                }
                // Shadows move where the eye sees them, in points, and go back into the layer's space at the end.
                var values = part.values(instant).withShadowOnScreen
                if let flight = part.flight, let geometry = trackStart.geometry, let target = endGeometry {
                    let state = LayerState(
                        layer: flight.layer, content: flight.content, scaling: flight.scaling,
                        image: rect(geometry.value.image, geometry.rate.image, target.image),
                        clip: rect(geometry.value.clip, geometry.rate.clip, target.clip),
                        visibleRadius: move(geometry.value.radius, geometry.rate.radius, target.radius), opacity: 1)
                    values.transform = state.transform
                    values.maskFrame = state.maskFrame
                    values.cornerRadius = state.cornerRadius
                }
                if let mask = ownMask, !maskRests {
                    values.maskFrame = rect(mask.value.frame, mask.rate.frame, endMask.frame).offsetBy(dx: -part.frame.x, dy: -part.frame.y)
                    values.cornerRadius = max(0, move(mask.value.radius, mask.rate.radius, endMask.radius))
                } else if ownMask != nil {
                    values.maskFrame = endValues.maskFrame
                    values.cornerRadius = endValues.cornerRadius
                }
                func unit(_ value: Double) -> Double { min(max(0, value), 1) }
                // A track that sets no opacity at the end ends opaque; one that is opaque there, at rest, sets none.
                if let from = trackStart.values.opacity {
                    let rate = trackStart.rates.opacity ?? 0, to = endValues.opacity ?? 1
                    if endValues.opacity != nil || from != to || rate != 0 { values.opacity = unit(move(from, rate, to)) }
                }
                if let from = trackStart.values.color, let rate = trackStart.rates.color, let to = endValues.color {
                    values.color = Color(
                        r: unit(move(from.r, rate.r, to.r)), g: unit(move(from.g, rate.g, to.g)), b: unit(move(from.b, rate.b, to.b)),
                        a: unit(move(from.a, rate.a, to.a)))
                }
                if let from = trackStart.values.shadow, let rate = trackStart.rates.shadow, let to = endValues.shadow {
                    values.shadow = Shadow(
                        color: Color(
                            r: unit(move(from.color.r, rate.color.r, to.color.r)), g: unit(move(from.color.g, rate.color.g, to.color.g)),
                            b: unit(move(from.color.b, rate.color.b, to.color.b)), a: unit(move(from.color.a, rate.color.a, to.color.a))),
                        radius: max(0, move(from.radius, rate.radius, to.radius)),
                        offset: Point(x: move(from.offset.x, rate.offset.x, to.offset.x), y: move(from.offset.y, rate.offset.y, to.offset.y)))
                }
                return values.withShadowInLayerSpace
            }
        }
        keepCovering(from: start, end: end)
    }

    /// The most of what lies behind that ``keepCovering(from:end:)`` holds a pair to: a hair below all of it, so that a
    /// lower layer left translucent under an opaque upper one (a fade `through` retargeted to a cross-fade) is taken up
    /// from its own opacity as the upper one starts to fade, not set opaque at once.
    static let heldCoverage = 0.999

    /// Each dip-free pair both of whose layers the start names (``Part/coveredBy``) covers at every instant of the
    /// continuation at least the least of what it covers at the start, at the end (`1 − (1 − u)(1 − l)`) and
    /// ``heldCoverage``: each layer's opacity continued on its own could let the page show through while both fade
    /// (the lower one still on its way down under a nearly opaque upper one as the upper one turns back, a quarter of
    /// the stage at the middle). Where it would cover less, the lower layer is drawn at the opacity that covers
    /// exactly that much under the upper one; the start and the end already cover it, so neither moves.
    private mutating func keepCovering(from start: InterruptionStart, end: ChannelInstant) {
        for lowerIndex in parts.indices {
            guard let upperID = parts[lowerIndex].coveredBy, let upperIndex = parts.firstIndex(where: { $0.id == upperID }),
                let lowerStart = start.tracks[parts[lowerIndex].id]?.values.opacity, let upperStart = start.tracks[upperID]?.values.opacity
            else { continue }
            let lowerValues = parts[lowerIndex].values, upperValues = parts[upperIndex].values
            let floor = min(
                PartKit.coverage(upper: upperStart, lower: lowerStart),
                PartKit.coverage(upper: upperValues(end).opacity ?? 1, lower: lowerValues(end).opacity ?? 1), Self.heldCoverage)
            parts[lowerIndex].values = { instant in
                var values = lowerValues(instant)
                let upper = upperValues(instant).opacity ?? 1
                if PartKit.coverage(upper: upper, lower: values.opacity ?? 1) < floor {
                    values.opacity = PartKit.lowerOpacity(showing: floor - upper, under: upper)
                }
                return values
            }
        }
    }
}

/// What a flying track draws and how: its layer, where the content sits in it, how it scales.
struct Flight: Sendable {
    var layer: Rect
    var content: Rect
    var scaling: FlightScaling

    /// How a flight track draws.
    init(_ track: FlightTrack) {
        self.init(layer: track.layer, content: track.content, scaling: track.scaling)
    }

    init(layer: Rect, content: Rect, scaling: FlightScaling) {
        self.layer = layer
        self.content = content
        self.scaling = scaling
    }

    /// Values seen where the eye sees them.
    func visible(_ values: TrackValues) -> VisibleGeometry {
        let transform = values.transform ?? .identity
        let mask = values.maskFrame ?? Rect(x: 0, y: 0, width: layer.width, height: layer.height)
        return VisibleGeometry(
            image: transform.apply(to: content, inLayer: layer), clip: transform.apply(to: mask, inLayer: layer),
            radius: (values.cornerRadius ?? 0) * max(abs(transform.a), abs(transform.d)))
    }
}

/// The weighted sum of `samples` (a finite-difference derivative when the weights are one).
private func sum(_ samples: [Double], _ weights: [Double]) -> Double { zip(samples, weights).reduce(0) { $0 + $1.0 * $1.1 } }

extension Rect {
    /// The weighted sum of rects, field by field (a finite-difference derivative when the weights are one).
    fileprivate static func rate(of samples: [Rect], weights: [Double]) -> Rect {
        Rect(
            x: sum(samples.map(\.x), weights), y: sum(samples.map(\.y), weights), width: sum(samples.map(\.width), weights),
            height: sum(samples.map(\.height), weights))
    }
}

extension VisibleGeometry {
    /// The weighted sum of samples (a finite-difference derivative when the weights are one).
    static func rate(of samples: [VisibleGeometry], weights: [Double]) -> VisibleGeometry {
        VisibleGeometry(
            image: Rect.rate(of: samples.map(\.image), weights: weights), clip: Rect.rate(of: samples.map(\.clip), weights: weights),
            radius: sum(samples.map(\.radius), weights))
    }
}

extension TrackStart.OwnMask {
    /// No mask at all: the rate of a mask at rest.
    static let zero = Self(frame: Rect(x: 0, y: 0, width: 0, height: 0), radius: 0)

    /// The mask `values` give a track at `frame` (the whole frame when they set none) where the frame is placed, with its
    /// radius (0 when they set none).
    init(placing values: TrackValues, in frame: Rect) {
        let mask = values.maskFrame ?? Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        self.init(frame: mask.offsetBy(dx: frame.x, dy: frame.y), radius: values.cornerRadius ?? 0)
    }
}

extension TrackValues {
    /// The values without transform, mask and radius (what a visible geometry says instead).
    var withoutGeometry: TrackValues { TrackValues(opacity: opacity, color: color, shadow: shadow) }

    /// The weighted sum of samples' opacity, colour and shadow (a finite-difference derivative): set where every
    /// sample sets it.
    static func rate(of samples: [TrackValues], weights: [Double]) -> TrackValues {
        func sum(_ field: (TrackValues) -> Double?) -> Double? {
            var total = 0.0
            for (sample, weight) in zip(samples, weights) {
                guard let value = field(sample) else { return nil }
                total += value * weight
            }
            return total
        }
        var rate = TrackValues()
        rate.opacity = sum(\.opacity)
        if let r = sum({ $0.color?.r }), let g = sum({ $0.color?.g }), let b = sum({ $0.color?.b }), let a = sum({ $0.color?.a }) {
            rate.color = Color(r: r, g: g, b: b, a: a)
        }
        if let r = sum({ $0.shadow?.color.r }), let g = sum({ $0.shadow?.color.g }), let b = sum({ $0.shadow?.color.b }),
            let a = sum({ $0.shadow?.color.a }), let radius = sum({ $0.shadow?.radius }),
            let x = sum({ $0.shadow?.offset.x }), let y = sum({ $0.shadow?.offset.y })
        {
            rate.shadow = Shadow(color: Color(r: r, g: g, b: b, a: a), radius: radius, offset: Point(x: x, y: y))
        }
        return rate
    }
}
