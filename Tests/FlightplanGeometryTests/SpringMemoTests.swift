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
}
