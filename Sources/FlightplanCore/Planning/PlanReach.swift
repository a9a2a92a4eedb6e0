/// The check that a plan stays where a renderer can draw it: every number finite, and its geometry within
/// ``PlanLimits/maximumReach``. A spring's overshoot applied to a log-interpolated size, or an interruption's
/// velocity, can otherwise carry a layer to 10²⁹ points, which no export can express (and a CSS or SVG number
/// printer would have to trap on).
enum PlanReach {
    /// What a refusal names: the request field that carries the plan too far, and what to do instead.
    struct Cause {
        /// The field the problem names.
        var field: String
        /// The advice after the figures.
        var remedy: String
    }

    /// Refuses the sampled values of one track when a number is not finite, or when the track reaches more than
    /// ``PlanLimits/maximumReach`` beyond the farther of its two ends (the ends are the request's own geometry,
    /// however large: a reveal from a 0.001 pt sliver covers the screen at 10¹² pt; the excursion is the curve's).
    /// - Parameters:
    ///   - keyframes: the track's whole values at each of its keyframe times (the times name a refusal's instant).
    ///   - layer: the track's untransformed frame (window space), where its transform applies.
    ///   - cause: the field to name and the advice to give, worked out only for a refusal.
    /// - Throws: a ``ValidationError`` naming the cause's field, with how far the plan reaches and when.
    static func check(_ keyframes: [TrackKeyframe], layer: Rect, cause: @autoclosure () -> Cause) throws(ValidationError) {
        if let excursion = excursion(keyframes, layer: layer) { throw refusal(excursion, time: keyframes[excursion.index].time, cause: cause()) }
    }

    /// The first of one track's values that is not finite or goes beyond the limit ``check(_:layer:cause:)``
    /// sets: its index and reach; nil when the track stays within it.
    private static func excursion(_ keyframes: [TrackKeyframe], layer: Rect) -> (index: Int, reach: Double)? {
        guard let first = keyframes.first?.values, let last = keyframes.last?.values else { return nil }
        // A track far inside the limit (nearly every one) is settled by one bound over all its values; only one the
        // bound cannot clear is checked keyframe by keyframe, which alone decides (and words) a refusal. A bound is
        // finite only where every reach is, and a reach is never negative, so the limit is at least `maximumReach`: a
        // bound within that settles the track before its ends' reaches are worked out.
        let bound = reachBound(keyframes, layer: layer)
        if let bound, bound <= PlanLimits.maximumReach { return nil }
        let limit = max(first.reach(in: layer), last.reach(in: layer)) + PlanLimits.maximumReach
        if let bound, bound <= limit { return nil }
        for index in keyframes.indices {
            let reach = keyframes[index].values.reach(in: layer)
            // `!(reach <= limit)` also catches NaN.
            if !(reach <= limit) { return (index, reach) }
        }
        return nil
    }

    /// The refusal of an `excursion` at `time`, naming `cause`.
    private static func refusal(_ excursion: (index: Int, reach: Double), time: Double, cause: Cause) -> ValidationError {
        let at = "at t = \(describeNumber(time)) s"
        guard excursion.reach.isFinite else {
            return ValidationError(
                field: cause.field, message: "leads to a number that is not finite \(at): the request's extremes (sizes, radii, rates) do not combine"
            )
        }
        return ValidationError(
            field: cause.field,
            message: "carries the plan's geometry too far: \(at) the plan reaches \(describeNumber(excursion.reach.rounded())) pt, more than "
                + "\(describeNumber(PlanLimits.maximumReach)) pt beyond its farther end; \(cause.remedy)")
    }

