/// A plan whose every track's state is a function of the plan's eased progress alone (no channel window of time, no
/// stagger, no interruption), on a Bézier timing curve whose progress stays inside 0…1 or on a spring: what the
/// progress bound needs.
package struct ProgressMotion {
    /// How the plan's progress moves over time.
    package enum Curve {
        /// A Bézier whose progress stays inside 0…1 (linear as the one whose time and progress both equal its parameter).
        case bezier(CubicBezier)
        /// A spring, whose progress may leave 0…1 on the way.
        case spring(SpringProgress)
    }

    /// The plan's timing curve.
    package var curve: Curve
    /// The lowest and the highest progress the curve reaches: 0 and 1 for a Bézier, beyond them where a spring turns.
    package let range: (low: Double, high: Double)
    /// Progresses strictly inside ``range`` where a state may turn a corner (a channel's share starting or ending),
    /// ascending.
    package var kinks: [Double]
    /// Writes the tracks' exact keyframes at each of the progresses, one a track, where it is pointed
    /// (`[point * tracks + track]`: the grid keeps them in one buffer, no array to check for uniqueness and copy out of).
    /// The grid asks for all of a piece's points at once, so that each track's state function is read (and its context
    /// retained) once a piece rather than once a point.
    package var states: (UnsafeBufferPointer<Double>, UnsafeMutablePointer<Keyframe>) -> Void
    /// One track's exact keyframe at a progress (locating a corner follows one track: the others' states would be
    /// thrown away).
    package var trackState: (Int, Double) -> Keyframe

    /// Creates a progress motion.
    package init(
        curve: Curve, kinks: [Double], states: @escaping (UnsafeBufferPointer<Double>, UnsafeMutablePointer<Keyframe>) -> Void,
        trackState: @escaping (Int, Double) -> Keyframe
    ) {
        self.curve = curve
        switch curve {
        case .bezier:
            range = (0, 1)
            self.kinks = kinks
        case .spring(let spring):
            range = spring.range
            // Opacities and colours stop at 0 and 1, where a spring passes on beyond them: kinks too.
            self.kinks = (spring.range.low < 0 ? [0] : []) + kinks + (spring.range.high > 1 ? [1] : [])
        }
        self.states = states
        self.trackState = trackState
    }
}

extension Sampler {
    /// Cells per unit of progress in the grid the progress bound measures a motion on (a piece between two kinks
    /// gets as many as its length needs, at least one).
    static let progressGridCells = 16
    /// The bound's search keeps a fitting curve parameter once the segment could grow by at most this share of its length:
    /// as the load's own aim predicts, or as a failing parameter that close shows (a candidate costs a few multiplications,
    /// not a state).
    static let boundResolution = 1.0 / 64
    /// How far short of where the load is predicted to reach 1 each aimed candidate lands, as a share of the aim: close
    /// enough that a fitting one is kept (within ``boundResolution``), far enough that a smooth motion's prediction errs
    /// past it seldom. Aiming just past after a fit instead makes nearly every segment wait for a failing candidate to
    /// bracket it: over http_bench's distinct sharedFrame requests that took about 1.8 times the search's instructions, for
    /// no fewer keyframes.
    static let aimShortfall = boundResolution / 8
    /// Most aimed candidates in one segment of the bound's search before doubling, halving and bisection take over.
    static let maximumAims = 3
    /// Most corners between grid points the bound locates in one plan before it leaves the plan to the time search. A
    /// grid reports every corner it finds and the next grid measures with them all as kinks: sharedFrame's destination
    /// image turns up to four (its clip's edges meeting the mask's, its radius reaching 0), and a piece between two
    /// of them may hold one more.
    static let maximumCorners = 8
    /// Most times the bound measures a motion again with the corners it located: a bend that grows without limit (a
    /// scale nearing zero) shows a new corner next to each one located, and is left to the time search.
    static let maximumRemeasures = 3

    /// Tolerance times from a bound instead of checked instants, one array a track, or nil where the bound does not apply
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
    ///   damping envelope (``springTimes(spring:range:kinks:grid:keyframeLimit:)``); K and L are read over the chord's
    ///   progresses widened by that gap.
    /// - K and L come from ``ProgressGrid``, per rendered coordinate and for opacity: exact states on a grid of cells,
    ///   their middles and finer points at each piece's ends, each cell taking the largest of its own and its
    ///   neighbours' measures, with kinks as cell edges and keyframes (a corner in W is no bend a grid can measure). A
    ///   corner between grid points shows as neighbouring bends that jump, or near a piece's end as finer bends that
    ///   jump from coarser ones: each one is located and made a kink, and the motion measured again (up to
    ///   ``maximumCorners`` in all, ``maximumRemeasures`` times; a bend that grows without limit, a scale nearing zero,
    ///   keeps showing one and declines).
    /// - K and L are measured, not proven between grid points: the bound allows ``ProgressGrid/boundShare`` of the
    ///   tolerance, and `ProgressBoundTests` checks it against dense exact states over random scenes.
    package static func progressBoundTimes(
        duration: Double, tolerance: Double, motion: ProgressMotion, layers: [SampledLayer], keyframeLimit: Int, evaluations: inout Int
    ) -> [[Double]]? {
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
        var times: [[Double]] = []
        times.reserveCapacity(layers.count)
        for track in layers.indices {
            let found: [Double]?
            switch motion.curve {
            case .bezier(let bezier):
                found = bezierTimes(
                    duration: duration, curve: BezierCubics(bezier), kinks: motion.kinks, grid: grid, track: track, keyframeLimit: keyframeLimit)
            case .spring(let spring):
                found = springTimes(spring: spring, range: motion.range, kinks: motion.kinks, grid: grid, track: track, keyframeLimit: keyframeLimit)
            }
            guard let found else { return nil }
            times.append(found)
        }
        return times
    }

