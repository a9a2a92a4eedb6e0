import FlightplanCore
import FlightplanTestSupport
import Testing

/// Seed 001's pan-to-dismiss, its numbers taken from the tutorial's controller (LINKED-SOURCES.md), not from
/// the planner: on an 844 pt tall screen the scale reaches 0.5 at half the height (422 pt), the background
/// alpha reaches 0 at a quarter (211 pt); a release cancels when the finger moves up or the image's centre is
/// above where it started, and finishes otherwise.
@Suite("The seed's gesture: independent distances, its release rule, every phase")
struct SeedGestureTests {
    static let height = 844.0

    static func drag(_ y: Double, velocity: Double = 0, phase: GesturePhase = .ended, policy: ReleasePolicy = .direction) -> DismissRequest {
        DismissRequest(
            plan: PlanRequest(
                style: .zoom, source: SourceElement(frame: Rect(x: 20, y: 300, width: 110, height: 110)),
                destination: DestinationLayout(bounds: Rect(x: 0, y: 0, width: 390, height: height)), imageSize: Size(width: 3, height: 4),
                timing: Timing(curve: .spring(SpringParameters(dampingRatio: 0.9, response: 0.5)))),
            translation: Point(x: 0, y: y), velocity: Point(x: 0, y: velocity), phase: phase,
            options: DismissOptions(dismissDistance: height / 2, minimumScale: 0.5, fadeDistance: height / 4, policy: policy))
    }

    @Test("while dragging: alpha 1 − d/211 reaches 0 at a quarter of the height, scale 1 − 0.5·d/422 only 0.75 there")
    func independentDistances() throws {
        for (d, alpha, scale) in [(0.0, 1.0, 1.0), (105.5, 0.5, 0.875), (211, 0, 0.75), (422, 0, 0.5), (600, 0, 0.5)] {
            let state = try DismissPlanner.dismiss(for: Self.drag(d, phase: .changed).validated()).state
            expectClose(state.opacity, alpha, "alpha at \(d) pt")
            expectClose(state.transform.a, scale, "scale at \(d) pt")
            expectClose(state.progress, (1 - scale) / 0.5, "progress at \(d) pt")
        }
    }

    @Test("the seed's rule: a 5 pt drag released still finishes; a 300 pt drag released moving up at 10 pt/s cancels")
    func seedReleaseRule() throws {
        // 5 pt down: scale 1 − 0.5·5/422, so the centre rises by at most 844·(1 − s)/2 ≈ 2.5 pt: still below its start.
        let short = try DismissPlanner.dismiss(for: Self.drag(5).validated())
        #expect(short.decision == .finish && short.reason == .forwardOfStart)
        let up = try DismissPlanner.dismiss(for: Self.drag(300, velocity: -10).validated())
        #expect(up.decision == .cancel && up.reason == .movingBack)
        // Dragged up past the start (the image's centre above where it began), not moving: cancel.
        let above = try DismissPlanner.dismiss(for: Self.drag(-40).validated())
        #expect(above.decision == .cancel && above.reason == .behindStart)
        // The projected policy decides the same two releases the other way round, as the issue measured.
        #expect(try DismissPlanner.dismiss(for: Self.drag(5, policy: .projected).validated()).reason == .projectedShortOfFinishDistance)
        #expect(try DismissPlanner.dismiss(for: Self.drag(300, velocity: -10, policy: .projected).validated()).reason == .projectedPastFinishDistance)
    }

    @Test("began and changed want the state only; a cancelled touch gets the way back to rest from where it was")
    func phases() throws {
        for phase in [GesturePhase.began, .changed] {
            let answer = try DismissPlanner.dismiss(for: Self.drag(120, velocity: 300, phase: phase).validated())
            #expect(answer.decision == nil && answer.reason == nil && answer.plan == nil)
        }
        let cancelled = try DismissPlanner.dismiss(for: Self.drag(120, velocity: 300, phase: .cancelled).validated())
        let plan = try #require(cancelled.plan)
        #expect(cancelled.decision == .cancel && cancelled.reason == .touchCancelled && plan.direction == .push)
        // The plan carries no progress; everything else of the first keyframe is the state's exactly.
        var first = try plan.flyingKeyframes()[0]
        first.progress = cancelled.state.progress
        #expect(first == cancelled.state)
        let rest = try #require(try plan.flyingKeyframes().last)
        expectClose(rest.transform.a, 1, "back to identity")
        expectClose(rest.transform.ty, 0, "back in place")
        expectClose(rest.opacity, 1, "background back")
    }

