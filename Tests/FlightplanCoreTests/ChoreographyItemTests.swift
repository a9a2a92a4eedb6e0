import FlightplanTestSupport
import Testing

@testable import FlightplanCore

/// The choreography's pieces one by one, each against values worked out by hand.
@Suite("Choreography, item by item")
struct ChoreographyItemTests {
    static let screen = Rect(x: 0, y: 0, width: 400, height: 800)
    static let cell = Rect(x: 100, y: 200, width: 100, height: 100)

    static func request(_ style: TransitionStyle, duration: Double = 1, curve: TimingCurve = .linear) -> PlanRequest {
        PlanRequest(
            style: style, source: SourceElement(frame: cell), destination: DestinationLayout(bounds: screen),
            imageSize: Size(width: 1, height: 2), timing: Timing(duration: duration, curve: curve), sampling: .keyframes(11))
    }

    /// Values of a track at `time`, exactly.
    static func values(_ request: PlanRequest, _ id: String, at time: Double) throws -> TrackValues {
        let validated = try request.validated()
        let index = try #require(try Planner.plan(for: validated).tracks.firstIndex { $0.id == id })
        return Planner.exactTracks(for: validated)(time)[index]
    }

    @Test("every timing channel has its own one of the clocks' slots, in order")
    func channelSlots() {
        #expect(TimingChannel.allCases.map(\.ordinal) == Array(0..<ChannelClocks.Clocks.count))
    }

    @Test("colours blend premultiplied, as CSS transitions do: opaque red half way to transparent blue is red at half alpha")
    func premultiplied() {
        let red = Color(r: 1, g: 0, b: 0), clearBlue = Color(r: 0, g: 0, b: 1, a: 0)
        // Premultiplied: (1, 0, 0, 1) and (0, 0, 0, 0) average to (0.5, 0, 0, 0.5), which is red at alpha 0.5.
        #expect(red.interpolated(to: clearBlue, fraction: 0.5) == Color(r: 1, g: 0, b: 0, a: 0.5))
        // Straight-alpha blending would have given purple (0.5, 0, 0.5, 0.5).
        let quarter = Color(r: 0, g: 0, b: 1, a: 1).interpolated(to: Color(r: 1, g: 1, b: 1, a: 0.5), fraction: 0.5)
        // (0, 0, 1, 1) and (0.5, 0.5, 0.5, 0.5) average to (0.25, 0.25, 0.75, 0.75): r = g = 1/3, b = 1.
        #expect(isClose(quarter.r, 1.0 / 3) && isClose(quarter.g, 1.0 / 3) && isClose(quarter.b, 1) && isClose(quarter.a, 0.75))
    }

    @Test("fade through: the outgoing screen is gone at 35 % of a linear fade, before the incoming one starts")
    func fadeThrough() throws {
        var request = Self.request(.zoom)
        request.timing.fadeMode = .through
        #expect(try Self.values(request, "sourceScreen", at: 0.35).opacity == 0)
        #expect(try Self.values(request, "destinationScreen", at: 0.35).opacity == 0)
        expectClose(try #require(try Self.values(request, "sourceScreen", at: 0.175).opacity), 0.5, "half way out")
        // The incoming screen fades over the remaining 65 %: half way at 0.35 + 0.325.
        expectClose(try #require(try Self.values(request, "destinationScreen", at: 0.675).opacity), 0.5, "half way in")
    }

    @Test("a content region clips every flying track and no screen")
    func contentRegion() throws {
        var request = Self.request(.snapshot)
        request.children = [ChildPair(id: "a", from: Rect(x: 110, y: 210, width: 20, height: 20), to: Rect(x: 10, y: 10, width: 60, height: 60))]
        let region = Rect(x: 0, y: 44, width: 400, height: 700)
        request.contentRegion = region
        let tracks = try Planner.plan(for: request.validated()).tracks
        for track in tracks {
            let flies = [TrackRole.content, .incomingSnapshot, .outgoingSnapshot, .child, .outgoingChild].contains(track.role)
            #expect(track.clip == (flies ? region : nil), "\(track.id)")
        }
    }

    @Test("a stagger: child i holds still until i × stagger, then moves over the duration less the spread")
    func stagger() throws {
        var request = Self.request(.snapshot)
        request.children = (0..<3).map {
            ChildPair(
                id: "c\($0)", from: Rect(x: 110, y: 210, width: 20, height: 20), to: Rect(x: 10, y: 10 + Double($0) * 80, width: 60, height: 60))
        }
        request.snapshot = SnapshotOptions(stagger: 0.1)
        // Duration 1, three children: each moves over 1 − 0.1 × 2 = 0.8 s; child 2 from 0.2 s to 1 s, its middle at 0.6 s.
        let start = try Self.values(request, "child:c2", at: 0), held = try Self.values(request, "child:c2", at: 0.2)
        #expect(start == held)
        #expect(try Self.values(request, "child:c2", at: 0.21) != held)
        let middle = try #require(try Self.values(request, "child:c2", at: 0.6).opacity)
        expectClose(middle, 0.5, "linear fade half way at 0.6 s")
        // Child 0 ends early, at 0.8 s.
        #expect(try Self.values(request, "child:c0", at: 0.8) == (try Self.values(request, "child:c0", at: 1)))
    }

    @Test("warnings: a spring that overshoots the source, a duration far from the guidance; none for the seeds' timing")
    func motionWarnings() throws {
        // A pop on an underdamped spring overshoots p = 1, so the content comes back smaller than the cell.
        var pop = Self.request(.zoom, duration: 0.5, curve: .spring(SpringParameters(dampingRatio: 0.3)))
        pop.direction = .pop
        #expect(try Planner.plan(for: pop.validated()).warnings?.map(\.field) == ["timing.curve"])
        // The cell-to-screen move travels at most 600 pt on a 894 pt diagonal: about 0.2 + 0.2 × 0.67 = 0.33 s
        // expected, so 5 s is more than three times it and 0.05 s less than half.
        for duration in [5.0, 0.05] {
            #expect(try Planner.plan(for: Self.request(.zoom, duration: duration).validated()).warnings?.map(\.field) == ["timing.duration"])
        }
        #expect(try Planner.plan(for: Self.request(.zoom, duration: 0.3, curve: .easeInOut).validated()).warnings == nil)
    }

    @Test("a spring's SwiftUI parameters (response, damping fraction) move exactly as the plan's own curve")
    func springParameters() throws {
        let validated = try Self.request(.zoom, duration: 0.5, curve: .spring(SpringParameters(dampingRatio: 0.8))).validated()
        let plan = try Planner.plan(for: validated)
        let spring = try #require(plan.easing?.spring)
        let swiftUI = ResolvedTiming(
            curve: .spring(SpringParameters(dampingRatio: spring.swiftUI.dampingFraction, response: spring.swiftUI.response)), duration: 0)
        let motion = try #require(swiftUI.spring)
        #expect(isClose(spring.coreAnimation.stiffness, motion.angularFrequency * motion.angularFrequency))
        #expect(isClose(spring.coreAnimation.damping, 2 * 0.8 * motion.angularFrequency))
        // The same oscillator: the plan's progress and SwiftUI's agree until the plan's settling ramp starts to matter.
        for time in plan.keyframeTimes where time < 0.2 {
            #expect(abs(swiftUI.progress(atTime: time) - validated.timing.progress(atTime: time)) < 2e-3, "t = \(time)")
        }
    }
}
