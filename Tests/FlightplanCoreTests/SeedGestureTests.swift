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
        #expect(plan.keyframes.first == cancelled.state)
        let rest = try #require(plan.keyframes.last)
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

    @Test("an option's timing is checked as a plan's and named under the option", arguments: [
        (Timing(curve: .cubicBezier(CubicBezier(x1: 2, y1: 0, x2: 1, y2: 1))), "options.finishTiming.curve.cubicBezier[0]"),
        (Timing(duration: 120), "options.finishTiming.duration"),
        (Timing(curve: .spring(SpringParameters(dampingRatio: 1, initialVelocity: 3))), "options.finishTiming.curve.spring.initialVelocity"),
    ])
    func optionTimingRefused(timing: Timing, field: String) {
        var request = Self.drag(10)
        request.options.finishTiming = timing
        let error = #expect(throws: ValidationError.self) { try request.validated() }
        #expect(error?.field == field, "\(String(describing: error))")
    }
}
