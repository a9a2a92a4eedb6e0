/// One quantity moving from `start` to `end` on a timing curve `p` over its duration `T`, leaving at a given rate:
/// `start + (end − start)·p(t) + k·t·(1 − t/T)²` with `k = rate − (end − start)·p′(0)`.
///
/// The added term is 0 at both ends, has slope 1 at the start and 0 at the end, so the motion starts exactly at
/// `start` with exactly the given rate, ends exactly at `end` at rest relative to the curve, and keeps the curve's
/// shape in between. A quantity whose rate is the curve's own (`k = 0`) moves on the curve alone; a quantity at rest
/// where it ends (`start == end`, rate 0) does not move. A curve that leaves straight up (a Bézier with
/// `x1 = 0 < |y1|`) has no finite rate to cancel: the term then adds the given rate to the curve's own, and the
/// start keeps the curve's infinite rate. Interruptions and dismissal completions move every visible quantity this way.
///
/// They move different quantities, for different reasons: an interruption moves a rect's edges, so that an edge at
/// rest where the plan ends (a cell's left edge against the screen's) does not move; a dismissal completion moves
/// the centre and the log-size, as a gesture hands over a centre's velocity (the finger) and a scale's (the pinch),
/// and a size in log space stays positive however far a spring overshoots.
public struct RateMatchedMotion: Sendable, Hashable {
    /// One instant of a timing, shared by every quantity moving on it.
    public struct Instant: Sendable, Hashable {
        /// The curve's eased progress `p(t)`.
        public let progress: Double
        /// The velocity term's shape `t·(1 − t/T)²`, 0 at both ends.
        public let bump: Double

        /// The instant `time` seconds into `timing` (held at the ends outside `0…duration`).
        /// - Parameters:
        ///   - time: Seconds since the timing began; clamped to `0…timing.duration`.
        ///   - timing: The timing every quantity moves on.
        public init(time: Double, timing: ResolvedTiming) {
            let t = min(max(time, 0), timing.duration)
            let rest = 1 - t / timing.duration
            progress = timing.progress(atTime: t)
            bump = t * rest * rest
        }
    }

    /// The value at the start.
    public let start: Double
    /// The value at the end.
    public let end: Double
    /// `k`: what the velocity term adds to the curve's own rate at the start.
    public let velocityWeight: Double

    /// The motion from `start`, leaving at `rate` (per second), to `end` on `timing`.
    /// - Parameters:
    ///   - start: The value at time 0, in the quantity's own unit (points, a scale, an opacity).
    ///   - rate: How fast the value is changing at time 0, in its unit per second (a gesture's velocity).
    ///   - end: The value at the timing's end.
    ///   - timing: The timing; ``velocityWeight`` is `rate` less the curve's own rate `(end − start)·p′(0)`, or `rate`
    ///     itself when that is infinite.
    public init(from start: Double, rate: Double, to end: Double, timing: ResolvedTiming) {
        self.start = start
        self.end = end
        let curveRate = (end - start) * timing.initialRate
        velocityWeight = curveRate.isFinite ? rate - curveRate : rate
    }

    /// The value at `instant`: exactly `start` at the start and exactly `end` at the end.
    /// - Parameter instant: An instant of the same timing the motion was made with.
    /// - Returns: `start + (end − start)·p(t) + k·t·(1 − t/T)²`: exactly `start` at time 0 and exactly `end` at the
    ///   end; it may pass `end` on the way when `rate` points past it or the curve overshoots.
    public func value(at instant: Instant) -> Double {
        if instant.progress == 1 && instant.bump == 0 { return end }
        return start + (end - start) * instant.progress + velocityWeight * instant.bump
    }
}