    /// A bound on ``TrackValues/reach(in:)`` of every one of `keyframes` at once; nil when a number is not finite (or the
    /// magnitudes overflow). Each visible corner is `layer.mid + scale × (mask edge − layer.size / 2) + shear × (…) +
    /// translation`, so the same sum of magnitudes bounds it (the triangle inequality), and three times that bounds a
    /// rect's far edge (`x + width`); the factor `1 + 10⁻⁹` covers the rounding of the few operations on either side.
    /// Radii, opacities, colours and shadows count exactly as the reach counts them.
    static func reachBound(_ keyframes: [TrackKeyframe], layer: Rect) -> Double? {
        var corner = 0.0, other = 0.0
        // Every magnitude added up: not finite exactly when one of them is not (or when they overflow).
        var total = 0.0
        @inline(__always) func include(_ value: Double) {
            let magnitude = abs(value)
            total += magnitude
            other = max(other, magnitude)
        }
        @inline(__always) func include(_ color: Color) {
            include(color.r)
            include(color.g)
            include(color.b)
            include(color.a)
        }
        let halfWidth = abs(layer.width) / 2, halfHeight = abs(layer.height) / 2
        let whole = Rect(x: 0, y: 0, width: layer.width, height: layer.height), identity = AffineTransform.identity
        // By index, reading each value's fields in place rather than copying the whole value out.
        for index in keyframes.indices {
            let transform = keyframes[index].values.transform ?? identity
            let mask = keyframes[index].values.maskFrame ?? whole
            // How far a mask corner is from the layer's centre along each axis, then where the transform puts it.
            let alongX = abs(mask.x) + abs(mask.width) + halfWidth, alongY = abs(mask.y) + abs(mask.height) + halfHeight
            let cornerX = abs(transform.a) * alongX + abs(transform.c) * alongY + abs(transform.tx)
            let cornerY = abs(transform.b) * alongX + abs(transform.d) * alongY + abs(transform.ty)
            total += cornerX + cornerY
            corner = max(corner, cornerX, cornerY)
            if let cornerRadius = keyframes[index].values.cornerRadius { include(cornerRadius * max(abs(transform.a), abs(transform.d))) }
            if let opacity = keyframes[index].values.opacity { include(opacity) }
            if let color = keyframes[index].values.color { include(color) }
            if let shadow = keyframes[index].values.shadow {
                include(shadow.radius)
                include(shadow.offset.x)
                include(shadow.offset.y)
                include(shadow.color)
            }
        }
        guard total.isFinite else { return nil }
        return max(3 * (max(abs(layer.midX), abs(layer.midY)) + corner), other) * (1 + 1e-9)
    }

    /// Refuses finished tracks (a dismissal's state and completion) as ``check(_:layer:cause:)`` does.
    static func check(_ tracks: [Track], cause: Cause) throws(ValidationError) {
        for track in tracks {
            let keyframes =
                track.keyframes.isEmpty
                ? [TrackKeyframe(time: 0, values: track.base)]
                : track.keyframes.indices.map { TrackKeyframe(time: track.keyframes[$0].time, values: track.values(atKeyframe: $0)) }
            try check(keyframes, layer: track.frame, cause: cause)
        }
    }
}

extension TrackValues {
    /// How far the values reach where the eye sees them (window space): the largest magnitude among the visible
    /// clip's corners (the mask, or the whole layer, where the transform puts it), the visible radius, the
    /// shadow's extent, the opacity and colours; NaN or infinity when any number, in any space, is not finite.
    /// (An aspect-filled image may overflow its clip by far, and a layer-space mask be large under a tiny scale:
    /// what matters is what is seen.)
    func reach(in layer: Rect) -> Double {
        var reach = 0.0
        // One call per number rather than a loop over an array: this runs for every keyframe of every plan.
        func include(_ value: Double) { reach = value.isNaN ? .nan : max(reach, abs(value)) }
        func include(_ rect: Rect) {
            include(rect.x)
            include(rect.y)
            include(rect.maxX)
            include(rect.maxY)
        }
        func include(_ color: Color) {
            include(color.r)
            include(color.g)
            include(color.b)
            include(color.a)
        }
        func requireFinite(_ value: Double) { if !value.isFinite { reach = .nan } }
        let transform = transform ?? .identity
        requireFinite(transform.a)
        requireFinite(transform.b)
        requireFinite(transform.c)
        requireFinite(transform.d)
        let mask = maskFrame ?? Rect(x: 0, y: 0, width: layer.width, height: layer.height)
        requireFinite(mask.x)
        requireFinite(mask.y)
        requireFinite(mask.width)
        requireFinite(mask.height)
        include(transform.apply(to: mask, inLayer: layer))
        if let cornerRadius {
            requireFinite(cornerRadius)
            include(cornerRadius * max(abs(transform.a), abs(transform.d)))
        }
        if let opacity { include(opacity) }
        if let color { include(color) }
        if let shadow {
            include(shadow.radius)
            include(shadow.offset.x)
            include(shadow.offset.y)
            include(shadow.color)
        }
        return reach
    }
}

extension ValidatedPlanRequest {
    /// The request field that can carry a plan beyond ``PlanLimits/maximumReach``: `from` for an interruption
    /// (its velocities), else the plan's curve when it overshoots, else the first overshooting channel curve.
    var reachCause: PlanReach.Cause {
        let curve = "choose a curve that overshoots less (more damping, less initial velocity)"
        if request.from != nil { return PlanReach.Cause(field: "from", remedy: "interrupt with smaller velocities") }
        if let planCurve = request.timing.curve, planCurve.canOvershoot { return PlanReach.Cause(field: "timing.curve", remedy: curve) }
        let channels = (request.timing.channels ?? [:]).sorted { $0.key.rawValue < $1.key.rawValue }
        if let channel = channels.first(where: { $0.value.curve?.canOvershoot == true }) {
            return PlanReach.Cause(field: "timing.channels.\(channel.key.rawValue).curve", remedy: curve)
        }
        return PlanReach.Cause(field: "timing.curve", remedy: curve)
    }
}
