/// A dismissal drag sample that passed every check, with its options and completion spring resolved:
/// the only input the dismissal planner takes.
public struct ValidatedDismissRequest: Sendable, Hashable {
    /// The sample as sent.
    public let request: DismissRequest
    /// Its plan request, validated.
    public let plan: ValidatedPlanRequest
    /// Drag distance at which the layer reaches ``minimumScale`` and the background is transparent.
    public let dismissDistance: Double
    /// Drag distance at which the background is fully transparent.
    public let fadeDistance: Double
    /// How a release decides.
    public let policy: ReleasePolicy
    /// Smallest scale the drag shrinks the layer to.
    public let minimumScale: Double
    /// How far the projected resting point must be for a release to finish.
    public let finishDistance: Double
    /// Release speed from which the direction alone decides.
    public let flingVelocity: Double
    /// Deceleration per millisecond for the projection.
    public let decelerationRate: Double
    /// How the completion moves when the release finishes: a spring's frequency, damping and duration, or a curve.
    let finishMotion: CompletionMotion
    /// The same when it cancels.
    let cancelMotion: CompletionMotion
    /// Whether the completion leaves with the drag's velocity (UIKit's own completions start at rest).
    public let carriesVelocity: Bool

    /// Checks the drag and its plan request (whose fields are reported under `plan.`).
    /// - Parameter request: The drag sample as sent.
    /// - Throws: a ``ValidationError`` naming the first offending field.
    public init(_ request: DismissRequest) throws(ValidationError) {
        let plan = request.plan
        guard plan.style != .reveal else {
            throw ValidationError(
                field: "plan.style",
                message:
                    "must be \"zoom\", \"sharedFrame\", \"morph\" or \"snapshot\" for a dismissal drag (a reveal has nothing to drag), got \"reveal\""
            )
        }
        do { self.plan = try plan.validated() } catch {
            throw error.nested(under: "plan")
        }
        let options = request.options
        finishMotion = try request.completionMotion(
            options.finishTiming ?? plan.timing, at: options.finishTiming == nil ? "plan.timing" : "options.finishTiming")
        cancelMotion = try request.completionMotion(
            options.cancelTiming ?? plan.timing, at: options.cancelTiming == nil ? "plan.timing" : "options.cancelTiming")
        carriesVelocity = options.carryVelocity ?? PlanDefaults.carryVelocity
        let extent = PlanLimits.maximumExtent, speed = PlanLimits.maximumGestureVelocity
        try FieldCheck.check(request.translation.x, in: -extent...extent, at: "translation.x")
        try FieldCheck.check(request.translation.y, in: -extent...extent, at: "translation.y")
        try FieldCheck.check(request.velocity.x, in: -speed...speed, at: "velocity.x")
        try FieldCheck.check(request.velocity.y, in: -speed...speed, at: "velocity.y")
        try request.validateOptions()
        if let pinch = request.pinch {
            try FieldCheck.check(pinch.scale, in: PlanLimits.pinchScaleRange, at: "pinch.scale")
            try FieldCheck.check(pinch.velocity, in: -PlanLimits.maximumPinchVelocity...PlanLimits.maximumPinchVelocity, at: "pinch.velocity")
        }
        self.request = request
        let bounds = plan.destination.bounds
        dismissDistance =
            options.dismissDistance
            ?? (request.axis == .vertical ? bounds.height : bounds.width) * PlanDefaults.dismissDistanceShare
        fadeDistance = options.fadeDistance ?? dismissDistance * PlanDefaults.fadeDistanceShare
        policy = options.policy ?? PlanDefaults.releasePolicy
        minimumScale = options.minimumScale ?? PlanDefaults.minimumScale
        finishDistance = options.finishDistance ?? dismissDistance * PlanDefaults.finishDistanceShare
        flingVelocity = options.flingVelocity ?? PlanDefaults.flingVelocity
        decelerationRate = options.decelerationRate ?? PlanDefaults.decelerationRate
    }
}

extension DismissRequest {
    /// The sample checked and resolved (see ``ValidatedDismissRequest``).
    /// - Returns: The sample with its plan request validated and its options and completion timing resolved.
    /// - Throws: a ``ValidationError`` naming the first offending field.
    public func validated() throws(ValidationError) -> ValidatedDismissRequest {
        try ValidatedDismissRequest(self)
    }

    /// How the completion moves for `timing` (reported under `field`): its spring (the default when the curve is
    /// left out), or its curve over its duration (the style's pop duration when left out).
    fileprivate func completionMotion(_ timing: Timing, at field: String) throws(ValidationError) -> CompletionMotion {
        // An option's timing has a plan timing's ranges: checked as the plan's would be (the plan itself is
        // valid by now), the offending field named under `field`.
        if timing != plan.timing {
            var probe = plan
            probe.timing = timing
            do { _ = try probe.validated() } catch {
                let named = error.field.hasPrefix("timing") ? field + error.field.dropFirst("timing".count) : error.field
                throw ValidationError(field: named, message: error.message)
            }
        }
        let spring: SpringParameters
        switch timing.curve {
        case nil:
            spring =
                timing.duration == nil
                ? PlanDefaults.completionSpring : SpringParameters(dampingRatio: PlanDefaults.completionSpring.dampingRatio)
        case .spring(let given):
            guard given.initialVelocity == 0 else {
                throw ValidationError(
                    field: "\(field).curve.spring.initialVelocity",
                    message: "must be left out for a dismissal drag: the completion's velocity comes from the finger")
            }
            spring = given
        case .some(let curve):
            let duration = timing.duration ?? PlanDefaults.timing(for: plan.style, direction: .pop).duration
            return .curve(ResolvedTiming(curve: curve, duration: duration))
        }
        if let response = spring.response {
            let motion = SpringMotion(response: response, dampingRatio: spring.dampingRatio, initialVelocity: 0)
            return .spring(
                SpringResolution(
                    angularFrequency: motion.angularFrequency, dampingRatio: spring.dampingRatio, fixedDuration: nil,
                    nominalDuration: motion.duration))
        }
        let duration = timing.duration ?? PlanDefaults.timing(for: plan.style, direction: .pop).duration
        let motion = SpringMotion(settlingAt: duration, dampingRatio: spring.dampingRatio, initialVelocity: 0)
        return .spring(
            SpringResolution(
                angularFrequency: motion.angularFrequency, dampingRatio: spring.dampingRatio, fixedDuration: duration,
                nominalDuration: motion.duration))
    }

    fileprivate func validateOptions() throws(ValidationError) {
        let extent = PlanLimits.maximumExtent
        if let distance = options.dismissDistance {
            try FieldCheck.check(distance, in: 1...extent, at: "options.dismissDistance")
        }
        if let distance = options.fadeDistance {
            try FieldCheck.check(distance, in: 1...extent, at: "options.fadeDistance")
        }
        if let scale = options.minimumScale {
            try FieldCheck.check(scale, in: PlanLimits.minimumDismissScale...1, at: "options.minimumScale")
        }
        if let distance = options.finishDistance {
            try FieldCheck.check(distance, in: 0...extent, at: "options.finishDistance")
        }
        if let speed = options.flingVelocity {
            try FieldCheck.check(speed, in: 1...PlanLimits.maximumGestureVelocity, at: "options.flingVelocity")
        }
        if let rate = options.decelerationRate {
            try FieldCheck.check(finite: rate, at: "options.decelerationRate")
            guard rate > 0, rate < 1 else {
                throw ValidationError(field: "options.decelerationRate", message: "must be > 0 and < 1, got \(describeNumber(rate))")
            }
        }
    }
}
