import FlightplanTestSupport
import Testing

@testable import FlightplanCore

/// Interrupting a running plan (`from`): over random scenes, curves and interruption times (the start, the end,
/// anywhere, a spring's overshoot included), the continuing plan starts exactly where the running one is, leaves
/// with its velocity, and ends exactly where it would have without the interruption.
@Suite("Interruptions: reverse or retarget any plan mid-flight")
struct InterruptionTests {
    /// Every track's visible geometry (flying tracks; a track that masks itself, its mask and radius where its frame is
    /// placed: sharedFrame's destination image in its parent's space) or opacity at `time` of a plan request, exactly.
    static func states(_ validated: ValidatedPlanRequest) -> (Double) -> [String: (clip: Rect?, radius: Double?, opacity: Double?)] {
        let choreography = Choreography(for: validated)
        return { time in
            let instant = ChannelInstant(time: time, clocks: choreography.clocks)
            var states: [String: (clip: Rect?, radius: Double?, opacity: Double?)] = [:]
            for part in choreography.parts {
                let values = part.values(instant)
                let geometry = part.flight.map { $0.visible(values) }
                let mask = part.flight == nil ? values.maskFrame?.offsetBy(dx: part.frame.x, dy: part.frame.y) : nil
                states[part.id] = (geometry?.clip ?? mask, geometry?.radius ?? mask.map { _ in values.cornerRadius ?? 0 }, values.opacity)
            }
            return states
        }
    }

    /// A random interruption: the running request, the time, and the continuing request (reversed or retargeted).
    static func scene(using rng: inout SeededGenerator) throws -> (running: PlanRequest, time: Double, continuing: PlanRequest) {
        var running = RandomScenes.request(using: &rng, curve: RandomScenes.curve(using: &rng))
        if Bool.random(using: &rng) { running = RandomScenes.choreographed(running, using: &rng) }
        running.reducedMotion = nil
        let duration = try running.validated().timing.duration
        let time = [0, duration, .random(in: 0...duration, using: &rng), .random(in: 0...duration, using: &rng)].randomElement(using: &rng)!
        var continuing = running
        continuing.from = nil
        if Bool.random(using: &rng) {
            continuing.direction = running.direction == .push ? .pop : .push
        } else {
            // Retarget: the destination's content frame moved (a list scrolled, the keyboard appeared).
            let bounds = continuing.destination.bounds
            continuing.destination.frame = RandomScenes.rect(
                in: bounds.size, width: bounds.width / 2...bounds.width, height: bounds.height / 3...bounds.height, using: &rng)
        }
        continuing.timing = Timing(
            duration: .random(in: 0.2...0.6, using: &rng), curve: RandomScenes.curve(using: &rng, overshooting: Bool.random(using: &rng)))
        if case .spring(let spring) = continuing.timing.curve, spring.response != nil { continuing.timing.duration = nil }
        continuing.from = .running(running, time: time)
        return (running, time, continuing)
    }

