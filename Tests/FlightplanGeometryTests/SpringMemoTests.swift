import FlightplanTestSupport
import Testing

@testable import FlightplanGeometry

@Suite("What a curve makes, remembered: the same values as made afresh")
struct SpringMemoTests {
    /// A random spring of either meaning (ζ 0.2–1.6 and exactly 1, velocity −3…5) or a random Bézier of the caller's.
    static func randomTiming(_ index: Int, using rng: inout SeededGenerator) -> ResolvedTiming {
        if index % 4 == 3 {
            let bezier = CubicBezier(
                x1: .random(in: 0...1, using: &rng), y1: .random(in: -1...2, using: &rng), x2: .random(in: 0...1, using: &rng),
                y2: .random(in: -1...2, using: &rng))
            return ResolvedTiming(curve: .cubicBezier(bezier), duration: .random(in: 0.2...1, using: &rng))
        }
        let spring = SpringParameters(
            dampingRatio: index % 5 == 0 ? 1 : .random(in: 0.2...1.6, using: &rng),
            response: index % 2 == 0 ? .random(in: 0.2...1, using: &rng) : nil,
            initialVelocity: .random(in: -3...5, using: &rng))
        return ResolvedTiming(curve: .spring(spring), duration: .random(in: 0.2...1.5, using: &rng))
    }

    @Test("a memo remembers what it is given, up to its capacity, and then starts again empty")
    func capacity() {
        let memo = CurveMemo<Int, String>(capacity: 3)
        #expect(memo.value(for: 1) == nil)
        for key in 1...3 { memo.remember("\(key)", for: key) }
        #expect((1...3).map { memo.value(for: $0) } == ["1", "2", "3"])
        memo.remember("4", for: 4)
        #expect((1...4).map { memo.value(for: $0) } == [nil, nil, nil, "4"])
    }

    @Test("a curve's stops are those made afresh, the first time and every time after, and a smaller limit still refuses them")
    func stops() {
        var rng = SeededGenerator(seed: 0x5709)
        for index in 0..<120 {
            let timing = Self.randomTiming(index, using: &rng)
            guard let fresh = PortableEasing.stops(timing, maximumStops: .max) else {
                Issue.record("no stops for \(timing)")
                continue
            }
            // A refusal first remembers nothing that a later, larger limit would then get wrong.
            #expect(PortableEasing(timing, maximumStops: fresh.count - 1) == nil, "\(timing)")
            #expect(PortableEasing(timing, maximumStops: fresh.count)?.stops == fresh, "\(timing)")
            #expect(PortableEasing(timing, maximumStops: .max)?.stops == fresh, "\(timing)")
            #expect(PortableEasing(timing, maximumStops: fresh.count - 1) == nil, "\(timing) remembered")
        }
    }

    @Test("a spring's turns and crossings are the same every time it is asked, and each crossing is where it crosses")
    func crossings() throws {
        var rng = SeededGenerator(seed: 0xC4055)
        for index in 0..<120 {
            guard let motion = Self.randomTiming(index, using: &rng).spring, let first = SpringProgress(motion) else { continue }
            let again = try #require(SpringProgress(motion))
            #expect(again.turns == first.turns && again.range == first.range, "\(motion)")
            for level in [0, 0.25, 1, first.range.high - 1e-3] {
                let crossings = first.crossings(of: level)
                #expect(again.crossings(of: level) == crossings, "\(motion) at \(level)")
                for time in crossings {
                    let before = motion.value(at: time.nextDown) < level, after = motion.value(at: time) < level
                    #expect(before != after, "\(motion) crosses \(level) at \(time)")
                }
            }
        }
    }

    @Test("a fade's times on a spring are those searched afresh, every time after, and a smaller keyframe limit still refuses them")
    func linearTrackTimes() throws {
        var rng = SeededGenerator(seed: 0xFADE)
        let layer = Rect(x: 0, y: 0, width: 390, height: 844)
        for index in 0..<60 {
            guard let spring = Self.randomTiming(index, using: &rng).spring, let progress = SpringProgress(spring) else { continue }
            // A screen fading from 0 to 1 over the plan's progress (held beyond it), as zoom's destination screen does.
            let reach = Double.random(in: 0.2...1, using: &rng)
            func state(_ progress: Double) -> Keyframe {
                Keyframe(
                    time: 0, progress: progress, transform: .identity, maskFrame: layer, cornerRadius: 0,
                    opacity: min(max(0, progress), 1) * reach)
            }
            let motion = ProgressMotion(
                curve: .spring(progress), tracks: [0], kinks: [],
                states: { progresses, _, keyframes in
                    for (point, progress) in progresses.enumerated() { keyframes[point] = state(progress) }
                },
                trackState: { _, progress in state(progress) })
            func times(limit: Int) -> KeyframeTimes? {
                var evaluations = 0
                return Sampler.progressBoundTimes(
                    duration: spring.duration, tolerance: 0.5, motion: motion,
                    layers: [SampledLayer(frame: layer, movesGeometry: false, form: .linear)], keyframeLimit: limit, evaluations: &evaluations)
            }
            let fresh = try #require(times(limit: .max), "\(spring)")
            let count = fresh.times[0].count
            #expect(times(limit: count - 1) == nil, "\(spring)")
            let again = try #require(times(limit: count), "\(spring)")
            #expect(again.times == fresh.times && again.progresses == fresh.progresses, "\(spring)")
            #expect(times(limit: count - 1) == nil, "\(spring) remembered")
        }
    }
}
