import FlightplanTestSupport
import Testing

@testable import FlightplanCore

/// A reversal planned from a running plan starts where that plan is on screen: at its first instant every track the two
/// plans share has the window box (visible clip, drawn content, visible radius, seen opacity; children through their
/// parents) the running plan's keyframes show at the interruption, over random scenes of every style with content of
/// either aspect, fitted or filled at either end, and of reduced-motion plans (the cross-fade that replaces the motion).
@Suite("Continuations start where the running plan is on screen")
struct ContinuationTests {
    /// How far a continuation's first window box may be from the running plan's: points (every edge, the radius) and
    /// opacity.
    static let pointTolerance = 0.5, opacityTolerance = 0.01
    /// The running plan's keyframe count: dense enough that playing it linearly stays within a hair of its motion.
    static let runningKeyframes = 2001

    /// A running request of `style` (half of them choreographed: colours, shadows, channels, fade modes, auxiliary views;
    /// portrait or landscape content given by `imageSize`, by the content's size or by both,
    /// aspect-fitted or aspect-filled at each end, with content on every screen and element, any curve), an instant in it,
    /// and its reversal from there on a curve of its own; with `reducedMotion`, both plans are reduced-motion ones.
    static func scene(_ style: TransitionStyle, reducedMotion: Bool = false, using rng: inout SeededGenerator) throws -> (
        running: PlanRequest, time: Double, reversal: PlanRequest
    ) {
        var running = RandomScenes.request(
            using: &rng, style: style, curve: RandomScenes.curve(using: &rng), sampling: .keyframes(runningKeyframes))
        if Bool.random(using: &rng) {
            running = RandomScenes.choreographed(running, using: &rng)
            running.reducedMotion = nil
        }
        if reducedMotion { running.reducedMotion = true }
        let modes: [ContentMode] = [.aspectFit, .aspectFill]
        running.source.contentMode = modes.randomElement(using: &rng)!
        running.destination.contentMode = modes.randomElement(using: &rng)!
        let long = Double.random(in: 1500...4000, using: &rng), short = Double.random(in: 300...1400, using: &rng)
        let image = Bool.random(using: &rng) ? Size(width: short, height: long) : Size(width: long, height: short)
        let given = Int.random(in: 0..<3, using: &rng)
        running.imageSize = given == 1 ? nil : Size(width: image.width / 4, height: image.height / 4)
        let element = ContentReference(url: "image.png", size: given == 0 ? nil : image)
        running.content = ContentReferences(
            source: .init(element: element, screen: ContentReference(url: "list.png")),
            destination: .init(element: element, screen: ContentReference(url: "detail.png")))
        let duration = try running.validated().timing.duration
        let time = [0, duration, .random(in: 0...duration, using: &rng), .random(in: 0...duration, using: &rng)].randomElement(using: &rng)!
        var reversal = running
        reversal.direction = running.direction == .push ? .pop : .push
        reversal.sampling = .keyframes(3)
        reversal.timing = Timing(
            duration: .random(in: 0.2...0.6, using: &rng), curve: RandomScenes.curve(using: &rng, overshooting: Bool.random(using: &rng)))
        if case .spring(let spring) = reversal.timing.curve, spring.response != nil { reversal.timing.duration = nil }
        reversal.from = .running(running, time: time)
        return (running, time, reversal)
    }

