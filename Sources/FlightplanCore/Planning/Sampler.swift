/// Chooses keyframe times: evenly spaced, or as few as keep a linear renderer within a tolerance.
enum Sampler {
    /// Largest opacity error a tolerance-sampled plan allows: one 8-bit step.
    static let opacityTolerance = 1.0 / 255
    /// Interior instants checked on each candidate segment.
    static let checksPerSegment = 24
    /// Share of the tolerance the checked instants may use, leaving headroom between them.
    static let checkedShare = 0.8

    /// Keyframes needed for `fps` over `duration`: spacing at most 1/fps, at least two.
    static func keyframeCount(duration: Double, fps: Double) -> Int {
        let intervals = (duration * fps * (1 - 1e-12)).rounded(.up)
        guard intervals.isFinite, intervals < Double(PlanLimits.maximumKeyframes * 2) else { return Int.max }
        return max(2, Int(intervals) + 1)
    }

    /// The keyframe times `sampling` chooses for a plan of `duration` whose tracks are `layers`.
    static func times(
        for sampling: Sampling, duration: Double, state: (Double) -> [Keyframe], layers: [Rect]
    ) throws(ValidationError) -> [Double] {
        switch sampling {
        case .keyframes(let count):
            return uniformTimes(count: count, duration: duration)
        case .fps(let fps):
            return uniformTimes(count: keyframeCount(duration: duration, fps: fps), duration: duration)
        case .tolerance(let tolerance):
            return try toleranceTimes(duration: duration, tolerance: tolerance, state: state, layers: layers)
        }
    }

    /// `count` times evenly spaced from exactly 0 to exactly `duration`.
    static func uniformTimes(count: Int, duration: Double) -> [Double] {
        (0..<count).map { index in
            index == count - 1 ? duration : duration * Double(index) / Double(count - 1)
        }
    }

    /// Greedy adaptive times: from each keyframe, the farthest next time (found by doubling, then
    /// bisection) such that interpolating linearly between the two stays within `tolerance` points
    /// (and one 8-bit opacity step) of the exact plan at every checked instant.
    ///
    /// The work is bounded: a plan that would need more keyframes than the limits allow, or more
    /// than ``PlanLimits/maximumToleranceEvaluations`` state evaluations, is refused instead.
    static func toleranceTimes(
        duration: Double, tolerance: Double, state exactState: (Double) -> [Keyframe], layers: [Rect]
    ) throws(ValidationError) -> [Double] {
        var evaluations = 0
        func state(_ time: Double) -> [Keyframe] {
            evaluations += layers.count
            return exactState(time)
        }
        let keyframeLimit = min(PlanLimits.maximumKeyframes, PlanLimits.maximumTotalKeyframes / layers.count)
        var times = [0.0]
        var start = 0.0
        var startStates = state(0)
        var step = duration / 16
        while start < duration {
            var good: (time: Double, states: [Keyframe])?
            var bad: Double?
            var candidate = min(duration, start + step)
            while true {
                let candidateStates = state(candidate)
                if segmentFits(from: (start, startStates), to: (candidate, candidateStates), tolerance: tolerance, state: state, layers: layers) {
                    good = (candidate, candidateStates)
                    if candidate == duration { break }
                    if let bad {
                        if bad - candidate <= 1e-3 * (candidate - start) { break }
                        candidate = (candidate + bad) / 2
                    } else {
                        candidate = min(duration, start + 2 * (candidate - start))
                    }
                } else {
                    bad = candidate
                    let low = good?.time ?? start
                    let next = (low + candidate) / 2
                    if let good, candidate - good.time <= 1e-3 * (good.time - start) { break }
                    // A segment too short to split further is kept as it is (the curve jumps there).
                    if next <= start || next == candidate || candidate - start <= duration * 1e-9 {
                        if good == nil { good = (candidate, candidateStates) }
                        break
                    }
                    candidate = next
                }
            }
            guard let accepted = good else { break }
            times.append(accepted.time)
            guard times.count <= keyframeLimit else {
                throw ValidationError(
                    field: "sampling.tolerance",
                    message: "needs more than \(keyframeLimit) keyframes per track for this plan; use a larger tolerance")
            }
            guard evaluations <= PlanLimits.maximumToleranceEvaluations else {
                throw ValidationError(
                    field: "sampling.tolerance",
                    message: "needs too much work for this plan (it oscillates too often); use a larger tolerance or fps")
            }
            step = accepted.time - start
            start = accepted.time
            startStates = accepted.states
        }
        return times
    }

    private static func segmentFits(
        from start: (time: Double, states: [Keyframe]), to end: (time: Double, states: [Keyframe]),
        tolerance: Double, state: (Double) -> [Keyframe], layers: [Rect]
    ) -> Bool {
        let allowed = tolerance * checkedShare
        for check in 1...checksPerSegment {
            let fraction = Double(check) / Double(checksPerSegment + 1)
            let exact = state(start.time + (end.time - start.time) * fraction)
            for index in layers.indices {
                let rendered = start.states[index].interpolated(to: end.states[index], fraction: fraction)
                if rendered.renderedDistance(to: exact[index], in: layers[index]) > allowed { return false }
                if abs(rendered.opacity - exact[index].opacity) > opacityTolerance * checkedShare { return false }
            }
        }
        return true
    }
}