    /// The bound's times for the track at `track` on a Bézier: each piece between kinks (ending where the curve's
    /// progress reaches its kink) is split greedily in the curve's parameter, where the time and the progress are cubics.
    private static func bezierTimes(
        duration: Double, curve: BezierCubics, kinks: [Double], grid: ProgressGrid, track: Int, keyframeLimit: Int
    ) -> [Double]? {
        // Room for a typical plan's keyframes (http_bench's sharedFrame requests take 20 to 30) from the start, rather than
        // five reallocations on the way there.
        var times: [Double] = []
        times.reserveCapacity(min(keyframeLimit, 32))
        times.append(0)
        var start = 0.0
        var step = initialStepFraction
        var firstCell = 0
        let shortest = shortestSegmentFraction
        // Each piece's end in the curve's parameter: its kink's, and 1 after the last (read in place, not gathered into a
        // new array).
        for piece in 0...kinks.count {
            let end = piece < kinks.count ? curve.parameter(forY: kinks[piece]) : 1
            guard end > start else { continue }
            while start < end {
                let origin = curve.point(start)
                firstCell = grid.cell(containing: origin.y, from: firstCell)
                // How much of the tolerance the chord to `candidate` spends (infinite where it does not move on in time).
                func load(_ candidate: Double) -> Double {
                    let point = curve.point(candidate)
                    guard point.x > origin.x else { return .infinity }
                    return grid.load(
                        from: origin.y, to: point.y, gap: curve.chordGap(from: (start, origin), to: (candidate, point)), first: firstCell,
                        track: track)
                }
                guard let accepted = farthestFitting(from: start, to: end, firstStep: step, shortest: shortest, load: load) else { return nil }
                let time = accepted == 1 ? duration : duration * curve.point(accepted).x
                guard time > times[times.count - 1] else { return nil }
                times.append(time)
                guard times.count <= keyframeLimit else { return nil }
                step = accepted - start
                start = accepted
            }
        }
        return times
    }

    /// Crossings of a kink closer than this share of the duration to its start or end are not made keyframes: the
    /// spring is within a hair of its start or its settled progress there, and a segment that long would be empty.
    static let springCrossingMargin = 1e-6

    /// The bound's times for the track at `track` on a spring, in seconds: each span between the times where the progress crosses a kink (a
    /// spring may cross one again and again, and cross kinks at its turns beyond 0…1) is split greedily. A chord in time
    /// from t₀ to t₁ strays in progress from the spring by at most `(t₁ − t₀)² / 8` times its largest acceleration over
    /// the span (``SpringMotion/accelerationBound(from:to:)``, from the damping's envelope), which is the bound's gap;
    /// the progresses between lie within that gap of the chord's, where the grid's speeds are read.
    private static func springTimes(
        spring progress: SpringProgress, range: (low: Double, high: Double), kinks: [Double], grid: ProgressGrid, track: Int,
        keyframeLimit: Int
    ) -> [Double]? {
        let spring = progress.spring, duration = spring.duration
        let margin = springCrossingMargin * duration
        let ends = kinks.flatMap { progress.crossings(of: $0) }.filter { $0 > margin && $0 < duration - margin }.sorted() + [duration]
        var times: [Double] = []
        times.reserveCapacity(min(keyframeLimit, 32))
        times.append(0)
        var start = 0.0
        var step = duration * initialStepFraction
        let shortest = duration * shortestSegmentFraction
        for end in ends {
            guard end > start else { continue }
            while start < end {
                let (origin, startAcceleration) = spring.valueAndAcceleration(at: start)
                func load(_ candidate: Double) -> Double {
                    let length = candidate - start
                    guard length > 0 else { return .infinity }
                    let (reached, acceleration) = spring.valueAndAcceleration(at: candidate)
                    let gap =
                        length * length / 8 * spring.accelerationBound(from: start, to: candidate, accelerations: (startAcceleration, acceleration))
                    // Clamped to the progresses the spring reaches at all (the grid measured those).
                    let low = max(range.low, min(origin, reached) - gap), high = min(range.high, max(origin, reached) + gap)
                    return grid.load(
                        from: low, to: high, spread: (reached - origin) * (reached - origin) / 4, gap: gap, first: grid.cell(containing: low),
                        track: track)
                }
                guard let accepted = farthestFitting(from: start, to: end, firstStep: step, shortest: shortest, load: load) else { return nil }
                times.append(accepted)
                guard times.count <= keyframeLimit else { return nil }
                step = accepted - start
                start = accepted
            }
        }
        return times
    }

