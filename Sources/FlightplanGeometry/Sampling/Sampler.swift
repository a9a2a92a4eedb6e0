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

/// The keyframe times a sampling chose, one array a track, and where the progress bound chose them, the plan's eased
/// progress at each time as its search reached it (which a planner then need not solve the timing curve for again).
package struct KeyframeTimes: Sendable {
    /// Each track's times, ascending from 0 to the duration.
    package var times: [[Double]]
    /// Each track's progress at each of its times; nil where the times came from a count, a rate or the time search.
    package var progresses: [[Double]]?

    /// Times with their progresses where known.
    package init(times: [[Double]], progresses: [[Double]]? = nil) {
        self.times = times
        self.progresses = progresses
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
    /// How far a segment's first candidate moves after its check: its length is the previous segment's, which a smooth
    /// motion keeps close to the longest that fits, so it grows by an eighth when it fits and shrinks by a tenth when
    /// not; doubling and halving take over from there. Over the random scenes this takes about a fifth less time than
    /// doubling and halving from the start, for 0.2 % more keyframes.
    static let firstGrowth = 1.125
    /// See ``firstGrowth``.
    static let firstShrink = 0.9
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
    /// a track; `state` writes the tracks' exact keyframes at a time over the array it is given (which it may reuse: a
    /// search evaluates thousands). A count or a rate gives every track the same times; so does the time search. A plan
    /// that is a ``ProgressMotion`` passes it as `progressMotion`: its tolerance times then come from
    /// ``progressBoundTimes(duration:tolerance:motion:layers:keyframeLimit:evaluations:)`` where that applies, each
    /// track's only as many as its own motion needs.
    /// `sampling` must already be valid (a count of at least 2, an fps whose count fits the budget). `tracks` is how many
    /// layers there are: only a tolerance search works the layers themselves out (a count of keyframes needs only how
    /// many).
    package static func times(
        for sampling: Sampling, duration: Double, state: (Double, inout [Keyframe]) -> Void, tracks: Int,
        layers: @autoclosure () -> [SampledLayer], progressMotion: ProgressMotion? = nil, budget: inout SamplingBudget
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
                duration: duration, tolerance: tolerance, state: state, layers: layers(), progressMotion: progressMotion, budget: &budget)
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

    /// Greedy adaptive times: from each keyframe, the farthest next time (found by a first step of the previous
    /// segment's length, then doubling or halving, then bisection) such that interpolating linearly between the
    /// two stays within `tolerance` points (and one 8-bit opacity step) of the exact plan at every checked instant.
    ///
    /// The work is bounded: a plan that would need more keyframes than the limits allow, or more
    /// than its evaluations, is refused instead. A `progressMotion` is tried first with the progress bound, which gives
    /// each track its own times; the time search gives every track the same ones (one array a track).
    static func toleranceTimes(
        duration: Double, tolerance: Double, state exactState: (Double, inout [Keyframe]) -> Void, layers: [SampledLayer],
        progressMotion: ProgressMotion? = nil, budget: inout SamplingBudget
    ) throws(SamplingBudgetExceeded) -> KeyframeTimes {
        var evaluations = 0
        func state(_ time: Double, into keyframes: inout [Keyframe]) {
            evaluations += layers.count
            exactState(time, &keyframes)
        }
        // Four arrays serve the whole search, swapped rather than made anew: the states at the segment's start, at the
        // farthest candidate that passed so far, at the candidate under test, and at the check under test.
        var startStates: [Keyframe] = [], goodStates: [Keyframe] = [], candidateStates: [Keyframe] = [], checked: [Keyframe] = []
        let keyframeLimit = min(budget.keyframesPerTrack, budget.totalKeyframes / layers.count)
        if let progressMotion,
            let times = progressBoundTimes(
                duration: duration, tolerance: tolerance, motion: progressMotion, layers: layers, keyframeLimit: keyframeLimit,
                evaluations: &evaluations)
        {
            guard evaluations <= budget.evaluations else {
                budget.evaluations = 0
                throw .evaluations
            }
            budget.evaluations -= evaluations
            return times
        }
        var times = [0.0]
        var start = 0.0
        state(0, into: &startStates)
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
            var first = true
            while true {
                defer { first = false }
                let thorough = failedConfirmations >= 2
                state(candidate, into: &candidateStates)
                let settled: Bool
                if segmentFits(
                    from: (start, startStates), to: (candidate, candidateStates), checks: thorough ? checkOrder[...] : quickChecks,
                    tolerance: tolerance, layers: layers,
                    state: {
                        state($0, into: &checked); return checked
                    })
                {
                    good = candidate
                    confirmed = thorough
                    swap(&goodStates, &candidateStates)
                    if let bad {
                        settled = bad - candidate <= bisectionResolution * (candidate - start)
                        candidate = (candidate + bad) / 2
                    } else {
                        settled = candidate == duration
                        candidate = min(duration, start + (first ? firstGrowth : 2) * (candidate - start))
                    }
                } else {
                    bad = candidate
                    let low = good ?? start
                    let next = first ? start + firstShrink * (candidate - start) : (low + candidate) / 2
                    if let good, candidate - good <= bisectionResolution * (good - start) {
                        settled = true
                    } else if next <= start || next == candidate || candidate - start <= duration * shortestSegmentFraction {
                        // A segment too short to split further is kept as it is (the curve jumps there).
                        if good == nil {
                            good = candidate
                            confirmed = true
                            swap(&goodStates, &candidateStates)
                        }
                        settled = true
                    } else {
                        settled = false
                    }
                    candidate = next
                }
                guard settled, let found = good else { continue }
                if confirmed
                    || segmentFits(
                        from: (start, startStates), to: (found, goodStates), checks: remainingChecks, tolerance: tolerance,
                        layers: layers,
                        state: {
                            state($0, into: &checked); return checked
                        })
                {
                    break
                }
                // It strays between the checks it passed: the search goes on below it.
                failedConfirmations += 1
                bad = found
                good = nil
                candidate = start + firstShrink * (found - start)
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
            swap(&startStates, &goodStates)
        }
        budget.evaluations -= evaluations
        return KeyframeTimes(times: Array(repeating: times, count: layers.count))
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

    private static func segmentFits(
        from start: (time: Double, states: [Keyframe]), to end: (time: Double, states: [Keyframe]), checks: ArraySlice<Int>,
        tolerance: Double, layers: [SampledLayer], state: (Double) -> [Keyframe]
    ) -> Bool {
        let allowed = tolerance * checkedShare
        for check in checks {
            let fraction = Double(check) / Double(checksPerSegment + 1)
            let exact = state(start.time + (end.time - start.time) * fraction)
            for index in layers.indices {
                let rendered = start.states[index].interpolated(to: end.states[index], fraction: fraction)
                if layers[index].movesGeometry && rendered.renderedDistance(to: exact[index], in: layers[index].frame) > allowed {
                    return false
                }
                if abs(rendered.opacity - exact[index].opacity) > opacityTolerance * checkedShare { return false }
            }
        }
        return true
    }
}