    @Test(
        "every shared track's window box and opacity at the reversal's start are the running plan's",
        arguments: TransitionStyle.allCases, [false, true])
    func startsWhereTheEyeSeesIt(style: TransitionStyle, reducedMotion: Bool) throws {
        let seed = 0xC0_0000 &+ UInt64(TransitionStyle.allCases.firstIndex(of: style)! * 1000) &+ (reducedMotion ? 0x10_0000 : 0)
        try forAllScenes(count: 100, seed: seed, atLeast: 95) { rng, replay in
            let (running, time, reversal) = try Self.scene(style, reducedMotion: reducedMotion, using: &rng)
            let played = try Planner.plan(for: running.validated())
            let continued = try Self.continuation(reversal)
            for track in continued.tracks {
                guard let was = played.tracks.first(where: { $0.id == track.id }) else { continue }
                let before = played.windowBox(of: was, at: time), after = continued.windowBox(of: track, at: 0)
                let label =
                    "\(style)\(reducedMotion ? " (reduced motion)" : "") \(track.id) at \(time) s of \(running.direction) (\(running.source.contentMode) → \(running.destination.contentMode))"
                #expect(Self.distance(after.clip, before.clip) <= Self.pointTolerance, "\(label): clip \(after.clip) vs \(before.clip), \(replay)")
                if let drawn = after.content, let shown = before.content {
                    #expect(Self.distance(drawn, shown) <= Self.pointTolerance, "\(label): content \(drawn) vs \(shown), \(replay)")
                }
                #expect(
                    abs(after.cornerRadius - before.cornerRadius) <= Self.pointTolerance,
                    "\(label): radius \(after.cornerRadius) vs \(before.cornerRadius), \(replay)")
                #expect(
                    abs(after.opacity - before.opacity) <= Self.opacityTolerance, "\(label): opacity \(after.opacity) vs \(before.opacity), \(replay)"
                )
            }
        }
    }

    /// A pair of one shape that covers the stage while it cross-fades (the screens, the snapshots, the clipped
    /// children) still covers it while a reversal continues it: where the running plan's own pair covers at least
    /// 99.5 % (`1 − (1 − upper)(1 − lower)`, the two composited "over" each other) at every instant, the
    /// continuation's must too, at every instant of it (sampled densely, as the players interpolate it). A snapshot
    /// pair whose image leaves a letterbox is no pair of one shape: each fades on its own over the screens, which
    /// cover the stage.
    @Test(
        "a continued cross-fade covers at least 99.5 % of the stage at every instant where the running plan's did",
        arguments: TransitionStyle.allCases, [false, true])
    func continuedCrossFadesCover(style: TransitionStyle, reducedMotion: Bool) throws {
        var pairsSeen = 0
        let seed = 0xC1_0000 &+ UInt64(TransitionStyle.allCases.firstIndex(of: style)! * 1000) &+ (reducedMotion ? 0x10_0000 : 0)
        try forAllScenes(count: 100, seed: seed, atLeast: 95) { rng, replay in
            let (running, time, scene) = try Self.scene(style, reducedMotion: reducedMotion, using: &rng)
            var reversal = scene
            reversal.sampling = .keyframes(201)
            let played = try Planner.plan(for: running.validated())
            let continued = try Self.continuation(reversal)
            let runningPairs = CrossFadeAndContentTests.fadingPairs(in: played, request: running)
            for pair in CrossFadeAndContentTests.fadingPairs(in: continued, request: reversal) {
                guard let was = runningPairs.first(where: { $0.lower.id == pair.lower.id && $0.upper.id == pair.upper.id }),
                    [pair.lower, pair.upper].allSatisfy(Self.fillsItsLayer),
                    (0...400).allSatisfy({ CrossFadeAndContentTests.coverage(of: was, at: played.duration * Double($0) / 400) >= 0.995 })
                else { continue }
                pairsSeen += 1
                for step in 0...400 {
                    let instant = continued.duration * Double(step) / 400, covered = CrossFadeAndContentTests.coverage(of: pair, at: instant)
                    #expect(
                        covered >= 0.995,
                        "\(style)\(reducedMotion ? " (reduced motion)" : ""): \(pair.lower.id) under \(pair.upper.id) covers \(covered) at \(instant) s of the reversal from \(time) s, \(replay)"
                    )
                }
            }
        }
        // sharedFrame's destination screen flies: it forms no pair of one shape but in the reduced-motion variant.
        #expect(pairsSeen > 20 || (style == .sharedFrame && !reducedMotion))
    }

    /// The plan `reversal` asks for; a scene whose reversal is refused as it should be has no continuation to check: one
    /// whose inherited velocity would carry its geometry past the planner's reach (a 422 naming `from`), or whose
    /// shorter duration leaves no room for the children's stagger (a 422 naming `snapshot.stagger`).
    static func continuation(_ reversal: PlanRequest) throws -> Plan {
        do {
            return try Planner.plan(for: reversal.validated())
        } catch {
            // (A `catch … as ValidationError where` clause here crashed the 6.3.1 compiler's SIL ownership verifier.)
            guard error.field == "snapshot.stagger" || (error.field == "from" && error.message.contains("too far")) else { throw error }
            throw SceneSkipped()
        }
    }

    /// Whether `track` paints the whole of its layer: no content, or content laid out over all of it (not letterboxed).
    static func fillsItsLayer(_ track: Track) -> Bool {
        let drawn = track.drawnContentFrame, slack = 1e-9 * max(track.frame.width, track.frame.height)
        return drawn.x <= slack && drawn.y <= slack && drawn.maxX >= track.frame.width - slack && drawn.maxY >= track.frame.height - slack
    }

    /// The largest distance between two rects' matching edges, points.
    static func distance(_ a: Rect, _ b: Rect) -> Double {
        max(abs(a.x - b.x), abs(a.y - b.y), abs(a.maxX - b.maxX), abs(a.maxY - b.maxY))
    }
}
