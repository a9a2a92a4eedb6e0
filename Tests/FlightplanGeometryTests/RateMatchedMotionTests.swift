import FlightplanGeometry
import FlightplanTestSupport
import Testing

@Suite("A motion on a curve that leaves at a given rate")
struct RateMatchedMotionTests {
    /// Every curve kind, Béziers that overshoot and springs in overshoot included.
    static func curve(using rng: inout SeededGenerator) -> TimingCurve {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
            return .cubicBezier(
                CubicBezier(
                    x1: .random(in: 0.05...1, using: &rng), y1: .random(in: -1...2, using: &rng),
                    x2: .random(in: 0...1, using: &rng), y2: .random(in: -1...2, using: &rng)))
        case 1:
            return .spring(SpringParameters(dampingRatio: .random(in: 0.2...0.6, using: &rng), initialVelocity: .random(in: -2...6, using: &rng)))
        default:
            return RandomScenes.curve(using: &rng)
        }
    }

    /// The motion's value `time` seconds in.
    static func value(_ motion: RateMatchedMotion, _ time: Double, _ timing: ResolvedTiming) -> Double {
        motion.value(at: RateMatchedMotion.Instant(time: time, timing: timing))
    }

    @Test("starts and ends exactly, leaves at the given rate, and moves without a jump, for every curve")
    func property() {
        var rng = SeededGenerator(seed: 20_261_125)
        var cases = 0
        for _ in 0..<400 {
            let timing = ResolvedTiming(curve: Self.curve(using: &rng), duration: .random(in: 0.1...1.5, using: &rng))
            let start = Double.random(in: -500...500, using: &rng), end = Double.random(in: -500...500, using: &rng)
            let rate = Double.random(in: -5_000...5_000, using: &rng)
            let motion = RateMatchedMotion(from: start, rate: rate, to: end, timing: timing)
            let duration = timing.duration, label = "\(timing) \(start) → \(end) at \(rate)/s"
            #expect(Self.value(motion, 0, timing) == start && Self.value(motion, duration, timing) == end, "\(label)")
            // The rate at the start, by a second-order one-sided difference of the motion itself.
            let h = duration * 1e-8
            let slope = (-3 * Self.value(motion, 0, timing) + 4 * Self.value(motion, h, timing) - Self.value(motion, 2 * h, timing)) / (2 * h)
            expectClose(slope, rate, relative: 1e-3, scale: abs(end - start) / duration + abs(rate) + 1, "initial rate, \(label)")
            // No jump: halving the sampling step halves the largest step between samples (a jump would keep it).
            func largestStep(_ count: Int) -> Double {
                (1...count).map {
                    abs(
                        Self.value(motion, duration * Double($0) / Double(count), timing)
                            - Self.value(motion, duration * Double($0 - 1) / Double(count), timing))
                }.max()!
            }
            #expect(largestStep(4_000) <= 0.6 * largestStep(2_000) + 1e-9, "continuous, \(label)")
            cases += 1
        }
        #expect(cases == 400)
    }

    @Test("at the curve's own rate it is the curve; at rest where it ends it does not move")
    func degenerateCases() {
        var rng = SeededGenerator(seed: 7)
        var cases = 0
        for _ in 0..<200 {
            let timing = ResolvedTiming(curve: RandomScenes.curve(using: &rng), duration: .random(in: 0.1...1.5, using: &rng))
            let start = Double.random(in: -500...500, using: &rng), end = Double.random(in: -500...500, using: &rng)
            let onCurve = RateMatchedMotion(from: start, rate: (end - start) * timing.initialRate, to: end, timing: timing)
            let still = RateMatchedMotion(from: start, rate: 0, to: start, timing: timing)
            #expect(onCurve.velocityWeight == 0 && still.velocityWeight == 0)
            for fraction in [0.1, 0.25, 0.5, 0.75, 0.9] {
                let t = timing.duration * fraction
                expectClose(Self.value(onCurve, t, timing), start + (end - start) * timing.progress(atTime: t), scale: 500, "on the curve at \(t)")
                #expect(Self.value(still, t, timing) == start)
            }
            cases += 1
        }
        #expect(cases == 200)
    }

    @Test("a Bézier that leaves straight up keeps its own rate and adds the given one")
    func straightUp() {
        let timing = ResolvedTiming(curve: .cubicBezier(CubicBezier(x1: 0, y1: 0.8, x2: 0.4, y2: 1)), duration: 0.5)
        #expect(timing.initialRate.isInfinite)
        let motion = RateMatchedMotion(from: 10, rate: 300, to: 110, timing: timing)
        #expect(motion.velocityWeight == 300)
        #expect(Self.value(motion, 0, timing) == 10 && Self.value(motion, 0.5, timing) == 110)
    }
}
