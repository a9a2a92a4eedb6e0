/// How much work sampling may still cost: one plan's, or what a batch of plans shares. Sampling spends
/// from it; a tolerance-sampled plan that would need more than is left is refused instead of computed.
package struct SamplingBudget: Sendable, Hashable {
    /// Most keyframes one track may have.
    package var keyframesPerTrack: Int
    /// Keyframes left over all tracks together.
    package var totalKeyframes: Int
    /// Exact-state evaluations (counted per track) left for tolerance searches.
    package var evaluations: Int

    /// Creates a budget.
    package init(keyframesPerTrack: Int, totalKeyframes: Int, evaluations: Int) {
        self.keyframesPerTrack = keyframesPerTrack
        self.totalKeyframes = totalKeyframes
        self.evaluations = evaluations
    }
}

/// Why tolerance sampling gave up: the plan would cost more than its ``SamplingBudget``.
package enum SamplingBudgetExceeded: Error, Sendable, Hashable {
    /// More keyframes per track than this limit would be needed.
    case keyframes(limit: Int)
    /// More state evaluations than the budget were spent (the motion turns too often or too sharply).
    case evaluations
}

/// One track as the sampler measures it: its layer's frame, whether its geometry can move at all, and how its state
/// follows the plan's progress between two kinks of a ``ProgressMotion`` (its ``Form``). A track that only fades (a
/// screen, a scrim) keeps the identity transform, the whole layer as its mask and square corners in every state, so its
/// rendered distance is zero and only its opacity is checked.
package struct SampledLayer: Sendable, Hashable {
    /// How a track's state follows the plan's progress between two kinks, which tells the progress bound how to read it.
    package enum Form: Sendable, Hashable {
        /// Anyhow: the bound measures its bend and speed on a grid of exact states.
        case measured
        /// Every field linear in the plan's progress and the transform still (a fade on a channel's share, a mask that
        /// slides): its rendered coordinates and opacity are linear too, so a chord between two of its states is exact
        /// and it moves at one speed, which the bound reads from each piece's two ends.
        case linear
        /// A flight, between kinks inside 0…1: no rotation or shear; the scales (`a`, `d`) linear in the plan's progress
        /// and the translation quadratic; the mask's edges times the scale on their axis, and the corner radius times the
        /// larger scale, linear; the opacity linear. A chord's stray and the state's speed then have closed forms
        /// (``FlightLanes``), which the bound reads from three exact states a piece. Beyond 1, where a spring's overshoot
        /// continues sizes geometrically, it has a closed form of its own (``FlightOvershoot``, which the motion carries)
        /// where the piece holds no corner of it; else, and below 0, it is measured.
        case flight
    }

    /// The layer's untransformed frame.
    package var frame: Rect
    /// Whether any state sets a transform, a mask or a corner radius.
    package var movesGeometry: Bool
    /// How its state follows the plan's progress between kinks.
    package var form: Form

    /// Creates a sampled layer.
    package init(frame: Rect, movesGeometry: Bool, form: Form = .measured) {
        self.frame = frame
        self.movesGeometry = movesGeometry
        self.form = form
    }
}

/// The keyframe times a sampling chose, one array a track, and for a track whose times the progress bound chose, the
/// plan's eased progress at each time as its search reached it (which a planner then need not solve the timing curve
/// for again).
package struct KeyframeTimes: Sendable {
    /// Each track's times, ascending from 0 to the duration.
    package var times: [[Double]]
    /// Each track's progress at each of its times, one array a track (empty for a track whose times came from the time
    /// search), or none where no track's are known (the times came from a count or a rate).
    package var progresses: [[Double]]

    /// Times with their progresses where known.
    package init(times: [[Double]], progresses: [[Double]] = []) {
        self.times = times
        self.progresses = progresses
    }

    /// The progresses at `track`'s times, where known.
    package func progresses(ofTrack track: Int) -> [Double]? {
        progresses.isEmpty || progresses[track].isEmpty ? nil : progresses[track]
    }
}

