import FlightplanTestSupport
import Testing

@testable import FlightplanCore

@Suite("The progress bound of tolerance sampling")
struct ProgressBoundTests {
    /// Interior instants checked on every segment of the bound's keyframes, evenly spaced.
    static let checksPerSegment = 100

    @Test("the bound's keyframes keep a linear renderer within the tolerance of the exact plan at dense instants", arguments: [0.1, 0.5, 2])
    func boundHolds(tolerance: Double) throws {
        var boundCounts: [Int] = [], searchCounts: [Int] = [], declined = 0
        try forAllScenes(count: 1000, seed: 0xB0_7D, atLeast: 150) { rng, replay in
            // Mostly curves the bound takes (Béziers inside 0…1), half of them with a random choreography.
            let curve = RandomScenes.curve(using: &rng, overshooting: false)
            var request = RandomScenes.request(using: &rng, curve: curve, sampling: .tolerance(tolerance))
            if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
            let validated = try request.validated()
            let choreography = Choreography(for: validated)
            let sampled = choreography.parts.indices.filter { choreography.parts[$0].moves }
            guard !sampled.isEmpty, let motion = choreography.progressMotion(of: sampled, timing: validated.timing) else {
                throw SceneSkipped()
            }
            let layers = choreography.sampledLayers(sampled)
            func state(_ time: Double) -> [Keyframe] {
                var keyframes: [Keyframe] = []
                choreography.write(sampled, at: ChannelInstant(time: time, clocks: choreography.clocks), into: &keyframes)
                return keyframes
            }
            var evaluations = 0
            guard
                let times = Sampler.progressBoundTimes(
                    duration: validated.timing.duration, tolerance: tolerance, motion: motion, layers: layers, keyframeLimit: 10_000,
                    evaluations: &evaluations)
            else {
                declined += 1
                throw SceneSkipped()
            }
            #expect(times.first == 0 && times.last == validated.timing.duration, "\(replay)")
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(replay)")
            for (start, end) in zip(times, times.dropFirst()) {
                let from = state(start), to = state(end)
                for step in 1...Self.checksPerSegment {
                    let fraction = Double(step) / Double(Self.checksPerSegment + 1)
                    let exact = state(start + (end - start) * fraction)
                    for index in layers.indices {
                        let rendered = from[index].interpolated(to: to[index], fraction: fraction)
                        if layers[index].movesGeometry {
                            let distance = rendered.renderedDistance(to: exact[index], in: layers[index].frame)
                            #expect(distance <= tolerance, "off by \(distance) pt at \(fraction) of \(start)…\(end), \(replay)")
                        }
                        let opacity = abs(rendered.opacity - exact[index].opacity)
                        #expect(opacity <= Sampler.opacityTolerance, "opacity off by \(opacity) at \(fraction) of \(start)…\(end), \(replay)")
                    }
                }
            }
            var budget = PlanLimits.samplingBudget
            let search = try Sampler.times(
                for: .tolerance(tolerance), duration: validated.timing.duration,
                state: { time, keyframes in keyframes = state(time) }, layers: layers, budget: &budget)
            boundCounts.append(times.count)
            searchCounts.append(search.count)
        }
        func summary(_ counts: [Int]) -> String { "mean \(Double(counts.reduce(0, +)) / Double(counts.count)), max \(counts.max() ?? 0)" }
        print(
            "tolerance \(tolerance) pt over \(boundCounts.count) scenes the bound took (\(declined) declined): keyframes \(summary(boundCounts)); "
                + "the time search's \(summary(searchCounts))")
    }
}
