import FlightplanTestSupport
import Testing

@testable import FlightplanCore

/// Tolerance sampling gives each track only the keyframes its own motion needs (where the progress bound samples the
/// plan): checked track by track against the exact motion over random plans of every style and curve, with channel
/// windows, stagger and interruptions.
@Suite("Each track's own keyframes")
struct TrackTimesTests {
    @Test(
        "each track stays within the tolerance between its own keyframes, and a track that moves less takes fewer than another",
        arguments: [0.1, 0.5, 2])
    func eachTrackHolds(tolerance: Double) throws {
        var plans = 0, fewer = 0
        try forAllScenes(count: 150, seed: 0x7_2AC5, atLeast: 100) { rng, replay in
            var request: PlanRequest
            if Int.random(in: 0..<4, using: &rng) == 0 {
                // Interrupted: reversed or retargeted from a random instant of a running plan.
                request = try InterruptionTests.scene(using: &rng).continuing
            } else {
                request = RandomScenes.request(using: &rng, curve: RandomScenes.curve(using: &rng))
                if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
            }
            request.sampling = .tolerance(tolerance)
            let plan: Plan
            do {
                plan = try Planner.plan(for: request.validated())
            } catch is ValidationError {
                // Over the sampling budget at this tolerance (a spring swinging far, a tiny tolerance).
                throw SceneSkipped()
            }
            try SamplingAndRevealTests.expectWithinTolerance(plan, of: request, tolerance: tolerance, samples: 1000, replay: replay)
            let counts = plan.tracks.map(\.keyframes.count).filter { $0 > 0 }
            plans += 1
            if let most = counts.max(), counts.contains(where: { $0 < most }) { fewer += 1 }
        }
        // Where every track shared the container's times, no moving track had fewer keyframes than another.
        #expect(fewer > plans / 4, "\(fewer) of \(plans) plans")
        print("tolerance \(tolerance) pt: in \(fewer) of \(plans) plans some moving track has fewer keyframes than another")
    }
}