    @Test("the continuing plan starts exactly at the running one's state and ends exactly at its own end")
    func continuity() throws {
        try forAllScenes(count: 200, seed: 0x1E7) { rng, replay in
            let (running, time, continuing) = try Self.scene(using: &rng)
            let before = Self.states(try running.validated())(time)
            let validated = try continuing.validated()
            let after = Self.states(validated)
            var plain = continuing
            plain.from = nil
            let undisturbed = Self.states(try plain.validated())
            let start = after(0), end = after(validated.timing.duration), expectedEnd = undisturbed(validated.timing.duration)
            for (id, state) in start {
                guard let was = before[id] else { continue }
                if let clip = state.clip, let old = was.clip { #expect(isClose(clip, old, relative: 1e-7), "\(id) starts where it was, \(replay)") }
                if let radius = state.radius, let old = was.radius { #expect(isClose(radius, old, relative: 1e-7), "\(id) radius, \(replay)") }
                if let opacity = state.opacity, let old = was.opacity { #expect(isClose(opacity, old, relative: 1e-9), "\(id) opacity, \(replay)") }
                let final = try #require(end[id]), target = try #require(expectedEnd[id])
                if let clip = final.clip, let goal = target.clip { #expect(isClose(clip, goal), "\(id) ends where it would have, \(replay)") }
                #expect(final.opacity == target.opacity, "\(id) ends at its opacity, \(replay)")
            }
            let plan = try Planner.plan(for: validated)
            #expect(try Planner.plan(for: validated) == plan, "deterministic, \(replay)")
            #expect(plan.tracks.flatMap(\.filledKeyframes).allSatisfy { $0.transform.a.isFinite && $0.maskFrame.width.isFinite }, "\(replay)")
        }
    }

    @Test("it leaves with the running plan's velocity: every flying track's clip edges and radius, every opacity")
    func velocity() throws {
        try forAllScenes(count: 200, seed: 0x1E8) { rng, replay in
            let (running, time, continuing) = try Self.scene(using: &rng)
            let runningValidated = try running.validated()
            let before = Self.states(runningValidated), duration = runningValidated.timing.duration
            let validated = try continuing.validated()
            let after = Self.states(validated)
            // Rates by differences over a hundred-millionth of each duration (one-sided at the running plan's ends); a
            // plan that has ended is at rest.
            let h = duration * 1e-8, k = validated.timing.duration * 1e-8
            let (a0, a1) =
                time >= duration
                ? (before(time), before(time))
                : time + h <= duration ? (before(time), before(time + h)) : (before(time - h), before(time))
            let (b0, b1) = (after(0), after(k))
            for (id, state) in b0 {
                guard let was0 = a0[id], let was1 = a1[id], let now1 = b1[id] else { continue }
                if let c0 = state.clip, let c1 = now1.clip, let r0 = was0.clip, let r1 = was1.clip {
                    let continuing = [(c1.x - c0.x) / k, (c1.y - c0.y) / k, (c1.maxX - c0.maxX) / k, (c1.maxY - c0.maxY) / k]
                    let runningRates = [(r1.x - r0.x) / h, (r1.y - r0.y) / h, (r1.maxX - r0.maxX) / h, (r1.maxY - r0.maxY) / h]
                    for (v, w) in zip(continuing, runningRates) {
                        #expect(abs(v - w) <= 2e-3 * max(abs(w), 100) + 1, "\(id) edge rate \(v) vs \(w), \(replay)")
                    }
                }
                if let o0 = state.opacity, let o1 = now1.opacity, let p0 = was0.opacity, let p1 = was1.opacity, o0 > 1e-6, o0 < 1 - 1e-6 {
                    #expect(abs((o1 - o0) / k - (p1 - p0) / h) <= 2e-3 * max(abs((p1 - p0) / h), 1) + 0.01, "\(id) opacity rate, \(replay)")
                }
            }
        }
    }

    @Test("a client's own state and velocity: exact start, finite plans even at ten million points per second")
    func givenState() throws {
        try forAllScenes(count: 100, seed: 0x1E9) { rng, replay in
            var request = RandomScenes.request(using: &rng)
            let bounds = request.destination.bounds
            let clip = RandomScenes.rect(in: bounds.size, width: 20...bounds.width, height: 20...bounds.height, using: &rng)
            let speed = [0, 1000, PlanLimits.maximumInterruptionRate].randomElement(using: &rng)!
            let velocity = VisibleState(
                clip: Rect(
                    x: .random(in: -speed...speed, using: &rng), y: .random(in: -speed...speed, using: &rng),
                    width: .random(in: -speed...speed, using: &rng), height: .random(in: -speed...speed, using: &rng)),
                cornerRadius: .random(in: -speed...speed, using: &rng), opacity: .random(in: -5...5, using: &rng))
            request.from = .state(VisibleState(clip: clip, cornerRadius: 4, opacity: 0.5), velocity: velocity)
            let validated = try request.validated()
            let choreography = Choreography(for: validated)
            let flying = choreography.parts[choreography.flyingPart]
            let start = Self.states(validated)(0)
            #expect(isClose(try #require(start[flying.id]?.clip), clip, relative: 1e-7), "\(replay)")
            let plan = try Planner.plan(for: validated)
            #expect(
                plan.tracks.flatMap(\.filledKeyframes).allSatisfy {
                    $0.transform.a.isFinite && $0.transform.ty.isFinite && $0.maskFrame.height.isFinite && $0.opacity.isFinite
                }, "\(replay)")
        }
    }

    @Test("a plan that has ended is at rest: interrupting it at its duration starts every track with rate 0")
    func endedPlanIsAtRest() throws {
        try forAllScenes(count: 100, seed: 0x1EA) { rng, replay in
            let running = try RandomScenes.request(using: &rng, curve: .linear).validated()
            let start = InterruptionStart.running(running, at: running.timing.duration)
            #expect(start.tracks.count == Choreography(for: running).parts.count, "\(replay)")
            for (id, track) in start.tracks {
                #expect(track.rates.opacity ?? 0 == 0, "\(id) opacity rate \(track.rates.opacity ?? 0), \(replay)")
                if let rate = track.geometry?.rate {
                    for value in [rate.clip.x, rate.clip.y, rate.clip.width, rate.clip.height, rate.image.x, rate.image.width, rate.radius] {
                        #expect(value == 0, "\(id) geometry rate \(value), \(replay)")
                    }
                }
            }
        }
    }

    @Test("a reversal keeps a left-column cell's visible left edge on the screen: an edge at rest where the plan ends stays put")
    func reversalKeepsEdges() throws {
        try forAllScenes(count: 200, seed: 0x1EB) { rng, replay in
            // Styles whose flying clip ends on the destination frame, here the whole screen: with the cell at x = 0,
            // the left edge is at 0 at both ends of the push and so at rest all along it (edges move linearly).
            let style = [TransitionStyle.sharedFrame, .morph, .snapshot].randomElement(using: &rng)!
            var running = RandomScenes.request(using: &rng, style: style, curve: RandomScenes.curve(using: &rng, overshooting: false))
            running.source.frame.x = 0
            running.source.contentMode = .aspectFill  // the clip starts as the whole cell (an aspect-fitted image's is inset)
            running.destination.frame = nil
            let duration = try running.validated().timing.duration
            var reversed = running
            reversed.direction = running.direction == .push ? .pop : .push
            reversed.from = .running(running, time: .random(in: 0...duration, using: &rng))
            let validated = try reversed.validated()
            let states = Self.states(validated)
            let flying = Choreography(for: validated).parts.filter { $0.flight != nil && ![.child, .outgoingChild].contains($0.role) }.map(\.id)
            for step in 0...200 {
                let time = validated.timing.duration * Double(step) / 200
                for id in flying {
                    guard let clip = states(time)[id]?.clip else { continue }
                    #expect(abs(clip.x) <= 1e-6, "\(id) left edge \(clip.x) at \(time) s, \(replay)")
                }
            }
        }
    }

    @Test(
        "a bad origin names its field", arguments: ["from.time", "from.request.source.frame.width", "from.state.clip.width", "from.velocity.clip.x"])
    func refusals(field: String) throws {
        var rng = SeededGenerator(seed: 3)
        var running = RandomScenes.request(using: &rng)
        var request = running
        switch field {
        case "from.time": request.from = .running(running, time: 100)
        case "from.request.source.frame.width":
            running.source.frame.width = 0
            request.from = .running(running, time: 0)
        case "from.state.clip.width":
            request.from = .state(
                VisibleState(clip: Rect(x: 0, y: 0, width: -1, height: 10), cornerRadius: 0),
                velocity: VisibleState(clip: Rect(x: 0, y: 0, width: 0, height: 0), cornerRadius: 0))
        default:
            request.from = .state(
                VisibleState(clip: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 0),
                velocity: VisibleState(clip: Rect(x: .infinity, y: 0, width: 0, height: 0), cornerRadius: 0))
        }
        let error = #expect(throws: ValidationError.self) { try request.validated() }
        #expect(error?.field == field, "\(String(describing: error))")
    }
}
