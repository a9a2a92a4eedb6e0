import FlightplanTestSupport
import Testing

@testable import FlightplanCore

@Suite("Tolerance sampling and the reveal's covering scale")
struct SamplingAndRevealTests {
    /// The exact state of every moving track of a request (in the plan's order), for checking renderers against it.
    static func exact(_ request: PlanRequest) throws -> (Double) -> [Keyframe] {
        let validated = try request.validated()
        let plan = try Planner.plan(for: validated)
        let tracks = plan.tracks
        let exact = Planner.exactTracks(for: validated)
        return { time in
            zip(tracks, exact(time)).filter { !$0.0.keyframes.isEmpty }.map { $1.keyframe(time: time, progress: 0, in: $0.frame) }
        }
    }

    /// Checks at `samples` instants that every moving track, as a linear renderer plays it between its own keyframes,
    /// stays within `tolerance` points (and one 8-bit opacity step) of the exact motion; returns the largest distance
    /// found, as a share of the tolerance.
    @discardableResult
    static func expectWithinTolerance(_ plan: Plan, of request: PlanRequest, tolerance: Double, samples: Int, replay: String) throws -> Double {
        let exact = try Self.exact(request)
        let tracks = plan.tracks.filter { !$0.keyframes.isEmpty }.map { ($0.frame, $0.filledKeyframes, $0.keyframes.map(\.time)) }
        // Each track's segment holding the instant under check.
        var segments = [Int](repeating: 0, count: tracks.count), dense = DenseCheck()
        var worst = 0.0
        for step in 0...samples {
            let time = plan.duration * Double(step) / Double(samples)
            let truth = exact(time)
            for (index, (frame, keyframes, times)) in tracks.enumerated() {
                while segments[index] < times.count - 2 && times[segments[index] + 1] < time { segments[index] += 1 }
                let segment = segments[index]
                let fraction = (time - times[segment]) / (times[segment + 1] - times[segment])
                let rendered = keyframes[segment].interpolated(to: keyframes[segment + 1], fraction: fraction)
                let distance = rendered.renderedDistance(to: truth[index], in: frame)
                dense.expect(distance <= tolerance, "track \(index) off by \(distance) pt at t=\(time)")
                worst = max(worst, distance / tolerance)
                dense.expect(abs(rendered.opacity - truth[index].opacity) <= Sampler.opacityTolerance, "track \(index)'s opacity at t=\(time)")
            }
        }
        dense.expectNone(replay)
        return worst
    }

    @Test("a linear renderer stays within the tolerance at every instant", arguments: [0.1, 0.5, 2])
    func toleranceHolds(tolerance: Double) throws {
        var counts: [TransitionStyle: [Int]] = [:]
        var fpsCounts: [Int] = []
        try forAllScenes(count: 60, seed: 0x70_1E) { rng, replay in
            let request = RandomScenes.request(using: &rng, sampling: .tolerance(tolerance))
            let plan = try Planner.plan(for: request.validated())
            counts[request.style, default: []].append(plan.tracks.map(\.keyframes.count).max() ?? 0)
            fpsCounts.append(Sampler.keyframeCount(duration: plan.duration, fps: 60))
            try Self.expectWithinTolerance(plan, of: request, tolerance: tolerance, samples: 1500, replay: replay)
        }
        let summary = counts.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { "\($0.key.rawValue) \($0.value.reduce(0, +) / $0.value.count)" }.joined(separator: ", ")
        print("tolerance \(tolerance) pt: mean keyframes \(summary); 60 fps would use \(fpsCounts.reduce(0, +) / fpsCounts.count)")
    }