/// Chooses keyframe times: evenly spaced, or as few as keep a linear renderer within a tolerance.
package enum Sampler {
    /// Largest opacity error a tolerance-sampled plan allows: one 8-bit step.
    package static let opacityTolerance = 1.0 / 255
    /// Interior instants checked on each candidate segment. The check is a sampled one, so it can miss
    /// an excursion between two checked instants; 24 evenly spaced checks put them at most 1/25 of a
    /// segment apart, and over the property tests' random scenes the dense check never finds an error
    /// past the tolerance with this many (it did with 8).
    static let checksPerSegment = 24
    /// Share of the tolerance the checked instants may use: the headroom (20 %) covers what the curve
    /// can do between two checked instants.
    static let checkedShare = 0.8
    /// The first step tried from each keyframe is this fraction of the duration (then doubled or halved).
    static let initialStepFraction = 1.0 / 16
    /// The search between a fitting and a failing candidate stops when they are closer than this share of
    /// the fitting segment. Measured over the property tests' random scenes, 1/32 gives 1.3 % more keyframes than
    /// 10⁻³ does, in five bisection steps instead of ten: the search takes about a third less time.
    static let bisectionResolution = 1.0 / 32
    /// After a segment's confirmation fails, its next candidate is this share of the one that failed.
    static let shrinkAfterFailedConfirmation = 0.9
    /// Most candidates in one segment that the time search aims from the checks' stray (``aimedLength(_:stray:)``) before
    /// bisection alone takes over.
    static let maximumTimeAims = 3
    /// How far short of the length where the checks' stray is predicted to reach what they allow each aimed candidate
    /// lands, as a share of it: a fitting candidate that close is kept (within ``bisectionResolution``).
    static let timeAimShortfall = bisectionResolution / 2
    /// A segment shorter than this share of the duration is kept without further splitting (the motion
    /// jumps there, and no keyframe spacing can follow it).
    static let shortestSegmentFraction = 1e-9
    /// `duration × fps` is shrunk by this relative amount before rounding up, so that a product that
    /// rounding error pushes just past a whole number (0.25 s × 60 fps = 15.000000000000002) does not
    /// add a keyframe.
    static let intervalRoundingSlack = 1e-12

    /// Keyframes needed for `fps` over `duration`: spacing at most 1/fps, at least two; `Int.max` when the
    /// count would not even fit an `Int`, so callers can compare it with their limit without overflowing.
    package static func keyframeCount(duration: Double, fps: Double) -> Int {
        let intervals = (duration * fps * (1 - intervalRoundingSlack)).rounded(.up)
        guard intervals.isFinite, intervals < 1e15 else { return Int.max }
        return max(2, Int(intervals) + 1)
    }

    /// The keyframe times `sampling` chooses for each track of a plan of `duration` whose tracks are `layers`, one array
    /// a track; `state` gives a track's exact keyframe at a time. A count or a rate gives every track the same times. A
    /// tolerance gives each track only as many as its own motion needs: the tracks of a `progressMotion` (those that are
    /// functions of the plan's progress) or of one of `windowMotions` (functions of one window of time's progress) from
    /// ``progressBoundTimes(duration:tolerance:motion:layers:keyframeLimit:evaluations:)`` where that applies, the others
    /// from the time search, track by track.
    /// `sampling` must already be valid (a count of at least 2, an fps whose count fits the budget). `tracks` is how many
    /// layers there are: only a tolerance search works the layers themselves out (a count of keyframes needs only how
    /// many).
    package static func times(
        for sampling: Sampling, duration: Double, state: (_ track: Int, _ time: Double) -> Keyframe, tracks: Int,
        layers: @autoclosure () -> [SampledLayer], progressMotion: ProgressMotion? = nil, windowMotions: [ProgressMotion] = [],
        budget: inout SamplingBudget
    ) throws(SamplingBudgetExceeded) -> KeyframeTimes {
        let times: KeyframeTimes
        switch sampling {
        case .keyframes(let count):
            times = KeyframeTimes(times: Array(repeating: uniformTimes(count: count, duration: duration), count: tracks))
        case .fps(let fps):
            times = KeyframeTimes(
                times: Array(repeating: uniformTimes(count: keyframeCount(duration: duration, fps: fps), duration: duration), count: tracks))
        case .tolerance(let tolerance):
            times = try toleranceTimes(
                duration: duration, tolerance: tolerance, state: state, layers: layers(), progressMotion: progressMotion,
                windowMotions: windowMotions, budget: &budget)
        }
        budget.totalKeyframes -= times.times.reduce(0) { $0 + $1.count }
        return times
    }

    /// `count` times evenly spaced from exactly 0 to exactly `duration`.
    static func uniformTimes(count: Int, duration: Double) -> [Double] {
        (0..<count).map { index in
            index == count - 1 ? duration : duration * Double(index) / Double(count - 1)
        }
    }

    /// Tolerance times, one array a track: the progress bound's for the tracks of `progressMotion` and of each of
    /// `windowMotions` where it applies, the time search's
    /// (``searchedTimes(duration:tolerance:state:layer:keyframeLimit:evaluations:budget:)``) for every other track, each on
    /// its own.
    ///
    /// The work is bounded: a plan that would need more keyframes than the limits allow, or more
    /// than its evaluations, is refused instead.
    static func toleranceTimes(
        duration: Double, tolerance: Double, state: (_ track: Int, _ time: Double) -> Keyframe, layers: [SampledLayer],
        progressMotion: ProgressMotion? = nil, windowMotions: [ProgressMotion] = [], budget: inout SamplingBudget
    ) throws(SamplingBudgetExceeded) -> KeyframeTimes {
        var evaluations = 0
        let keyframeLimit = min(budget.keyframesPerTrack, budget.totalKeyframes / layers.count)
        // The bound's times for a motion's tracks, where it applies: over a window, its own times from the window's start
        // (two fewer, for the plan's start and end, which hold the window's first and last states).
        func boundTimes(_ motion: ProgressMotion) throws(SamplingBudgetExceeded) -> KeyframeTimes? {
            let span = motion.window.map { $0.end - $0.start } ?? duration
            guard
                let bound = progressBoundTimes(
                    duration: span, tolerance: tolerance, motion: motion,
                    layers: motion.tracks.count == layers.count ? layers : motion.tracks.map { layers[$0] },
                    keyframeLimit: motion.window == nil ? keyframeLimit : keyframeLimit - 2, evaluations: &evaluations)
            else { return nil }
            guard evaluations <= budget.evaluations else {
                budget.evaluations = 0
                throw .evaluations
            }
            return bound
        }
        let bound = try progressMotion.flatMap(boundTimes)
        // Every track the bound's (a plan with no window of time, stagger or interruption): its times as they are.
        if let bound, bound.times.count == layers.count {
            budget.evaluations -= evaluations
            return bound
        }
        var times = KeyframeTimes(times: [[Double]](repeating: [], count: layers.count))
        var searched = Array(layers.indices)
        if let bound, let covered = progressMotion?.tracks {
            times.progresses = [[Double]](repeating: [], count: layers.count)
            for (own, track) in covered.enumerated() {
                times.times[track] = bound.times[own]
                times.progresses[track] = bound.progresses[own]
            }
            searched.removeAll { covered.contains($0) }
        }
        for motion in windowMotions {
            guard let window = motion.window, let bound = try boundTimes(motion) else { continue }
            for (own, track) in motion.tracks.enumerated() {
                times.times[track] = windowed(bound.times[own], start: window.start, end: window.end, duration: duration)
            }
            searched.removeAll { motion.tracks.contains($0) }
        }
        for track in searched {
            times.times[track] = try searchedTimes(
                duration: duration, tolerance: tolerance, state: { state(track, $0) }, layer: layers[track], keyframeLimit: keyframeLimit,
                evaluations: &evaluations, budget: &budget)
        }
        budget.evaluations -= evaluations
        return times
    }

    /// A span's own `times` (from 0 to its curve's end: its length, or a spring's duration run faster or slower over it)
    /// as a plan's of `duration`: mapped onto its `start`…`end`, with the plan's start and end where the span leaves them
    /// out (the track holds still there).
    static func windowed(_ times: [Double], start: Double, end: Double, duration: Double) -> [Double] {
        var planTimes: [Double] = []
        planTimes.reserveCapacity(times.count + 2)
        if start > 0 { planTimes.append(0) }
        let scale = (end - start) / times[times.count - 1]
        for time in times.dropLast() where start + time * scale < end { planTimes.append(start + time * scale) }
        planTimes.append(end)
        if end < duration { planTimes.append(duration) }
        return planTimes
    }

    /// Greedy adaptive times for one track: from each keyframe, the farthest next time (found by a first step of the
    /// previous segment's length, then aimed where the checks' stray predicts the longest fitting segment, then by
    /// doubling or bisection) such that interpolating linearly between the two stays within `tolerance` points (and one
    /// 8-bit opacity step) of the exact track at every checked instant.
    /// `evaluations` counts the states it evaluates on top of what it held (the plan's so far); past `budget`'s, or past
    /// `keyframeLimit` keyframes, the plan is refused.
    private static func searchedTimes(
        duration: Double, tolerance: Double, state exactState: (Double) -> Keyframe, layer: SampledLayer, keyframeLimit: Int,
        evaluations: inout Int, budget: inout SamplingBudget
    ) throws(SamplingBudgetExceeded) -> [Double] {
        func state(_ time: Double) -> Keyframe {
            evaluations += 1
            return exactState(time)
        }
        var times = [0.0]
        var start = 0.0
        var startState = state(0)
        var goodState = startState
        var step = duration * initialStepFraction
        while start < duration {
            // The farthest candidate that passed the quick checks (or all of them, once `confirmed`), and the nearest
            // that failed.
            var good: Double?
            var confirmed = false
            var bad: Double?
            // Once two settled candidates have failed the rest of the checks, every candidate takes all of them: a
            // motion that strays between the middle checks can fool them again and again (an oscillation that the two
            // checks sample at its nodes), and a search on them alone would go on below each failure in small steps.
            var failedConfirmations = 0
            var candidate = min(duration, start + step)
            var aims = 0
            while true {
                let thorough = failedConfirmations >= 2
                let candidateState = state(candidate)
                let stray = segmentStray(
                    from: (start, startState), to: (candidate, candidateState), checks: thorough ? checkOrder[...] : quickChecks,
                    tolerance: tolerance, layer: layer, state: state)
                // Where the stray predicts the longest fitting segment (a chord strays as its length squared), while the
                // aims last; else doubling, then bisection between the fitting and the failing candidates.
                let aimed = aims < maximumTimeAims ? aimedLength(candidate - start, stray: stray).map { start + $0 } : nil
                aims += 1
                let settled: Bool
                if stray <= 1 {
                    good = candidate
                    confirmed = thorough
                    goodState = candidateState
                    let grows = aimed.map { $0 - candidate > bisectionResolution * (candidate - start) } ?? true
                    if candidate == duration || !grows {
                        settled = true
                    } else if let bad {
                        settled = bad - candidate <= bisectionResolution * (candidate - start)
                        candidate = if let aimed, aimed < bad { aimed } else { (candidate + bad) / 2 }
                    } else {
                        settled = false
                        let doubled = start + 2 * (candidate - start)
                        candidate = min(duration, aimed.map { min($0, doubled) } ?? doubled)
                    }
                } else {
                    bad = candidate
                    let low = good ?? start
                    let next = if let aimed, aimed > low { aimed } else { (low + candidate) / 2 }
                    if let good, candidate - good <= bisectionResolution * (good - start) {
                        settled = true
                    } else if next <= start || next == candidate || candidate - start <= duration * shortestSegmentFraction {
                        // A segment too short to split further is kept as it is (the curve jumps there).
                        if good == nil {
                            good = candidate
                            confirmed = true
                            goodState = candidateState
                        }
                        settled = true
                    } else {
                        settled = false
                    }
                    candidate = next
                }
                guard settled, let found = good else { continue }
                if confirmed
                    || segmentStray(
                        from: (start, startState), to: (found, goodState), checks: remainingChecks, tolerance: tolerance, layer: layer,
                        state: state) <= 1
                {
                    break
                }
                // It strays between the checks it passed: the search goes on below it.
                failedConfirmations += 1
                bad = found
                good = nil
                aims = maximumTimeAims
                candidate = start + shrinkAfterFailedConfirmation * (found - start)
            }
            guard let accepted = good else { break }
            times.append(accepted)
            guard times.count <= keyframeLimit else {
                // The evaluations are spent all the same: a batch's later items must not get them again.
                budget.evaluations = max(0, budget.evaluations - evaluations)
                throw .keyframes(limit: keyframeLimit)
            }
            guard evaluations <= budget.evaluations else {
                budget.evaluations = 0
                throw .evaluations
            }
            step = accepted - start
            start = accepted
            startState = goodState
        }
        return times
    }

    /// The interior checks from the middle of a segment outwards, where a chord strays farthest from a smooth
    /// motion: a segment fits only if every check passes, so their order changes nothing but how soon a failing
    /// segment is found (most candidates of the search fail).
    static let checkOrder = (1...checksPerSegment).sorted { abs(2 * $0 - checksPerSegment - 1) < abs(2 * $1 - checksPerSegment - 1) }
    /// The checks a candidate must pass to lead the search: the two in the middle, where a smooth motion's chord
    /// strays farthest, so that a candidate the search moves past costs two evaluations instead of twenty-four.
    /// Only the candidate the search settles on takes the rest; if it fails them, the search goes on below it (with
    /// every check, after a second failure: the work stays bounded as before).
    /// Over the random scenes the keyframe counts are those of checking everything (to 0.1 %), at 40 % fewer
    /// evaluations.
    static let quickChecks = checkOrder[..<2]
    /// The checks the settled candidate takes after ``quickChecks``.
    static let remainingChecks = checkOrder[2...]

    /// The largest stray of a linear renderer between `start` and `end` from the exact track at `checks`, as a share of
    /// what the checks allow (``checkedShare`` of the tolerance, and of one 8-bit opacity step): the segment fits where it
    /// is at most 1. It stops at the first check past 1.
    private static func segmentStray(
        from start: (time: Double, state: Keyframe), to end: (time: Double, state: Keyframe), checks: ArraySlice<Int>,
        tolerance: Double, layer: SampledLayer, state: (Double) -> Keyframe
    ) -> Double {
        let allowed = tolerance * checkedShare, allowedOpacity = opacityTolerance * checkedShare
        var largest = 0.0
        for check in checks {
            let fraction = Double(check) / Double(checksPerSegment + 1)
            let exact = state(start.time + (end.time - start.time) * fraction)
            let rendered = start.state.interpolated(to: end.state, fraction: fraction)
            if layer.movesGeometry { largest = max(largest, rendered.renderedDistance(to: exact, in: layer.frame) / allowed) }
            largest = max(largest, abs(rendered.opacity - exact.opacity) / allowedOpacity)
            if largest > 1 { break }
        }
        return largest
    }

    /// The segment length the time search aims at after a candidate of `length` strayed `stray` (a share of what the
    /// checks allow): a smooth motion's chord strays as its length squared, so the length where the stray would reach 1,
    /// less ``timeAimShortfall``; nil where the stray says nothing (0: a chord that does not stray grows by doubling).
    static func aimedLength(_ length: Double, stray: Double) -> Double? {
        guard stray > 0, stray.isFinite else { return nil }
        return length * (1 / stray).squareRoot() * (1 - timeAimShortfall)
    }
}
