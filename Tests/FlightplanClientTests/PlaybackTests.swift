import FlightplanClient
import FlightplanTestSupport
import FlightplanWire
import Testing

@Suite("Playback helpers")
struct PlaybackTests {
    @Test("a track's values hit every keyframe exactly, interpolate linearly between, and clamp outside")
    func sampling() throws {
        try forAllScenes(count: 100) { rng, replay in
            let plan = try Planner.plan(for: RandomScenes.request(using: &rng).validated())
            for track in plan.tracks {
                for (index, keyframe) in track.keyframes.enumerated() {
                    #expect(track.values(at: keyframe.time) == track.values(atKeyframe: index), "\(track.id), \(replay)")
                }
                let full = track.filledKeyframes
                for (a, b) in zip(full, full.dropFirst()) {
                    let time = (a.time + b.time) / 2
                    let middle = track.values(at: time).keyframe(time: time, progress: 0, in: track.frame)
                    let halfway = a.interpolated(to: b, fraction: 0.5)
                    #expect(middle.renderedDistance(to: halfway, in: track.frame) <= 1e-9 * 1000, "\(track.id), \(replay)")
                    expectClose(middle.opacity, halfway.opacity, scale: 1, "\(track.id) opacity, \(replay)")
                }
                let last = max(0, track.keyframes.count - 1)
                #expect(track.values(at: -1) == track.values(atKeyframe: 0), "\(track.id), \(replay)")
                #expect(track.values(at: plan.duration + 1) == track.values(atKeyframe: last), "\(track.id), \(replay)")
            }
        }
    }

    @Test("state is every track's values by id; velocity is each moving track's slope over the segment that holds the time")
    func stateAndVelocity() throws {
        try forAllScenes(count: 100) { rng, replay in
            let plan = try Planner.plan(for: RandomScenes.request(using: &rng).validated())
            let times = plan.keyframeTimes
            let segment = Int.random(in: 0..<(times.count - 1), using: &rng)
            let start = times[segment], end = times[segment + 1], time = start + (end - start) * .random(in: 0..<1, using: &rng)
            let state = plan.state(at: time), later = plan.state(at: end), velocity = plan.velocity(at: time)
            #expect(Set(state.keys) == Set(plan.tracks.map(\.id)), "\(replay)")
            #expect(Set(velocity.keys) == Set(plan.tracks.filter { !$0.keyframes.isEmpty }.map(\.id)), "\(replay)")
            for track in plan.tracks {
                #expect(state[track.id] == track.values(at: time), "\(track.id), \(replay)")
                guard let rate = velocity[track.id], let now = state[track.id], let then = later[track.id] else { continue }
                // Linear within the segment: where the track is at its end is where it is now plus the rate times the rest.
                let step = end - time
                if let r = rate.transform, let a = now.transform, let b = then.transform {
                    for (x, y, v) in [(a.a, b.a, r.a), (a.d, b.d, r.d), (a.tx, b.tx, r.tx), (a.ty, b.ty, r.ty)] {
                        expectClose(x + v * step, y, relative: 1e-7, "\(track.id) transform, \(replay)")
                    }
                }
                if let r = rate.maskFrame, let a = now.maskFrame, let b = then.maskFrame {
                    expectClose(
                        Rect(x: a.x + r.x * step, y: a.y + r.y * step, width: a.width + r.width * step, height: a.height + r.height * step), b,
                        relative: 1e-7, "\(track.id) mask, \(replay)")
                }
                if let r = rate.opacity, let a = now.opacity, let b = then.opacity {
                    expectClose(a + r * step, b, relative: 1e-7, scale: 1, "\(track.id) opacity, \(replay)")
                }
                #expect(Set(rate.properties).isSubset(of: track.animates), "\(track.id), \(replay)")
            }
        }
    }
}
