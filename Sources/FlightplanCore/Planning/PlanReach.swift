/// The check that a plan stays where a renderer can draw it: every number finite, and its geometry within
/// ``PlanLimits/maximumReach``. A spring's overshoot applied to a log-interpolated size, or an interruption's
/// velocity, can otherwise carry a layer to 10²⁹ points, which no export can express (and a CSS or SVG number
/// printer would have to trap on).
enum PlanReach {
    /// Refuses the sampled values of one track when they are not finite or reach too far.
    /// - Parameters:
    ///   - values: the track's values at each of `times`.
    ///   - layer: the track's untransformed frame (window space), whose corners the transform moves.
    ///   - times: the keyframe times, for the message.
    ///   - cause: the request field to name (see ``ValidatedPlanRequest/reachCause``).
    /// - Throws: a ``ValidationError`` naming `cause`, with how far the plan reaches and when.
    static func check(_ values: [TrackValues], layer: Rect, times: [Double], cause: String) throws(ValidationError) {
        for (index, value) in values.enumerated() {
            let reach = value.reach(in: layer)
            // `!(reach <= limit)` also catches NaN.
            guard !(reach <= PlanLimits.maximumReach) else { continue }
            let how = reach.isFinite ? "reaches \(describeNumber(reach.rounded())) pt" : "has a number that is not finite"
            let remedy = cause == "from" ? "interrupt with smaller velocities" : "choose a curve that overshoots less (more damping, less initial velocity)"
            throw ValidationError(
                field: cause,
                message: "carries the plan's geometry too far: at t = \(describeNumber(times[index])) s the plan \(how), beyond the "
                    + "±\(describeNumber(PlanLimits.maximumReach)) pt it may reach; \(remedy)")
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
    var reachCause: String {
        if request.from != nil { return "from" }
        if let curve = request.timing.curve, curve.canOvershoot { return "timing.curve" }
        let channels = (request.timing.channels ?? [:]).sorted { $0.key.rawValue < $1.key.rawValue }
        if let channel = channels.first(where: { $0.value.curve?.canOvershoot == true }) {
            return "timing.channels.\(channel.key.rawValue).curve"
        }
        return "timing.curve"
    }
}