    /// The farthest candidate after `start`, up to `end`, whose `load` is at most 1, until the segment could grow by at
    /// most ``boundResolution``: as the load's aim predicts, or as the nearest candidate that does not fit shows; nil for
    /// a segment too short to split further (no longer than `shortest`: the time search decides). The first candidate is
    /// `firstStep` long. Each
    /// next one is aimed ``aimShortfall`` short of where the load would reach 1 if it grew as the square of the
    /// segment's length, as a chord's stray from a smooth motion does: it then usually fits and is kept. After
    /// ``maximumAims`` (a cell with a larger bend inside the span, a load that grows unlike a square) and for an aim
    /// outside the bracket, doubling, halving and bisection take over.
    @inline(__always)
    private static func farthestFitting(
        from start: Double, to end: Double, firstStep step: Double, shortest: Double, load: (Double) -> Double
    ) -> Double? {
        var good: Double?, bad: Double?
        var candidate = min(end, start + step)
        var aims = 0
        while true {
            let length = candidate - start, spent = load(candidate)
            // Where the load would reach 1, taken only while aiming: its square root and division are the longest
            // waits on the search's one chain of dependent steps.
            func aimed() -> Double { spent > 0 ? length / spent.squareRoot() : 2 * length }
            let aiming = aims < maximumAims
            aims += 1
            var next: Double
            if spent <= 1 {
                good = candidate
                guard candidate < end else { break }
                if let bad, bad - candidate <= boundResolution * length { break }
                if aiming && aimed() <= (1 + boundResolution) * length { break }
                next = min(end, start + (aiming ? min(2 * length, aimed() * (1 - aimShortfall)) : 2 * length))
            } else {
                bad = candidate
                if let good, candidate - good <= boundResolution * (good - start) { break }
                next = start + (aiming ? max(length / 2, aimed() * (1 - aimShortfall)) : length / 2)
                // A segment too short to split further: the time search decides.
                guard next > start, next < candidate, length > shortest else { return nil }
            }
            if let low = good, let high = bad, !aiming || !(next > low && next < high) { next = (low + high) / 2 }
            candidate = next
        }
        return good
    }
}

/// A cubic Bézier timing curve in power form: the time fraction x and the progress y as cubics in the curve's parameter.
struct BezierCubics {
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    /// The curve's cubics.
    init(_ curve: CubicBezier) {
        cx = 3 * curve.x1
        bx = 3 * curve.x2 - 6 * curve.x1
        ax = 1 + 3 * curve.x1 - 3 * curve.x2
        cy = 3 * curve.y1
        by = 3 * curve.y2 - 6 * curve.y1
        ay = 1 + 3 * curve.y1 - 3 * curve.y2
    }

    /// Time fraction and progress at parameter `s`.
    func point(_ s: Double) -> (x: Double, y: Double) {
        (((ax * s + bx) * s + cx) * s, ((ay * s + by) * s + cy) * s)
    }

    /// The parameter at which the progress is `y` (0…1), by bisection: the progress is monotone for control points
    /// inside 0…1.
    func parameter(forY y: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<64 {
            let middle = (low + high) / 2
            if point(middle).y < y { low = middle } else { high = middle }
        }
        return high
    }

