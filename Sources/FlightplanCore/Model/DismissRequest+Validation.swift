extension DismissRequest {
    /// Checks the drag and its plan request (whose fields are reported under `plan.`).
    /// - Throws: a ``ValidationError`` naming the first offending field.
    public func validate() throws(ValidationError) {
        _ = try validatedCompletionSpring()
    }

    /// ``validate()``, returning the completion spring it resolves along the way.
    func validatedCompletionSpring() throws(ValidationError) -> SpringResolution {
        guard plan.style == .zoom || plan.style == .sharedFrame else {
            throw ValidationError(
                field: "plan.style", message: "must be \"zoom\" or \"sharedFrame\" for a dismissal drag, got \"\(plan.style.rawValue)\"")
        }
        guard plan.children.isEmpty else {
            throw ValidationError(field: "plan.children", message: "must be left out for a dismissal drag (child pairs belong to snapshot plans)")
        }
        let spring = try completionSpringParameters()
        do { try plan.validate() } catch {
            throw ValidationError(field: error.field.isEmpty ? "plan" : "plan.\(error.field)", message: error.message)
        }
        let extent = PlanLimits.maximumExtent, speed = PlanLimits.maximumGestureVelocity
        try FieldCheck.check(translation.x, in: -extent...extent, at: "translation.x")
        try FieldCheck.check(translation.y, in: -extent...extent, at: "translation.y")
        try FieldCheck.check(velocity.x, in: -speed...speed, at: "velocity.x")
        try FieldCheck.check(velocity.y, in: -speed...speed, at: "velocity.y")
        try validateOptions()
        return resolve(spring)
    }

    /// The completion must be a spring: only a spring can leave with the finger's velocity, which
    /// the planner sets itself.
    private func completionSpringParameters() throws(ValidationError) -> SpringParameters {
        switch plan.timing.curve {
        case nil:
            return plan.timing.duration == nil
                ? DismissPlanner.defaultSpring : SpringParameters(dampingRatio: DismissPlanner.defaultSpring.dampingRatio)
        case .spring(let spring):
            guard spring.initialVelocity == 0 else {
                throw ValidationError(
                    field: "plan.timing.curve.spring.initialVelocity",
                    message: "must be left out for a dismissal drag: the completion's velocity comes from the finger")
            }
            return spring
        case .linear, .easeIn, .easeOut, .easeInOut, .cubicBezier:
            throw ValidationError(
                field: "plan.timing.curve",
                message: "must be a spring (or left out) for a dismissal drag: only a spring can carry the finger's velocity")
        }
    }

    private func resolve(_ spring: SpringParameters) -> SpringResolution {
        if let response = spring.response {
            let motion = SpringMotion(response: response, dampingRatio: spring.dampingRatio, initialVelocity: 0)
            return SpringResolution(
                angularFrequency: motion.angularFrequency, dampingRatio: spring.dampingRatio, fixedDuration: nil,
                nominalDuration: motion.duration)
        }
        let duration = plan.timing.duration ?? PlanRequest.defaultTiming(for: plan.style, direction: .pop).duration
        let motion = SpringMotion(settlingAt: duration, dampingRatio: spring.dampingRatio, initialVelocity: 0)
        return SpringResolution(
            angularFrequency: motion.angularFrequency, dampingRatio: spring.dampingRatio, fixedDuration: duration,
            nominalDuration: duration)
    }

    private func validateOptions() throws(ValidationError) {
        let extent = PlanLimits.maximumExtent
        if let distance = options.dismissDistance {
            try FieldCheck.check(distance, in: 1...extent, at: "options.dismissDistance")
        }
        if let scale = options.minimumScale {
            try FieldCheck.check(scale, in: 0.01...1, at: "options.minimumScale")
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
