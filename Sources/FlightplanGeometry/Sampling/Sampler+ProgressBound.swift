extension Sampler {
    /// Cells per unit of progress in the grid the progress bound measures a motion on (a piece between two kinks
    /// gets as many as its length needs, at least one).
    static let progressGridCells = 16
    /// The bound's search keeps a fitting curve parameter once the segment could grow by at most this share of its length:
    /// as the load's own aim predicts, or as a failing parameter that close shows (a candidate costs a few multiplications,
    /// not a state). Over http_bench's requests (60 a style, 2026-11-30), 1/16 rather than 1/64 took 3 % fewer of zoom's and
    /// snapshot's planning instructions and 5 % fewer of sharedFrame's, for 0.6–1 % more keyframes (morph's 4 %).
    static let boundResolution = 1.0 / 16
    /// How far short of where the load is predicted to reach 1 each aimed candidate lands, as a share of the aim: close
    /// enough that a fitting one is kept (within ``boundResolution``), far enough that a smooth motion's prediction errs
    /// past it seldom. Aiming just past after a fit instead makes nearly every segment wait for a failing candidate to
    /// bracket it: over http_bench's distinct sharedFrame requests that took about 1.8 times the search's instructions, for
    /// no fewer keyframes.
    static let aimShortfall = boundResolution / 8
    /// Most aimed candidates in one segment of the bound's search before doubling and halving take over (or, between a
    /// fitting and a failing candidate, ``bracketed(_:_:)``).
    static let maximumAims = 3
    /// Most corners between grid points the bound locates in one plan before it leaves the plan to the time search. A
    /// grid reports every corner it finds and the next grid measures with them all as kinks: sharedFrame's destination
    /// image turns up to four (its clip's edges meeting the mask's, its radius reaching 0), and a piece between two
    /// of them may hold one more.
    static let maximumCorners = 8
    /// Most times the bound measures a motion again with the corners it located: a bend that grows without limit (a
    /// scale nearing zero) shows a new corner next to each one located, and is left to the time search.
    static let maximumRemeasures = 3

    /// Tolerance times from a bound instead of checked instants, one array a track (with the plan's progress at each, as the
    /// search reached it), or nil where the bound does not apply
    /// (the grid finds the motion too uneven to measure, or a track's keyframes would pass `keyframeLimit`): then the time
    /// search decides. Each track's times are searched on its own measures alone: one that moves less than another needs
    /// fewer (every kink stays a keyframe of every track).
    ///
    /// The bound. Between keyframes at curve parameters s₀ < s₁ (times `x(s₀)`, `x(s₁)`, progresses p₀ = `y(s₀)`,
    /// p₁ = `y(s₁)`), a linear renderer shows at fraction f the fields of W(p₀) and W(p₁) mixed by f, where W(p) is the
    /// exact state at progress p; the exact plan shows W(p(t)). With p̄ = p₀ + f (p₁ − p₀), its error is at most
    /// `|mix(W(p₀), W(p₁), f) − W(p̄)| + |W(p̄) − W(p(t))| ≤ K (p₁ − p₀)² / 4 + L · max |p̄ − p(t)|`, where K bounds
    /// the chord's stray in progress (it is `f(1 − f) (p₁ − p₀)²` times W's bend) and L the rendered state's speed per
    /// unit of progress, both over p₀…p₁ (which holds p(t): the curve's progress is monotone inside 0…1).
    /// - `max |p̄ − p(t)|` is exact on a Bézier: t and p are both cubics in s, so the chord's gap is largest where
    ///   `y′(s) = m x′(s)` (m the chord's slope), a quadratic's roots; only the segment's ends are evaluated.
    /// - On a spring the search runs in time, the progress is not monotone and may leave 0…1: the grid spans the
    ///   progresses it reaches (0 and 1 kinks where it passes them: opacities stop there), each time it crosses a kink
    ///   is a keyframe, so that p(t) stays on one side of every kink inside a segment, and the gap is bounded from the
    ///   damping envelope (``springTimes(search:ends:range:grid:track:keyframeLimit:)``); K and L are read over the chord's
    ///   progresses widened by that gap.
    /// - K and L come from ``ProgressGrid``, per rendered coordinate and for opacity: exact states on a grid of cells,
    ///   their middles and finer points at each piece's ends, each cell taking the largest of its own and its
    ///   neighbours' measures, with kinks as cell edges and keyframes (a corner in W is no bend a grid can measure). A
    ///   corner between grid points shows as neighbouring bends that jump, or near a piece's end as finer bends that
    ///   jump from coarser ones: each one is located and made a kink, and the motion measured again (up to
    ///   ``maximumCorners`` in all, ``maximumRemeasures`` times; a bend that grows without limit, a scale nearing zero,
    ///   keeps showing one and declines).
    /// - A linear track (``SampledLayer/Form/linear``: a fade, a sliding mask) has exact chords, K = 0, and L the slope of
    ///   its line between each piece's ends, where alone it is evaluated: proven, not measured.
    /// - A flight (``SampledLayer/Form/flight``) has K and L in closed form inside 0…1 (``FlightLanes``),
    ///   from its states at each piece's ends and middle: proven for its form, whose kinks (where its scale changes axis,
    ///   where its corner radius meets its clip's half side) the motion lists. Beyond 1, where a spring carries it, it has
    ///   a closed form of its own (``FlightOvershoot``: sizes continue geometrically, centres linearly) where no corner of
    ///   it lies there; else, and below 0, it is measured.
    /// - Where the grid measures them, K and L are not proven between grid points: the bound allows
    ///   ``ProgressGrid/boundShare`` of the tolerance, and `ProgressBoundTests` checks it against dense exact states over
    ///   random scenes.
    package static func progressBoundTimes(
        duration: Double, tolerance: Double, motion: ProgressMotion, layers: [SampledLayer], keyframeLimit: Int, evaluations: inout Int
    ) -> KeyframeTimes? {
        // The corners a grid finds between its points are located and made kinks, and the motion measured again, up to
        // ``maximumCorners`` corners in all and ``maximumRemeasures`` times.
        var motion = motion
        var located = 0
        var measured: ProgressGrid?
        var pieces: [ProgressGrid.Piece] = []
        for remeasure in 0...maximumRemeasures {
            var corners: [ProgressGrid.Corner] = []
            measured = ProgressGrid(
                motion: motion, tolerance: tolerance, layers: layers, evaluations: &evaluations, corners: &corners, pieces: &pieces)
            guard measured == nil else { break }
            located += corners.count
            guard !corners.isEmpty, located <= maximumCorners, remeasure < maximumRemeasures else { return nil }
            let kinks = corners.map { $0.located(in: motion, layers: layers, tolerance: tolerance, evaluations: &evaluations) }.filter { kink in
                kink > motion.range.low && kink < motion.range.high && !motion.kinks.contains(kink)
            }
            guard !kinks.isEmpty else { return nil }
            motion.kinks = (motion.kinks + kinks).sorted()
        }
        guard let grid = measured else { return nil }
        var times: [[Double]] = [], progresses: [[Double]] = []
        times.reserveCapacity(layers.count)
        progresses.reserveCapacity(layers.count)
        // On a Bézier, the curve's parameter at each kink, found once for every track.
        let kinkParameters: [Double]
        if case .bezier(let bezier) = motion.curve {
            let curve = BezierCubics(bezier)
            kinkParameters = motion.kinks.map { curve.parameter(forY: $0) }
        } else {
            kinkParameters = []
        }
        // On a spring, what every track's search shares, found once: the spring as the search reads it, and the ends of
        // its spans between the times its progress crosses a kink.
        let spring: (search: SpringMotion.BoundSearch, ends: [Double])?
        if case .spring(let progress) = motion.curve {
            spring = (progress.spring.boundSearch, springSpanEnds(progress, kinks: motion.kinks))
        } else {
            spring = nil
        }
        for track in layers.indices {
            let found: (times: [Double], progresses: [Double])?
            switch motion.curve {
            case .bezier(let bezier):
                found = bezierTimes(
                    duration: duration, curve: BezierCubics(bezier), kinks: kinkParameters, grid: grid, track: track, keyframeLimit: keyframeLimit)
            case .spring(let progress):
                guard let spring else { return nil }
                func search() -> (times: [Double], progresses: [Double])? {
                    springTimes(search: spring.search, ends: spring.ends, range: motion.range, grid: grid, track: track, keyframeLimit: keyframeLimit)
                }
                if layers[track].form == .linear {
                    // The search with a lower limit finds the same times or none: a remembered search stands for every
                    // limit its times keep within.
                    let key = LinearSpringTrack(
                        spring: progress.spring, ends: spring.ends, range: [motion.range.low, motion.range.high], column: grid.column(of: track))
                    if let known = linearSpringTimes.value(for: key) {
                        found = known.times.count <= keyframeLimit ? (known.times, known.progresses) : nil
                    } else {
                        found = search()
                        if let found { linearSpringTimes.remember(LinearSpringTimes(times: found.times, progresses: found.progresses), for: key) }
                    }
                } else {
                    found = search()
                }
            }
            guard let found else { return nil }
            times.append(found.times)
            progresses.append(found.progresses)
        }
        return KeyframeTimes(times: times, progresses: progresses)
    }

    /// The bound's times for the track at `track` on a Bézier, with the progress at each: each piece between kinks (ending
    /// at the curve's parameter where its progress reaches its kink: `kinks` holds those parameters) is split greedily in
    /// the curve's parameter, where the time and the progress are cubics.
    private static func bezierTimes(
        duration: Double, curve: BezierCubics, kinks: [Double], grid: ProgressGrid, track: Int, keyframeLimit: Int
    ) -> (times: [Double], progresses: [Double])? {
        // Room for a typical plan's keyframes (http_bench's sharedFrame requests take 20 to 30) from the start, rather than
        // five reallocations on the way there.
        var times: [Double] = [], progresses: [Double] = []
        times.reserveCapacity(min(keyframeLimit, 32))
        progresses.reserveCapacity(min(keyframeLimit, 32))
        times.append(0)
        progresses.append(0)
        var start = 0.0
        var previousAim = 0.0
        var step = initialStepFraction
        var firstCell = 0
        let shortest = shortestSegmentFraction
        // Each piece's end in the curve's parameter: its kink's, and 1 after the last (read in place, not gathered into a
        // new array).
        for piece in 0...kinks.count {
            let end = piece < kinks.count ? kinks[piece] : 1
            guard end > start else { continue }
            while start < end {
                let origin = curve.point(start)
                firstCell = grid.cell(containing: origin.y, from: firstCell)
                // How much of the tolerance the chord to `candidate` spends (infinite where it does not move on in time), and
                // the curve's point there.
                func load(_ candidate: Double) -> (load: Double, reached: (x: Double, y: Double)) {
                    let point = curve.point(candidate)
                    guard point.x > origin.x else { return (.infinity, point) }
                    let spent = grid.load(
                        from: origin.y, to: point.y, gap: curve.chordGap(from: (start, origin), to: (candidate, point)), first: firstCell,
                        track: track)
                    return (spent, point)
                }
                guard let (accepted, acceptedLoad, point) = farthestFitting(from: start, to: end, firstStep: step, shortest: shortest, load: load)
                else { return nil }
                let time = accepted == 1 ? duration : duration * point.x
                guard time > times[times.count - 1] else { return nil }
                times.append(time)
                progresses.append(accepted == 1 ? 1 : point.y)
                guard times.count <= keyframeLimit else { return nil }
                step = firstStep(after: accepted - start, load: acceptedLoad, previousAim: &previousAim)
                start = accepted
            }
        }
        return (times, progresses)
    }

    /// What a linear track's times on a spring depend on, but for the keyframe limit: the spring, its spans' ends, the
    /// progresses it reaches and the track's column of the grid (``ProgressGrid/column(of:)``: all its load reads).
    private struct LinearSpringTrack: Hashable, Sendable {
        let spring: SpringMotion
        let ends: [Double]
        let range: [Double]
        let column: [Double]

        /// Hashes all but the column's values (its length only): they are some seventy numbers, which cost more to hash
        /// than the few tracks a memo holds on one spring and range cost to compare.
        func hash(into hasher: inout Hasher) {
            hasher.combine(spring)
            hasher.combine(ends)
            hasher.combine(range)
            hasher.combine(column.count)
        }
    }

    /// A linear track's times on a spring, with the progress at each.
    private struct LinearSpringTimes: Sendable {
        let times: [Double]
        let progresses: [Double]
    }

    /// The times found lately for linear tracks on a spring. A linear track (a fade) keeps one speed over each piece
    /// between kinks, so its times depend on its curve and its range of opacity, not on the scene's geometry: every zoom
    /// request on the default spring fades its screen alike, and its search (two fifths of that plan's) is made once.
    private static let linearSpringTimes = CurveMemo<LinearSpringTrack, LinearSpringTimes>(capacity: 64)

    /// Crossings of a kink closer than this share of the duration to its start or end are not made keyframes: the
    /// spring is within a hair of its start or its settled progress there, and a segment that long would be empty.
    static let springCrossingMargin = 1e-6

    /// The ends of a spring's spans, in seconds, ascending: the times strictly inside its duration where its progress
    /// crosses a kink (a spring may cross one again and again, and cross kinks at its turns beyond 0…1), then its
    /// duration. Every track's search splits the same spans.
    private static func springSpanEnds(_ progress: SpringProgress, kinks: [Double]) -> [Double] {
        let duration = progress.spring.duration
        let margin = springCrossingMargin * duration
        return kinks.flatMap { progress.crossings(of: $0) }.filter { $0 > margin && $0 < duration - margin }.sorted() + [duration]
    }

    /// The bound's times for the track at `track` on a spring, in seconds, with the progress at each: each span (up to
    /// each of `ends`, ``springSpanEnds(_:kinks:)``) is split greedily. A chord in time from t₀ to t₁ strays in progress
    /// from the spring by at most `(t₁ − t₀)² / 8` times its largest acceleration over the span
    /// (``SpringMotion/BoundSearch/Span/accelerationBound(to:acceleration:)``, from the damping's envelope), which is the
    /// bound's gap; the progresses between lie within that gap of the chord's, where the grid's speeds are read.
    private static func springTimes(
        search spring: SpringMotion.BoundSearch, ends: [Double], range: (low: Double, high: Double), grid: ProgressGrid, track: Int,
        keyframeLimit: Int
    ) -> (times: [Double], progresses: [Double])? {
        let duration = ends[ends.count - 1]
        var times: [Double] = [], progresses: [Double] = []
        times.reserveCapacity(min(keyframeLimit, 32))
        progresses.reserveCapacity(min(keyframeLimit, 32))
        times.append(0)
        progresses.append(0)
        var start = 0.0
        var previousAim = 0.0
        var step = duration * initialStepFraction
        let shortest = duration * shortestSegmentFraction
        // The spring where the segment starts: the search's accepted candidate's reading, so it is not read again there.
        var startReading = spring.reading(at: 0)
        // The cell holding the segment's start, from which each candidate's cell is walked to.
        var originCell = 0
        for end in ends {
            guard end > start else { continue }
            while start < end {
                let origin = startReading.value, span = spring.span(from: start, reading: startReading)
                originCell = grid.cell(containing: origin, from: originCell)
                func load(_ candidate: Double) -> (load: Double, reached: SpringMotion.BoundSearch.Reading) {
                    let length = candidate - start
                    let reading = spring.reading(at: candidate), reached = reading.value
                    guard length > 0 else { return (.infinity, reading) }
                    let gap = length * length / 8 * span.accelerationBound(to: candidate, acceleration: reading.acceleration)
                    // Clamped to the progresses the spring reaches at all (the grid measured those).
                    let low = max(range.low, min(origin, reached) - gap), high = min(range.high, max(origin, reached) + gap)
                    let spent = grid.load(
                        from: low, to: high, spread: (reached - origin) * (reached - origin) / 4, gap: gap,
                        first: grid.cell(containing: low, from: originCell), track: track)
                    return (spent, reading)
                }
                guard let (accepted, acceptedLoad, reading) = farthestFitting(from: start, to: end, firstStep: step, shortest: shortest, load: load)
                else { return nil }
                times.append(accepted)
                progresses.append(reading.value)
                guard times.count <= keyframeLimit else { return nil }
                step = firstStep(after: accepted - start, load: acceptedLoad, previousAim: &previousAim)
                start = accepted
                startReading = reading
            }
        }
        return (times, progresses)
    }

    /// The farthest candidate after `start`, up to `end`, whose `load` is at most 1, until the segment could grow by at
    /// most ``boundResolution``: as the load's aim predicts, or as the nearest candidate that does not fit shows; nil for
    /// a segment too short to split further (no longer than `shortest`: the time search decides). The first candidate is
    /// `firstStep` long. Each next one is aimed ``aimShortfall`` short of where the load would reach 1 if it grew as the
    /// square of the segment's length, as a chord's stray from a smooth motion does (at most ``largestAimRatio`` times
    /// farther or nearer): it then usually fits and is kept. After ``maximumAims`` (a cell with a larger bend inside the
    /// span, a load that grows unlike a square) doubling and halving take over; between a fitting and a failing
    /// candidate, an aim outside them and every candidate after the aims is ``bracketed(_:_:)``.
    @inline(__always)
    private static func farthestFitting<Reached>(
        from start: Double, to end: Double, firstStep step: Double, shortest: Double, load: (Double) -> (load: Double, reached: Reached)
    ) -> (candidate: Double, load: Double, reached: Reached)? {
        // The farthest fitting candidate (with what it reached) and the nearest failing one, with their loads.
        var good: (candidate: Double, load: Double, reached: Reached)?, bad: (candidate: Double, load: Double)?
        var candidate = min(end, start + step)
        var aims = 0
        while true {
            let length = candidate - start, (spent, reached) = load(candidate)
            // Where the load would reach 1, taken only while aiming: its square root and division are the longest
            // waits on the search's one chain of dependent steps.
            func aimed() -> Double { spent > 0 ? length / spent.squareRoot() : largestAimRatio * length }
            let aiming = aims < maximumAims
            aims += 1
            var next: Double
            if spent <= 1 {
                good = (candidate, spent, reached)
                guard candidate < end else { break }
                if let bad, bad.candidate - candidate <= boundResolution * length { break }
                if aiming && aimed() <= (1 + boundResolution) * length { break }
                next = min(end, start + (aiming ? min(largestAimRatio * length, aimed() * (1 - aimShortfall)) : 2 * length))
            } else {
                bad = (candidate, spent)
                if let good, candidate - good.candidate <= boundResolution * (good.candidate - start) { break }
                next = start + (aiming ? max(length / largestAimRatio, aimed() * (1 - aimShortfall)) : length / 2)
                // A segment too short to split further: the time search decides.
                guard next > start, next < candidate, length > shortest else { return nil }
            }
            if let low = good, let high = bad, !aiming || !(next > low.candidate && next < high.candidate) {
                next = bracketed((low.candidate, low.load), high)
            }
            candidate = next
        }
        return good
    }

    /// The first candidate's length in the segment after one of `length` whose accepted load was `load`: the length at
    /// which that load would have reached 1 (growing as the square of the length, as the aims take it), times its trend
    /// from the segment before (`previousAim`, that one's such length, which this updates; at most ``largestTrend`` times
    /// longer or shorter), ``aimShortfall`` short. A motion's fitting segments lengthen or shorten smoothly, so the first
    /// candidate then most often fits within ``boundResolution`` and ends the segment: over http_bench's requests
    /// (60 a style, 2026-11-30) zoom's and snapshot's searches took 22 % fewer candidates, sharedFrame's 8 %, than from
    /// the last segment's length, for at most 0.6 % more keyframes (reveal's 0.3 % fewer).
    static func firstStep(after length: Double, load: Double, previousAim: inout Double) -> Double {
        let aim = load > 0 ? length / load.squareRoot() : largestAimRatio * length
        let trend = previousAim > 0 ? min(largestTrend, max(1 / largestTrend, aim / previousAim)) : 1
        previousAim = aim
        return min(largestAimRatio * length, aim * trend * (1 - aimShortfall))
    }

    /// Most times longer or shorter than the segment before's that a segment's length at a load of 1 is expected to be
    /// (``firstStep(after:load:previousAim:)``): 1.5, 2 and 4 took as many candidates, within 0.3 %.
    static let largestTrend = 1.5

    /// Each aim moves a candidate at most this many times farther or nearer than the last.
    static let largestAimRatio = 8.0

    /// The next candidate between a fitting one and a failing one: where the square root of the load, linear in the
    /// segment's length when the load grows as its square, reaches 1, aimed ``aimShortfall`` short; kept inside the
    /// bracket's middle four fifths, so that a load that jumps (a cell of a larger bend entered) still shrinks it by a
    /// tenth at least. Over http_bench's requests of every style this takes as many keyframes as bisecting (within 3 in
    /// 2 000) and 4 % (sharedFrame) to 19 % (reveal) fewer candidates; 11 % and 13 % on zoom's and snapshot's springs,
    /// whose searches more often end between two candidates (counted once, 2026-11-29, by a counter not kept). A failing
    /// load that is no finite number (a Bézier candidate that does not move on in time) gives nothing to aim by: the
    /// bracket is halved.
    @inline(__always)
    private static func bracketed(_ low: (candidate: Double, load: Double), _ high: (candidate: Double, load: Double)) -> Double {
        let width = high.candidate - low.candidate
        guard high.load.isFinite else { return low.candidate + width / 2 }
        let lowRoot = low.load.squareRoot(), highRoot = high.load.squareRoot()
        let share = (1 - aimShortfall - lowRoot) / (highRoot - lowRoot)
        return low.candidate + width * min(0.9, max(0.1, share))
    }
}