    @Test("finish and cancel have their own timing: the seed cancels with a 0.5 s spring of damping 0.9")
    func separateTimings() throws {
        var request = Self.drag(300, velocity: -10)
        request.options.cancelTiming = Timing(duration: 0.5, curve: .spring(SpringParameters(dampingRatio: 0.9)))
        request.options.finishTiming = Timing(duration: 0.25, curve: .spring(SpringParameters(dampingRatio: 1)))
        let cancel = try DismissPlanner.dismiss(for: request.validated())
        #expect(cancel.decision == .cancel && cancel.spring?.dampingRatio == 0.9 && cancel.plan?.duration == 0.5)
        request.velocity = Point(x: 0, y: 10)
        let finish = try DismissPlanner.dismiss(for: request.validated())
        #expect(finish.decision == .finish && finish.spring?.dampingRatio == 1 && finish.plan?.duration == 0.25)
    }

    @Test(
        "an option's timing is checked as a plan's and named under the option",
        arguments: [
            (Timing(curve: .cubicBezier(CubicBezier(x1: 2, y1: 0, x2: 1, y2: 1))), "options.finishTiming.curve.cubicBezier[0]"),
            (Timing(duration: 120), "options.finishTiming.duration"),
            (Timing(curve: .spring(SpringParameters(dampingRatio: 1, initialVelocity: 3))), "options.finishTiming.curve.spring.initialVelocity")
        ])
    func optionTimingRefused(timing: Timing, field: String) {
        var request = Self.drag(10)
        request.options.finishTiming = timing
        let error = #expect(throws: ValidationError.self) { try request.validated() }
        #expect(error?.field == field, "\(String(describing: error))")
    }
}

/// Pinch to dismiss (iOS 18's zoom transition): the pinch's scale is the layer's, about the clip's centre.
@Suite("Pinch to dismiss")
struct PinchTests {
    @Test("the layer takes the pinch's scale (held at the minimum, past 1× too), fading as the same completion of a drag would")
    func state() throws {
        try forAllScenes(count: 150, seed: 0x919C) { rng, replay in
            var request = RandomScenes.dismissRequest(using: &rng, phase: .changed)
            let scale = Double.random(in: 0.2...1.2, using: &rng)
            request.pinch = PinchSample(scale: scale, velocity: .random(in: -3...3, using: &rng))
            let validated = try request.validated()
            let state = try DismissPlanner.dismiss(for: validated).state
            let held = max(scale, validated.minimumScale)
            expectClose(state.transform.a, held, "scale, \(replay)")
            let fraction = max(0, (1 - held) / (1 - validated.minimumScale))
            expectClose(state.progress, fraction, "progress, \(replay)")
            let fade = min(fraction * validated.dismissDistance / validated.fadeDistance, 1)
            let rest = try Planner.plan(for: validated.plan).flyingKeyframes()
            let restOpacity = validated.request.plan.direction == .push ? rest.last!.opacity : rest.first!.opacity
            expectClose(state.opacity, restOpacity * (1 - fade), "opacity, \(replay)")
        }
    }

    @Test("the completion leaves with the pinch's scale velocity")
    func velocity() throws {
        try forAllScenes(count: 100, seed: 0x919D) { rng, replay in
            var request = RandomScenes.dismissRequest(using: &rng, phase: .ended, sampling: .keyframes(8001))
            let velocity = Double.random(in: -1.5...1.5, using: &rng)
            request.pinch = PinchSample(scale: .random(in: 0.6...0.95, using: &rng), velocity: velocity)
            let dismissal = try DismissPlanner.dismiss(for: request.validated())
            let keyframes = try #require(dismissal.plan).flyingKeyframes()
            let step = keyframes[1].time
            let rate = (-3 * keyframes[0].transform.a + 4 * keyframes[1].transform.a - keyframes[2].transform.a) / (2 * step)
            #expect(abs(rate - velocity) <= 1e-3 * abs(velocity) + 2e-3, "\(rate) vs \(velocity), \(replay)")
        }
    }

    @Test(
        "releases: pinching in finishes, letting go back cancels; a quick pinch decides by its direction",
        arguments: [
            (0.7, -0.1, ReleasePolicy.direction, DismissDecision.finish, DismissReason.forwardOfStart),
            (0.7, 0.1, .direction, .cancel, .movingBack),
            (1.0, 0, .direction, .cancel, .behindStart),
            (0.95, -3, .projected, .finish, .flungForward),
            (0.6, 3, .projected, .cancel, .flungBack),
            (0.6, 0, .projected, .finish, .projectedPastFinishDistance),
            (0.98, 0, .projected, .cancel, .projectedShortOfFinishDistance)
        ])
    func releases(scale: Double, velocity: Double, policy: ReleasePolicy, decision: DismissDecision, reason: DismissReason) throws {
        var request = SeedGestureTests.drag(0, policy: policy)
        request.pinch = PinchSample(scale: scale, velocity: velocity)
        let answer = try DismissPlanner.dismiss(for: request.validated())
        #expect(answer.decision == decision && answer.reason == reason, "\(String(describing: answer.decision)) \(String(describing: answer.reason))")
    }
}
