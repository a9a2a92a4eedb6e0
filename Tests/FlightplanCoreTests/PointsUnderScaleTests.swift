import FlightplanTestSupport
import Testing

@testable import FlightplanCore

/// Corners and shadows are points on screen, whatever the layer's scale (issue 28, item 3): a track whose mask is
/// rounded is never scaled more along one axis than the other (its visible corners are circular), and the shadow a
/// track carries, seen through its transform, is the request's shadow in points at every instant.
///
/// Tolerance: the two visible radii of a corner are `cornerRadius × |a|` and `cornerRadius × |d|`, compared within
/// 1e-9 relative (they are computed from one scale, so they agree to the last bit or two); the visible shadow is
/// compared with the request's within 1e-9 relative as well.
@Suite("Corners and shadows in points under any scale")
struct PointsUnderScaleTests {
    static let scenesPerStyle = 120

    /// A random scene of `style`: any content modes (stretching ones too), radii, and a shadow on each end two
    /// times in three, with the rest of a random choreography.
    static func scene(_ style: TransitionStyle, using rng: inout SeededGenerator) -> PlanRequest {
        var request = RandomScenes.choreographed(RandomScenes.request(using: &rng, style: style), using: &rng)
        if Int.random(in: 0..<3, using: &rng) > 0 {
            request.source.shadow = RandomScenes.shadow(using: &rng)
            request.destination.shadow = RandomScenes.shadow(using: &rng)
        }
        return request
    }

    /// How many corners and shadows the checks looked at under a scale other than 1.
    struct Counts {
        var cases = 0, scaledCorners = 0, scaledShadows = 0
    }

    /// Checks one track's values at one instant.
    static func check(_ values: TrackValues, of track: Track, request: PlanRequest, counts: inout Counts, _ note: String) {
        let transform = values.transform ?? .identity
        if let radius = values.cornerRadius, radius > 0 {
            let alongX = radius * abs(transform.a), alongY = radius * abs(transform.d)
            #expect(isClose(alongX, alongY), "\(track.id): corner \(alongX) × \(alongY) pt, \(note)")
            if transform.a != 1 || transform.d != 1 { counts.scaledCorners += 1 }
        }
        guard let shadow = values.shadow else { return }
        #expect(abs(transform.a) == abs(transform.d), "\(track.id) carries a shadow under a non-uniform scale, \(note)")
        let scale = abs(transform.a)
        if scale != 1 { counts.scaledShadows += 1 }
        let seen = [shadow.radius * scale, shadow.offset.x * scale, shadow.offset.y * scale]
        let from = request.source.shadow ?? request.destination.shadow!, to = request.destination.shadow ?? from
        let ends = ([from.radius, from.offset.x, from.offset.y], [to.radius, to.offset.x, to.offset.y])
        // The request's shadow at one fraction of the way: the fraction read from the component that changes most.
        let changes = zip(ends.0, ends.1).map { $1 - $0 }
        let widest = changes.indices.max { abs(changes[$0]) < abs(changes[$1]) }!
        let fraction = changes[widest] == 0 ? 0 : (seen[widest] - ends.0[widest]) / changes[widest]
        for index in seen.indices {
            let expected = ends.0[index] + changes[index] * fraction
            #expect(isClose(seen[index], expected), "\(track.id): shadow component \(index) seen \(seen[index]) pt, \(expected) pt asked, \(note)")
        }
    }

    @Test("visible corners are circular and shadows keep their points, at every keyframe and exact instant, every style")
    func pointsUnderScale() throws {
        var counts = Counts()
        for (ordinal, style) in TransitionStyle.allCases.enumerated() {
            try forAllScenes(count: Self.scenesPerStyle, seed: 0x28_0300 &+ UInt64(ordinal) << 16) { rng, replay in
                let request = Self.scene(style, using: &rng)
                let validated = try request.validated()
                let plan = try Planner.plan(for: validated)
                let exact = Planner.exactTracks(for: validated)
                counts.cases += 1
                Self.checkKeyframes(of: plan, request: request, counts: &counts, "\(style), \(replay)")
                for _ in 0..<8 {
                    let time = Double.random(in: 0...plan.duration, using: &rng)
                    for (track, values) in zip(plan.tracks, exact(time)) {
                        Self.check(values, of: track, request: request, counts: &counts, "exact at \(time), \(style), \(replay)")
                    }
                }
            }
        }
        #expect(counts.cases == Self.scenesPerStyle * TransitionStyle.allCases.count)
        #expect(counts.scaledCorners > 1000, "\(counts.scaledCorners) scaled corners checked")
        #expect(counts.scaledShadows > 500, "\(counts.scaledShadows) scaled shadows checked")
    }