    @Test("the search settles only on segments that pass every check, also where a chord strays off-centre", arguments: [3, 8, 30])
    func offCentreMotion(power: Int) throws {
        // A mask edge moving as tᵖ: between any two times its chord strays farthest at (1/p)^(1/(p−1)) of the way
        // (0.58, 0.74, 0.89), away from the two middle checks the search leads with.
        let layer = Rect(x: 0, y: 0, width: 400, height: 400), tolerance = 0.5
        func state(_ time: Double) -> Keyframe {
            let edge = 300 * (0..<power).reduce(1.0) { value, _ in value * time }
            return Keyframe(
                time: time, progress: time, transform: .identity, maskFrame: Rect(x: edge, y: 0, width: 50, height: 50),
                cornerRadius: 0, opacity: 1)
        }
        var budget = PlanLimits.samplingBudget
        let times = try Sampler.times(
            for: .tolerance(tolerance), duration: 1, state: { _, time in state(time) },
            tracks: 1, layers: [SampledLayer(frame: layer, movesGeometry: true)], budget: &budget
        ).times[0]
        #expect(times.first == 0 && times.last == 1)
        for (start, end) in zip(times, times.dropFirst()) {
            for step in 1..<200 {
                let fraction = Double(step) / 200
                let rendered = state(start).interpolated(to: state(end), fraction: fraction)
                let distance = rendered.renderedDistance(to: state(start + (end - start) * fraction), in: layer)
                #expect(distance <= tolerance, "off by \(distance) pt at \(fraction) of \(start)…\(end), p = \(power)")
            }
        }
    }

    @Test("a search refused for its keyframes still spends its evaluations, so that a batch's later items do not get them again")
    func refusedSearchSpends() throws {
        let layer = Rect(x: 0, y: 0, width: 400, height: 400)
        func state(_ time: Double) -> Keyframe {
            Keyframe(
                time: time, progress: time, transform: .identity,
                maskFrame: Rect(x: 10_000 * time * time, y: 0, width: 50, height: 50), cornerRadius: 0, opacity: 1)
        }
        var budget = SamplingBudget(keyframesPerTrack: 20, totalKeyframes: 50_000, evaluations: 1_000_000)
        #expect(throws: SamplingBudgetExceeded.keyframes(limit: 20)) {
            try Sampler.times(
                for: .tolerance(0.1), duration: 1, state: { _, time in state(time) },
                tracks: 1, layers: [SampledLayer(frame: layer, movesGeometry: true)], budget: &budget)
        }
        #expect(budget.evaluations < 1_000_000 - 20 * 24)
    }

    /// Signed distance from `point` to a rounded rect (negative inside), computed independently.
    static func signedDistance(_ point: Point, to rect: Rect, radius: Double) -> Double {
        let qx = abs(point.x - rect.midX) - (rect.width / 2 - radius)
        let qy = abs(point.y - rect.midY) - (rect.height / 2 - radius)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - radius
    }

    static func covers(_ element: Rect, radius: Double, scale: Double, screen: Rect, slack: Double) -> Bool {
        let scaled = Rect(center: element.center, size: Size(width: element.width * scale, height: element.height * scale))
        let corners = [screen.origin, Point(x: screen.maxX, y: screen.y), Point(x: screen.x, y: screen.maxY), Point(x: screen.maxX, y: screen.maxY)]
        return corners.allSatisfy { signedDistance($0, to: scaled, radius: radius * scale) <= slack }
    }

    @Test("reveal grows to the exact minimal scale whose shape covers the screen")
    func revealCoversMinimally() throws {
        try forAllScenes { rng, replay in
            let request = RandomScenes.request(using: &rng, style: .reveal)
            let plan = try Planner.plan(for: request.validated())
            let (collapsed, expanded) = try ends(of: plan)
            #expect(try plan.flyingTrack().frame == request.source.frame, "\(replay)")
            expectClose(collapsed.visibleClip(in: request.source.frame), request.source.frame, "\(replay)")
            #expect(collapsed.opacity == 0 && expanded.opacity == 1, "\(replay)")
            let scale = expanded.transform.a
            let screen = request.destination.bounds
            let slack = 1e-9 * max(screen.width, screen.height)
            #expect(Self.covers(request.source.frame, radius: request.source.cornerRadius, scale: scale, screen: screen, slack: slack), "\(replay)")
            #expect(
                !Self.covers(request.source.frame, radius: request.source.cornerRadius, scale: scale * (1 - 1e-6), screen: screen, slack: 0),
                "not minimal, \(replay)")
        }
    }

    @Test("a circle centred on the screen covers it at the half diagonal")
    func revealCircleExample() {
        let scale = RevealTrack.minimalCoveringScale(
            of: Rect(x: 175, y: 402, width: 40, height: 40), cornerRadius: 20, toCover: Rect(x: 0, y: 0, width: 390, height: 844))
        expectClose(scale * 20, (195.0 * 195 + 422.0 * 422).squareRoot(), "half diagonal")
    }
}
