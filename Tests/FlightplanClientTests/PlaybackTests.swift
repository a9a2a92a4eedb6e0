import FlightplanClient
import FlightplanWire
import FlightplanTestSupport
import Testing

@Suite("Playback helpers")
struct PlaybackTests {
    @Test("sampling hits every keyframe exactly, interpolates linearly between, and clamps outside")
    func sampling() throws {
        try forAllScenes(count: 100) { rng, replay in
            let plan = try Planner.plan(for: RandomScenes.request(using: &rng).validated())
            for keyframe in plan.keyframes { #expect(plan.sample(at: keyframe.time) == keyframe, "\(replay)") }
            for (a, b) in zip(plan.keyframes, plan.keyframes.dropFirst()) {
                let middle = plan.sample(at: (a.time + b.time) / 2), halfway = a.interpolated(to: b, fraction: 0.5)
                #expect(middle.renderedDistance(to: halfway, in: plan.layer.frame) <= 1e-9 * 1000, "\(replay)")
            }
            #expect(plan.sample(at: -1) == plan.keyframes.first && plan.sample(at: plan.duration + 1) == plan.keyframes.last, "\(replay)")
        }
    }

    @Test("Core Animation tracks: normalised key times and one value per keyframe for each key path")
    func tracks() throws {
        try forAllScenes(count: 100) { rng, replay in
            let plan = try Planner.plan(for: RandomScenes.request(using: &rng).validated())
            let tracks = plan.coreAnimationTracks
            #expect(tracks.keyTimes.first == 0 && tracks.keyTimes.last == 1, "\(replay)")
            #expect(zip(tracks.keyTimes, tracks.keyTimes.dropFirst()).allSatisfy { $0 < $1 }, "\(replay)")
            #expect([tracks.transform.count, tracks.maskBounds.count, tracks.maskPosition.count, tracks.cornerRadius.count,
                     tracks.opacity.count].allSatisfy { $0 == plan.keyframes.count }, "\(replay)")
            for (keyframe, (bounds, position)) in zip(plan.keyframes, zip(tracks.maskBounds, tracks.maskPosition)) {
                let rebuilt = Rect(center: position, size: bounds.size)
                #expect(abs(rebuilt.x - keyframe.maskFrame.x) < 1e-9 * max(1, abs(keyframe.maskFrame.x)), "\(replay)")
            }
        }
    }
}