    /// Every track of a plan at each of its keyframes.
    static func checkKeyframes(of plan: Plan, request: PlanRequest, counts: inout Counts, _ note: String) {
        for track in plan.tracks {
            for index in track.keyframes.indices {
                check(track.values(atKeyframe: index), of: track, request: request, counts: &counts, "keyframe \(index), \(note)")
            }
        }
    }

    @Test("the same for a reversal from any instant of a running plan, and for a dismissal's tracks and completion")
    func interruptionsAndDismissals() throws {
        var counts = Counts()
        try forAllScenes(count: Self.scenesPerStyle, seed: 0x28_0310) { rng, replay in
            let style = TransitionStyle.allCases.randomElement(using: &rng)!
            let running = Self.scene(style, using: &rng)
            var reversed = running
            reversed.direction = running.direction == .push ? .pop : .push
            reversed.from = .running(running, time: .random(in: 0...(try running.validated().timing.duration), using: &rng))
            counts.cases += 1
            Self.checkKeyframes(of: try Planner.plan(for: reversed.validated()), request: running, counts: &counts, "reversal, \(style), \(replay)")
        }
        try forAllScenes(count: Self.scenesPerStyle, seed: 0x28_0320) { rng, replay in
            var request = RandomScenes.dismissRequest(using: &rng, phase: .ended)
            request.plan.source.shadow = RandomScenes.shadow(using: &rng)
            request.plan.destination.shadow = RandomScenes.shadow(using: &rng)
            let dismissal = try DismissPlanner.dismiss(for: request.validated())
            counts.cases += 1
            for track in dismissal.tracks ?? [] {
                Self.check(track.base, of: track, request: request.plan, counts: &counts, "dismissal's tracks, \(replay)")
            }
            if let plan = dismissal.plan { Self.checkKeyframes(of: plan, request: request.plan, counts: &counts, "completion, \(replay)") }
        }
        #expect(counts.cases == 2 * Self.scenesPerStyle)
        #expect(counts.scaledCorners > 1000, "\(counts.scaledCorners) scaled corners checked")
        #expect(counts.scaledShadows > 500, "\(counts.scaledShadows) scaled shadows checked")
    }

    /// Seed 004's card (350 × 200 pt, radius 16, a 4 pt shadow offset) on its way to the full screen: the container is
    /// not scaled at all (its mask carries the size), and the snapshots in it scale uniformly.
    @Test("004: the container keeps identity and a 16 pt radius at the start, the snapshots a uniform scale")
    func snapshotContainer() throws {
        var request = PlanRequest(
            style: .snapshot, direction: .push,
            source: SourceElement(frame: Rect(x: 20, y: 400, width: 350, height: 200), cornerRadius: 16, contentMode: .scaleToFill),
            destination: DestinationLayout(bounds: Rect(x: 0, y: 0, width: 390, height: 844), contentMode: .scaleToFill))
        request.source.shadow = Shadow(color: Color(r: 0, g: 0, b: 0, a: 0.25), radius: 8, offset: Point(x: 0, y: 4))
        let plan = try Planner.plan(for: request.validated())
        let container = try plan.track("content")
        #expect(container.values(at: 0).transform == .identity)
        #expect(container.values(at: 0).maskFrame == Rect(x: 20, y: 400, width: 350, height: 200))
        #expect(container.values(at: 0).cornerRadius == 16)
        #expect(container.values(at: 0).shadow?.offset == Point(x: 0, y: 4))
        for role in ["incomingSnapshot", "outgoingSnapshot"] {
            for keyframe in try plan.track(role).filledKeyframes {
                #expect(keyframe.transform.a == keyframe.transform.d, "\(role) at \(keyframe.time)")
            }
        }
    }
}