    /// The largest gap between the chord from `start` to `end` and the curve's progress over the times between them:
    /// `|y₀ + m (x(s) − x₀) − y(s)|`, which is largest where its derivative `y′(s) − m x′(s)` vanishes.
    func chordGap(from start: (s: Double, point: (x: Double, y: Double)), to end: (s: Double, point: (x: Double, y: Double))) -> Double {
        let (x0, y0) = start.point
        let slope = (end.point.y - y0) / (end.point.x - x0)
        let a = 3 * (ay - slope * ax), b = 2 * (by - slope * bx), c = cy - slope * cx
        var gap = 0.0
        func consider(_ s: Double) {
            guard s > start.s, s < end.s else { return }
            let point = point(s)
            gap = larger(gap, abs(y0 + slope * (point.x - x0) - point.y))
        }
        if a == 0 {
            if b != 0 { consider(-c / b) }
        } else {
            let discriminant = b * b - 4 * a * c
            guard discriminant >= 0 else { return 0 }
            // The stable form of the two roots: q / a and c / q.
            let q = -(b + (b < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
            consider(q / a)
            if q != 0 { consider(c / q) }
        }
        return gap
    }
}

/// What the progress bound knows of a motion's states: per cell of a progress grid and per track, how far a chord
/// between two progresses strays from the states between them (the bend, per squared progress) and how fast the state
/// moves (the speed, per unit of progress), for each coordinate a rendered distance compares and for the opacity,
/// each on its own: a corner in one coordinate must not hide behind another one's bend.
struct ProgressGrid {
    /// Lanes per state: ``Keyframe/renderedCoordinates(in:)``'s nine, then the opacity. Per-lane values are kept in one
    /// flat allocation, `lanes` to a track, read and written through pointers: the grid's index maths keeps every index
    /// inside (SIMD16 arithmetic measured several times slower here than scalar loops, `InlineArray` values slower too).
    static let lanes = 10

    /// The cells' edges in progress, ascending from 0 to 1.
    private var edges: [Double] = []
    /// Per cell, per track (`bounds[cell * tracks + track]`): the largest bend and speed over the lanes, each as a share
    /// of what its lane allows (which takes one lane's bend with another's speed: a little looser than lane by lane, and
    /// a scalar check per candidate).
    private var bounds: [(bend: Double, speed: Double)] = []
    private let tracks: Int

    /// A neighbouring point's bend may be at most this many times a point's (in any lane) before the grid declines,
    /// unless both are too small to matter: their stray over a cell below ``negligibleShare`` of what the lane allows.
    static let largestJump = 2.0
    /// See ``largestJump``.
    static let negligibleShare = 1.0 / 20
    /// Share of the tolerance the bound may use. Bend and speed are measured on the grid, not proven between its
    /// points: over the property tests' random scenes the whole tolerance was overstepped by up to 6 % (at 0.1 pt, next to
    /// a located corner), and never with this share.
    static let boundShare = 0.9
    /// How many times the half cell at each end of a piece is halved to measure its bend there.
    static let endRefinements = 3

    /// Writes a state's lanes at `lanes`: its rendered coordinates (zero for a track that only fades), its opacity.
    static func write(_ state: Keyframe, _ layer: SampledLayer, into lanes: UnsafeMutablePointer<Double>) {
        if layer.movesGeometry {
            let coordinates = state.renderedCoordinates(in: layer.frame)
            for lane in 0..<9 { lanes[lane] = coordinates[lane] }
        } else {
            for lane in 0..<9 { lanes[lane] = 0 }
        }
        lanes[9] = state.opacity
    }

    /// One lane of a state (see ``write(_:_:into:)``).
    static func value(ofLane lane: Int, _ state: Keyframe, _ layer: SampledLayer) -> Double {
        lane == 9 ? state.opacity : layer.movesGeometry ? state.renderedCoordinates(in: layer.frame)[lane] : 0
    }

    /// Writes at `bend` the bend of the chord from `start` to `end` at its middle, whose exact lanes are at `middle`, over
    /// a progress span of `2 × half`: f(1 − f) = 1/4 there, so the stray is `bend × half²`, and `scale` is `1 / half²`
    /// (the caller takes it once per spacing, not once per bend).
    /// Only the lanes the layer can move; `chord` holds the chord's lanes meanwhile.
    private static func writeBend(
        _ start: Keyframe, _ end: Keyframe, middle: UnsafePointer<Double>, scale: Double, layer: SampledLayer,
        into bend: UnsafeMutablePointer<Double>, chord: UnsafeMutablePointer<Double>
    ) {
        guard layer.movesGeometry else {
            // A layer that only fades: its opacity alone, mixed as `interpolated(to:fraction:)` mixes it.
            bend[9] = abs((start.opacity * 0.5 + end.opacity * 0.5) - middle[9]) * scale
            return
        }
        write(start.interpolated(to: end, fraction: 0.5), layer, into: chord)
        for lane in 0..<lanes { bend[lane] = abs(chord[lane] - middle[lane]) * scale }
    }

    /// Whether two neighbouring points' bends differ by more than ``largestJump`` in a lane where they matter (the
    /// larger one's stray over the two half cells around its point, `bend × half²`, is more than `negligible`, each lane's
    /// ``negligibleShare`` of what it allows): the first such lane.
    private static func jumps(
        _ bend: UnsafePointer<Double>, _ other: UnsafePointer<Double>, half: Double, lanes: Range<Int>, negligible: UnsafePointer<Double>
    ) -> Int? {
        // Every lane is tested and the outcomes gathered as bits, the first lane that jumps the lowest set one: the tests
        // follow no pattern a branch predictor could learn over distinct requests (a lane that barely moves has bends that
        // jump about), so the loop has no branch but its own.
        var jumping = 0
        for lane in lanes {
            // Bends are never negative: one of the two is more than ``largestJump`` times the other exactly when the larger
            // is more than that many times the smaller.
            let value = bend[lane], otherValue = other[lane]
            let largest = larger(value, otherValue), smallest = smaller(value, otherValue)
            let jumped = largest > Self.largestJump * smallest ? 1 : 0, matters = largest * half * half > negligible[lane] ? 1 : 0
            jumping |= (jumped & matters) << lane
        }
        return jumping == 0 ? nil : jumping.trailingZeroBitCount
    }

    /// Where a grid found a corner between its points: the span that holds it, and the track and lane that turn there.
    struct Corner {
        var low: Double, high: Double
        var track: Int, lane: Int

        /// Halvings of the span when locating the corner, at least: it is then known to within 2⁻¹² of the span (a
        /// tenth of the finest end refinement's spacing in a 16-cell grid, 10⁻⁵ of progress).
        static let locatingSteps = 12
        /// Halvings at most: the span is then down to the spacing of doubles near its progress.
        static let mostLocatingSteps = 52
        /// The located corner is the middle of the last span, and the keyframe there may miss the true corner by half
        /// the span: a chord from it strays by up to the lane's change over that half plus what the far side's slope
        /// adds over it, which the lane's change over the whole span bounds. Halving goes on past ``locatingSteps``
        /// until that change is at most this share of what the lane allows (a fast lane turning at a corner needs a
        /// few more halvings: at 0.1 pt, 10⁻⁵ of progress was 0.2 % of the tolerance too much).
        static let mislocationShare = 1.0 / 64

        /// The progress where the lane turns: of the span's two halves, the one whose middle strays more from its
        /// chord holds the corner, ``locatingSteps`` times, and then until the lane moves by at most
        /// ``mislocationShare`` of what it allows across the span (`tolerance` in points, as the grid uses it).
        func located(in motion: ProgressMotion, layers: [SampledLayer], tolerance: Double, evaluations: inout Int) -> Double {
            func value(_ progress: Double) -> Double {
                evaluations += 1
                return ProgressGrid.value(ofLane: lane, motion.trackState(track, progress), layers[track])
            }
            var low = self.low, high = self.high
            var atLow = value(low), atMiddle = value((low + high) / 2), atHigh = value(high)
            let allowed = (lane == ProgressGrid.lanes - 1 ? Sampler.opacityTolerance : tolerance) * ProgressGrid.boundShare
            for step in 0..<Self.mostLocatingSteps {
                let middle = (low + high) / 2
                if step >= Self.locatingSteps {
                    guard abs(atMiddle - atLow) + abs(atHigh - atMiddle) > Self.mislocationShare * allowed, middle > low, middle < high else { break }
                }
                let left = value((low + middle) / 2), right = value((middle + high) / 2)
                if abs(left - (atLow + atMiddle) / 2) >= abs(right - (atMiddle + atHigh) / 2) {
                    (high, atHigh, atMiddle) = (middle, atMiddle, left)
                } else {
                    (low, atLow, atMiddle) = (middle, atMiddle, right)
                }
            }
            return (low + high) / 2
        }
    }

    /// A piece between two kinks as a grid measured it, without corners: its cells' far edges and bounds. A grid that
    /// measures the motion again with corners located elsewhere takes them as they are (a piece's measures depend on
    /// its states alone).
    struct Piece {
        var low: Double, high: Double
        var edges: ArraySlice<Double>
        var bounds: ArraySlice<(bend: Double, speed: Double)>
    }

    /// Measures `motion` on a grid of cells (each piece between kinks evenly split), evaluating each cell's edges and
    /// middle and a few finer points at each piece's ends; nil, with the corners it found in `corners`, when neighbouring
    /// points' bends (or an end's finer and coarser ones) jump by more than ``largestJump``. `pieces` holds the pieces an
    /// earlier grid measured, which this one takes instead of measuring them again, and then this grid's.
    init?(
        motion: ProgressMotion, tolerance: Double, layers: [SampledLayer], evaluations: inout Int, corners: inout [Corner],
        pieces: inout [Piece]
    ) {
        let tracks = layers.count, lanes = Self.lanes
        self.tracks = tracks
        // The pieces between kinks (and 0 and 1), read where the kinks lie: piece `index` ends at kink `index`, the last
        // one at 1 (a piece that would be empty is skipped).
        let kinks = motion.kinks, pieceCount = kinks.count + 1
        func pieceEnds(_ index: Int) -> (low: Double, high: Double) {
            (index == 0 ? motion.range.low : kinks[index - 1], index == kinks.count ? motion.range.high : kinks[index])
        }
        func cellCount(_ low: Double, _ high: Double) -> Int { max(1, Int((Double(Sampler.progressGridCells) * (high - low)).rounded(.up))) }
        let cellsAtMost = (0..<pieceCount).reduce(0) { cells, piece in
            let (low, high) = pieceEnds(piece)
            return high > low ? max(cells, cellCount(low, high)) : cells
        }
        // Per point and track (`[(point * tracks + track) * lanes + lane]`): its lanes and its bend (zero at a piece's
        // ends); per cell and track, each lane's bend and speed; per end and track, the largest bend at the finer
        // points; per track, the bends at the coarser and the finer of two refinements; what each lane allows, inverted,
        // a chord's lanes, per cell and track its largest bend and speed as shares of what their lanes allow, the
        // progresses of a piece's points (then of its ends' finer points), and per lane the bend stray that is negligible
        // (see ``jumps(_:_:half:lanes:negligible:)``). Each piece writes them again.
        let pointSize = (2 * cellsAtMost + 1) * tracks * lanes, cellSize = cellsAtMost * tracks * lanes, trackSize = tracks * lanes
        let progressCount = 2 * cellsAtMost + 1 + 2 * Self.endRefinements
        let capacity = 2 * pointSize + 2 * cellSize + 4 * trackSize + 3 * lanes + 2 * cellsAtMost * tracks + progressCount
        // After them, in the same allocation, the exact states (`[point * tracks + track]`) at the points, then at the
        // ends' finer points: read through a pointer, not an array that copies them out and checks its uniqueness to
        // append. `Keyframe` holds only doubles, a trivial type: every value is written before it is read, so the memory
        // needs no initializing, and is freed without deinitializing.
        let memory = UnsafeMutableRawPointer.allocate(
            byteCount: capacity * MemoryLayout<Double>.stride + progressCount * tracks * MemoryLayout<Keyframe>.stride,
            alignment: max(MemoryLayout<Double>.alignment, MemoryLayout<Keyframe>.alignment))
        defer { memory.deallocate() }
        let storage = memory.bindMemory(to: Double.self, capacity: capacity)
        let states = (memory + capacity * MemoryLayout<Double>.stride).bindMemory(to: Keyframe.self, capacity: progressCount * tracks)
        let pointLanes = storage, bends = pointLanes + pointSize, bend = bends + pointSize, speed = bend + cellSize
        let endBends = speed + cellSize, coarser = endBends + 2 * trackSize, finer = coarser + trackSize
        let perAllowed = finer + trackSize, chord = perAllowed + lanes
        let bendShares = chord + lanes, speedShares = bendShares + cellsAtMost * tracks, progresses = speedShares + cellsAtMost * tracks
        let negligible = progresses + progressCount
        for lane in 0..<lanes {
            // What the lane may stray: the tolerance in points, one 8-bit step of opacity.
            let allowed = (lane == 9 ? Sampler.opacityTolerance : tolerance) * Self.boundShare
            perAllowed[lane] = 1 / allowed
            negligible[lane] = Self.negligibleShare * allowed
        }
        let measuredBefore = pieces
        pieces = []
        edges.reserveCapacity(pieceCount * cellsAtMost + 1)
        edges.append(0)
        bounds.reserveCapacity(pieceCount * cellsAtMost * tracks)
        for piece in 0..<pieceCount {
            let (low, high) = pieceEnds(piece)
            guard high > low else { continue }
            if let piece = measuredBefore.first(where: { $0.low == low && $0.high == high }) {
                edges += piece.edges
                bounds += piece.bounds
                pieces.append(piece)
                continue
            }
            let cornersBefore = corners.count, firstEdge = edges.count, firstBound = bounds.count
            let cells = cellCount(low, high)
            let points = 2 * cells + 1
            let half = (high - low) / Double(2 * cells), perHalf = 1 / half, perHalfSquared = 1 / (half * half)
            // The piece's points: its cells' edges and middles.
            for index in 0..<points { progresses[index] = index == points - 1 ? high : low + half * Double(index) }
            motion.states(UnsafeBufferPointer(start: progresses, count: points), states)
            for index in 0..<points {
                for track in 0..<tracks {
                    Self.write(states[index * tracks + track], layers[track], into: pointLanes + (index * tracks + track) * lanes)
                }
            }
            evaluations += points * tracks
            // The bend at each inner point (zero at the piece's ends). Neighbouring points must agree (a corner shows at one or two of them, not
            // at the next), or there is a corner to locate.
            for index in 0..<trackSize { (bends[index], bends[(points - 1) * trackSize + index]) = (0, 0) }
            for point in 1..<(points - 1) {
                for track in 0..<tracks {
                    let index = point * tracks + track, offset = index * lanes, measured = layers[track].measuredLanes
                    Self.writeBend(
                        states[index - tracks], states[index + tracks], middle: pointLanes + offset, scale: perHalfSquared, layer: layers[track],
                        into: bends + offset, chord: chord)
                    if point > 1,
                        let lane = Self.jumps(bends + offset, bends + offset - trackSize, half: half, lanes: measured, negligible: negligible)
                    {
                        // The corner is inside the span of the point whose bend is the larger.
                        let centre = bends[offset + lane] > bends[offset - trackSize + lane] ? point : point - 1
                        Self.record(
                            Corner(low: low + half * Double(centre - 1), high: low + half * Double(centre + 1), track: track, lane: lane),
                            in: &corners)
                    }
                }
            }
            // A piece with corners inside is measured again once they are kinks, its ends with it.
            guard corners.count == cornersBefore else { continue }
            // A corner or a bend that grows without limit near a piece's end has no point beyond it to show against: the
            // half cell at each end is halved ``endRefinements`` more times, and each finer bend must agree with the
            // coarser one (the end cells take them all), or the coarser chord's span holds a corner.
            for index in 0..<(2 * trackSize) { endBends[index] = 0 }
            // The finer points' states, both ends' at once (after the points'): at each end, the half cell halved again
            // and again.
            let finerProgresses = progresses + points, finerStates = states + points * tracks
            for side in 0..<2 {
                var spacing = half
                for refinement in 0..<Self.endRefinements {
                    spacing /= 2
                    finerProgresses[side * Self.endRefinements + refinement] = side == 0 ? low + spacing : high - spacing
                }
            }
            motion.states(UnsafeBufferPointer(start: finerProgresses, count: 2 * Self.endRefinements), finerStates)
            evaluations += 2 * Self.endRefinements * tracks
            for side in 0..<2 {
                let end = side == 0 ? 0 : points - 1, inner = side == 0 ? 1 : points - 2
                // An end's finer chord runs from the end to the farther point, which the nearer one then replaces.
                var far = states + inner * tracks
                coarser.update(from: bends + inner * trackSize, count: trackSize)
                var spacing = half
                for refinement in 0..<Self.endRefinements {
                    spacing /= 2
                    let perSpacingSquared = 1 / (spacing * spacing)
                    let nearer = finerStates + (side * Self.endRefinements + refinement) * tracks
                    for track in 0..<tracks {
                        let offset = track * lanes, measured = layers[track].measuredLanes
                        Self.write(nearer[track], layers[track], into: chord)
                        // The chord's lanes are read as the middle's before the bend's own chord overwrites them.
                        for lane in 0..<lanes { finer[offset + lane] = chord[lane] }
                        Self.writeBend(
                            states[end * tracks + track], far[track], middle: finer + offset, scale: perSpacingSquared, layer: layers[track],
                            into: finer + offset, chord: chord)
                        if let lane = Self.jumps(finer + offset, coarser + offset, half: spacing, lanes: measured, negligible: negligible) {
                            // The coarser chord's span holds it.
                            let reach = 4 * spacing
                            Self.record(
                                Corner(low: side == 0 ? low : high - reach, high: side == 0 ? low + reach : high, track: track, lane: lane),
                                in: &corners)
                        }
                        let endOffset = (side * tracks + track) * lanes
                        for lane in measured { endBends[endOffset + lane] = larger(endBends[endOffset + lane], finer[offset + lane]) }
                    }
                    coarser.update(from: finer, count: trackSize)
                    far = nearer
                }
            }
            // So is a piece with corners near its ends.
            guard corners.count == cornersBefore else { continue }
            // Each cell's bend (its three points', and at a piece's end the finer ones) and speed (over each half cell,
            // plus what the bend lets it gain inside one), lane by lane (only the lanes the track can move: the others
            // are never read), and the largest of each as a share of what its lane allows.
            for cell in 0..<cells {
                for track in 0..<tracks {
                    let offset = (cell * tracks + track) * lanes, first = 2 * cell * trackSize + track * lanes
                    var bendShare = 0.0, speedShare = 0.0
                    for lane in layers[track].measuredLanes {
                        let start = first + lane, middle = start + trackSize, end = middle + trackSize
                        var largest = larger(larger(bends[start], bends[middle]), bends[end])
                        if cell == 0 { largest = larger(largest, endBends[track * lanes + lane]) }
                        if cell == cells - 1 { largest = larger(largest, endBends[(tracks + track) * lanes + lane]) }
                        bend[offset + lane] = largest
                        let move = larger(abs(pointLanes[start] - pointLanes[middle]), abs(pointLanes[middle] - pointLanes[end]))
                        let fastest = move * perHalf + largest * half
                        speed[offset + lane] = fastest
                        bendShare = larger(bendShare, largest * perAllowed[lane])
                        speedShare = larger(speedShare, fastest * perAllowed[lane])
                    }
                    (bendShares[cell * tracks + track], speedShares[cell * tracks + track]) = (bendShare, speedShare)
                }
            }
            // Each cell takes its neighbours' measures too; a piece's end cell, with no neighbour beyond it to take over
            // from, grows as it grows from its one neighbour (at most ``largestJump`` times, or negligibly), lane by lane.
            // Scaling by what a lane allows keeps the order of two values, so the largest share over a cell and its
            // neighbours is the largest of their shares.
            func grownShare(_ values: UnsafePointer<Double>, from others: UnsafePointer<Double>, _ measured: Range<Int>) -> Double {
                var largest = 0.0
                for lane in measured {
                    let value = values[lane], other = others[lane]
                    let grown = value > other ? min(value * value / other, value * Self.largestJump) : value
                    largest = larger(largest, grown * perAllowed[lane])
                }
                return largest
            }
            for cell in 0..<cells {
                let isEnd = cell == 0 || cell == cells - 1
                for track in 0..<tracks {
                    let own = cell * tracks + track, measured = layers[track].measuredLanes
                    var (largestBend, largestSpeed) = (bendShares[own], speedShares[own])
                    func take(_ other: Int) {
                        largestBend = larger(largestBend, bendShares[other])
                        largestSpeed = larger(largestSpeed, speedShares[other])
                        if isEnd {
                            largestBend = larger(largestBend, grownShare(bend + own * lanes, from: bend + other * lanes, measured))
                            largestSpeed = larger(largestSpeed, grownShare(speed + own * lanes, from: speed + other * lanes, measured))
                        }
                    }
                    if cell > 0 { take(own - tracks) }
                    if cell < cells - 1 { take(own + tracks) }
                    bounds.append((largestBend, largestSpeed))
                }
                edges.append(cell == cells - 1 ? high : low + 2 * half * Double(cell + 1))
            }
            pieces.append(Piece(low: low, high: high, edges: edges[firstEdge...], bounds: bounds[firstBound...]))
        }
        guard corners.isEmpty else { return nil }
    }

    /// Adds `corner` to `corners` unless the last one is the same track and lane turning in an overlapping span (a corner
    /// between two points shows at both).
    private static func record(_ corner: Corner, in corners: inout [Corner]) {
        if let last = corners.last, last.track == corner.track, last.lane == corner.lane, last.high > corner.low, corner.high > last.low {
            return
        }
        corners.append(corner)
    }

    /// How much of what each lane allows a chord from progress `low` to `high` whose progress strays at most `gap` from the
    /// curve's spends, at most, on the track at `track`: `bend × (high − low)² / 4 + speed × gap` as a share of what a lane
    /// allows, with the largest bend and speed of the cells the span touches; the chord keeps the track within the
    /// tolerance (and one 8-bit opacity step) where it is at most 1. `first` is the cell holding `low`
    /// (``cell(containing:)``: a search asks from one start again and again).
    func load(from low: Double, to high: Double, gap: Double, first: Int, track: Int) -> Double {
        load(from: low, to: high, spread: (high - low) * (high - low) / 4, gap: gap, first: first, track: track)
    }

    /// How much of what each lane allows a chord spends, at most, on the track at `track`: `spread × bend + speed × gap`
    /// with the largest bend and speed of its cells from `low` to `high` (`first` the one holding `low`), where `spread`
    /// is a quarter of the chord's squared progress span (which lies inside `low…high`) and the progresses between its
    /// ends stray from the chord's by at most `gap` (inside `low…high` too).
    func load(from low: Double, to high: Double, spread: Double, gap: Double, first: Int, track: Int) -> Double {
        // The first cell ending at or after `high`: a span reaches over a few cells, not through the grid. Edges and
        // bounds are read through buffers: `cell(containing:)` and the scan keep every index inside, and a search asks
        // this for every candidate.
        let last = edges.withUnsafeBufferPointer { edges in
            var last = first
            while last < edges.count - 2 && edges[last + 1] < high { last += 1 }
            return last
        }
        return bounds.withUnsafeBufferPointer { bounds in
            var index = first * tracks + track
            var (bend, speed) = bounds[index]
            for _ in first..<last {
                index += tracks
                bend = larger(bend, bounds[index].bend)
                speed = larger(speed, bounds[index].speed)
            }
            return bend * spread + speed * gap
        }
    }

    /// The cell holding `progress`, found from `cell` onwards when it starts at or before `progress` (a search's starts
    /// only grow: the next one is a cell or two on), else as ``cell(containing:)`` finds it.
    func cell(containing progress: Double, from cell: Int) -> Int {
        guard edges[cell] <= progress else { return self.cell(containing: progress) }
        var cell = cell
        while cell < edges.count - 2 && edges[cell + 1] <= progress { cell += 1 }
        return cell
    }

    /// The cell holding `progress`: the last one starting at or before it.
    func cell(containing progress: Double) -> Int {
        var low = 0, high = edges.count - 1
        // Invariant: edges[low] ≤ progress and the answer lies in low..<high.
        while high - low > 1 {
            let middle = (low + high) / 2
            if edges[middle] <= progress { low = middle } else { high = middle }
        }
        return min(low, edges.count - 2)
    }
}

extension SampledLayer {
    /// The lanes of ``ProgressGrid`` a state of this layer can move: all of them, or only the opacity for a layer that
    /// only fades (its rendered coordinates are zero in every state, so their bend and speed are too).
    var measuredLanes: Range<Int> { movesGeometry ? 0..<ProgressGrid.lanes : (ProgressGrid.lanes - 1)..<ProgressGrid.lanes }
}

/// The larger of `x` and `y` as `max(x, y)` gives it, in one instruction (`maxsd`) where `max`'s `y >= x ? y : x` takes
/// a comparison and three bit operations: `y > x ? y : x` differs from it only when `x` and `y` are zeros of opposite
/// signs (it keeps `x`, `max` takes `y`), and beside a NaN both keep `x`. The grid's and the search's values are
/// absolute differences, their products and sums with non-negative factors, and shares of positive allowances, none of
/// them ever −0, so the chosen times are the same bit for bit.
@inline(__always)
private func larger(_ x: Double, _ y: Double) -> Double { y > x ? y : x }

/// The smaller of `x` and `y` in one instruction (`minsd`), as ``larger(_:_:)`` takes the larger.
@inline(__always)
private func smaller(_ x: Double, _ y: Double) -> Double { y < x ? y : x }
