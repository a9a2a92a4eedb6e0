import FlightplanTestSupport
import Foundation
import Testing

@testable import FlightplanCore

@Suite("The progress bound of tolerance sampling")
struct ProgressBoundTests {
    /// Interior instants checked on every segment of the bound's keyframes, evenly spaced.
    static let checksPerSegment = 100

    @Test("the bound's keyframes keep a linear renderer within the tolerance of the exact plan at dense instants", arguments: [0.1, 0.5, 2])
    func boundHolds(tolerance: Double) throws {
        var tally = BoundTally(tolerance: tolerance)
        func check(_ rng: inout SeededGenerator, _ replay: String) throws {
            // Mostly curves the bound takes (Béziers inside 0…1), half of them with a random choreography.
            let curve = RandomScenes.curve(using: &rng, overshooting: false)
            var request = RandomScenes.request(using: &rng, curve: curve, sampling: .tolerance(tolerance))
            if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
            try tally.check(request, replay)
        }
        try forAllScenes(count: 1000, seed: 0xB0_7D, atLeast: 150, check)
        // A bend that grows without limit near progress 0, at 0.1 pt a new corner next to each one located: the bound
        // must leave it to the time search (measured with the kinks of five grids, it overstepped 0.1 pt by 1.3 %).
        try forAllScenes(count: 1, seed: 305_420_049, atLeast: 0, check)
        // A snapshot whose full-screen layer's clip edge turns three times near progress 0 at 750 pt per unit of
        // progress: located to 2⁻¹² of the grid's span, a corner was off by enough to overstep 0.1 pt by 0.2 %. Located
        // closer, the corners it turns are more than the bound takes at 0.1 pt, and the time search decides.
        try forAllScenes(count: 1, seed: 49_722, atLeast: 0, check)
        tally.report("tolerance \(tolerance) pt")
    }

    /// A track that reads only channels on one window of time takes the bound on that window's curve (a Bézier or a
    /// spring) over its time, and a staggered child on the plan's curve over its own span
    /// (``Choreography/windowMotions(of:timing:)``): checked over the span against the exact plan at its real instants.
    @Test(
        "on a channel's window of time or a staggered child's span the bound's keyframes keep a linear renderer within the tolerance",
        arguments: [0.1, 0.5, 2])
    func boundHoldsOnWindows(tolerance: Double) throws {
        var tally = BoundTally(tolerance: tolerance)
        try forAllScenes(count: 600, seed: 0xB0_7E, atLeast: 100) { rng, replay in
            let style: TransitionStyle? = Int.random(in: 0..<3, using: &rng) == 0 ? .snapshot : nil
            var request = RandomScenes.request(using: &rng, style: style, curve: RandomScenes.curve(using: &rng), sampling: .tolerance(tolerance))
            request = RandomScenes.choreographed(request, using: &rng)
            if style == .snapshot, !request.children.isEmpty {
                // Staggered children, each on the plan's curve over its own span.
                let spread = 0.5 / Double(request.children.count)
                request.snapshot = SnapshotOptions(stagger: .random(in: 0.01...spread, using: &rng) * (try request.validated().timing.duration))
            }
            if Bool.random(using: &rng) {
                // The geometry (and the paint, sometimes the fades) on one window, so that flights take it too.
                let start = Double.random(in: 0...0.6, using: &rng), end = Double.random(in: (start + 0.05)...1, using: &rng)
                var curve = RandomScenes.curve(using: &rng)
                if case .spring(var spring) = curve { spring.response = nil; curve = .spring(spring) }
                let window = ChannelTiming(.window(start: start, end: end), curve: curve)
                let fades: [TimingChannel] = Bool.random(using: &rng) ? [.fadeIn, .fadeOut] : []
                for channel in [TimingChannel.transform, .maskFrame, .cornerRadius, .color, .shadow] + fades {
                    request.timing.channels = (request.timing.channels ?? [:]).merging([channel: window]) { $1 }
                }
            }
            var checked = 0
            // Every span's motion (the random choreography makes at most a few windows; two children, two spans).
            for window in 0..<8 {
                do {
                    try tally.check(request, window: window, replay)
                    checked += 1
                } catch is SceneSkipped {}
            }
            if checked == 0 { throw SceneSkipped() }
        }
        tally.report("on windows at \(tolerance) pt")
    }

    @Test("on springs of every damping the bound's keyframes keep a linear renderer within the tolerance", arguments: [0.1, 0.5, 2])
    func springBoundHolds(tolerance: Double) throws {
        var tally = BoundTally(tolerance: tolerance)
        try forAllScenes(count: 400, seed: 0x5B_71_26, atLeast: 150) { rng, replay in
            // UIKit's springs (settling at the duration) and SwiftUI's (settling in their own time), underdamped to
            // overdamped, leaving at any velocity; half of them with a random choreography.
            let spring = SpringParameters(
                dampingRatio: Bool.random(using: &rng) ? 1 : .random(in: 0.2...1.6, using: &rng),
                response: Bool.random(using: &rng) ? .random(in: 0.15...0.9, using: &rng) : nil, initialVelocity: .random(in: -3...5, using: &rng))
            var request = RandomScenes.request(using: &rng, curve: .spring(spring), sampling: .tolerance(tolerance))
            if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
            try tally.check(request, replay)
        }
        tally.report("springs at \(tolerance) pt")
    }

    /// A random plan's progress motion and the layers it samples (skipped where it has none): any style on a Bézier or a
    /// spring of any damping, half of them with a random choreography; with `twoClockPairs`, a quarter of them a snapshot
    /// pair that cross-fades on two clocks, whose lower snapshot is drawn at `b = l / (1 − u)`.
    private static func randomMotion(
        using rng: inout SeededGenerator, twoClockPairs: Bool
    ) throws -> (motion: ProgressMotion, layers: [SampledLayer]) {
        let curve: TimingCurve =
            Bool.random(using: &rng)
            ? RandomScenes.curve(using: &rng)
            : .spring(SpringParameters(dampingRatio: .random(in: 0.2...1.6, using: &rng), initialVelocity: .random(in: -3...5, using: &rng)))
        var request = RandomScenes.request(using: &rng, curve: curve, sampling: .tolerance(0.5))
        if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
        if twoClockPairs && Int.random(in: 0..<4, using: &rng) == 0 {
            request = RandomScenes.request(using: &rng, style: .snapshot, curve: curve, sampling: .tolerance(0.5))
            request.timing.fadeMode = .cross
            let split = Double.random(in: 0.2...0.8, using: &rng)
            request.timing.channels = [
                .fadeOut: ChannelTiming(.progress(start: 0, end: split)), .fadeIn: ChannelTiming(.progress(start: split / 2, end: 1))
            ]
        }
        let validated = try request.validated()
        let choreography = Choreography(for: validated)
        let moving = choreography.movingParts
        guard let motion = choreography.progressMotion(of: moving, timing: validated.timing) else { throw SceneSkipped() }
        return (motion, choreography.sampledLayers(motion.tracks.map { moving[$0] }))
    }

    /// The bound reads a part declared linear (``Choreography/Part/form``: a fade, a sliding mask) at its pieces' ends
    /// alone, with no bend: any two of its states within a piece must have an exact chord, whatever the style, curve
    /// (springs past 0…1 too) and choreography. Flagging a flying part linear fails here by points.
    @Test("a part declared linear is linear between the progress motion's kinks: its chords are exact")
    func linearPartsAreLinear() throws {
        var checked = 0
        try forAllScenes(count: 400, seed: 0x11_4EA2, atLeast: 150) { rng, replay in
            let (motion, layers) = try Self.randomMotion(using: &rng, twoClockPairs: false)
            let linear = layers.indices.filter { layers[$0].form == .linear }
            guard !linear.isEmpty else { throw SceneSkipped() }
            let edges = [motion.range.low] + motion.kinks + [motion.range.high]
            for (low, high) in zip(edges, edges.dropFirst()) where high > low {
                for track in linear {
                    let ends = [Double.random(in: low...high, using: &rng), Double.random(in: low...high, using: &rng)].sorted()
                    let start = motion.trackState(track, ends[0]), end = motion.trackState(track, ends[1])
                    let middle = motion.trackState(track, (ends[0] + ends[1]) / 2)
                    let chord = start.interpolated(to: end, fraction: 0.5)
                    let distance = chord.renderedDistance(to: middle, in: layers[track].frame)
                    #expect(distance <= 1e-7, "track \(track) strays \(distance) pt from its chord over \(ends), \(replay)")
                    #expect(abs(chord.opacity - middle.opacity) <= 1e-12, "track \(track)'s opacity strays over \(ends), \(replay)")
                    checked += 1
                }
            }
        }
        #expect(checked > 300)
    }

    /// The bound reads a flight (``Choreography/Part/form``, ``SampledLayer/Form/flight``) from three states a piece inside
    /// 0…1, in closed form (``FlightLanes``): the strays it predicts for chords between any two of its states must be the
    /// exact ones, lane by lane, and its bends and speeds at a span's ends must bound the span's, whatever the style,
    /// curve (springs past 0…1 too, whose pieces beyond it are measured) and choreography. (`FlightLanesTests` checks the
    /// form and its kinks over random flights of every scaling.) Declaring a snapshot a flight whatever its opacity fails
    /// here: the lower one of a pair that fades on two clocks is drawn at `b = l / (1 − u)`, not linear.
    @Test("a flight's chords stray as its closed form says, between the progress motion's kinks inside 0…1")
    func flightsFollowTheirForm() throws {
        var checked = 0
        try forAllScenes(count: 400, seed: 0xF1_16_47, atLeast: 150) { rng, replay in
            let (motion, layers) = try Self.randomMotion(using: &rng, twoClockPairs: true)
            let flights = layers.indices.filter { layers[$0].form == .flight }
            guard !flights.isEmpty else { throw SceneSkipped() }
            let edges = [motion.range.low] + motion.kinks + [motion.range.high]
            for (low, high) in zip(edges, edges.dropFirst()) where high > low && low >= 0 && high <= 1 {
                for track in flights {
                    let frame = layers[track].frame
                    func lanes(of state: Keyframe) -> [Double] {
                        let coordinates = state.renderedCoordinates(in: frame)
                        return (0..<9).map { coordinates[$0] } + [state.opacity]
                    }
                    func lanes(_ progress: Double) -> [Double] { lanes(of: motion.trackState(track, progress)) }
                    let form = FlightLanes(
                        low: low, high: high,
                        states: (motion.trackState(track, low), motion.trackState(track, low + (high - low) / 2), motion.trackState(track, high)),
                        layer: layers[track])
                    let ends = [Double.random(in: low...high, using: &rng), Double.random(in: low...high, using: &rng)].sorted()
                    let fraction = Double.random(in: 0...1, using: &rng), middle = ends[0] + fraction * (ends[1] - ends[0])
                    let start = motion.trackState(track, ends[0]), end = motion.trackState(track, ends[1])
                    let chord = start.interpolated(to: end, fraction: fraction)
                    let mixed = lanes(of: chord), exact = lanes(middle)
                    let (atStart, atEnd) = (lanes(ends[0]), lanes(ends[1]))
                    let span = ends[1] - ends[0], spread = fraction * (1 - fraction) * span * span
                    for lane in 0..<10 {
                        // Rounding: the lanes are hundreds of points, their differences over a short span tiny.
                        let slack = 1e-9 * (1 + abs(exact[lane]))
                        let stray = mixed[lane] - exact[lane], predicted = form.stray(ofLane: lane, from: ends[0], to: ends[1], fraction: fraction)
                        #expect(
                            abs(stray - predicted) <= slack,
                            "track \(track) lane \(lane) strays \(stray), predicted \(predicted), over \(ends) at \(fraction), \(replay)")
                        let bend = max(form.bend(ofLane: lane, at: ends[0]), form.bend(ofLane: lane, at: ends[1]))
                        #expect(abs(stray) <= bend * spread + slack, "track \(track) lane \(lane) bends past its bound over \(ends), \(replay)")
                        let speed = max(form.speed(ofLane: lane, at: ends[0]), form.speed(ofLane: lane, at: ends[1]))
                        #expect(
                            abs(atEnd[lane] - atStart[lane]) <= speed * span + slack,
                            "track \(track) lane \(lane) outruns its bound over \(ends), \(replay)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 300)
    }

    /// http_bench's distinct sharedFrame requests (`distinct_requests` in Benchmarks/http_bench.py): the example's screen
    /// with a random small cell, a large image and a short duration, at the default tolerance. Their destination image
    /// turns up to four corners (its clip's edges meeting the mask's, its radius reaching 0), some of them near each
    /// other: every one of them must take the bound, and keep it.
    @Test("http_bench's sharedFrame requests (large images in small cells) all take the bound, within the tolerance")
    func largeImagesInSmallCells() throws {
        var counts: [Int] = [], worst = 0.0
        try forAllScenes(count: 300, seed: 0x5AED_F8A3) { rng, replay in
            let cell = Rect(
                x: Double(Int.random(in: 0...250, using: &rng)), y: Double(Int.random(in: 100...600, using: &rng)),
                width: Double(Int.random(in: 80...140, using: &rng)), height: Double(Int.random(in: 100...200, using: &rng)))
            let request = PlanRequest(
                style: .sharedFrame, direction: .push, source: SourceElement(frame: cell, cornerRadius: 8, contentMode: .aspectFill),
                destination: DestinationLayout(
                    bounds: Rect(x: 0, y: 0, width: 390, height: 844), frame: Rect(x: 0, y: 120, width: 390, height: 520),
                    contentMode: .aspectFit, screenCornerRadius: 39),
                imageSize: Size(width: Double(Int.random(in: 2000...4000, using: &rng)), height: Double(Int.random(in: 2000...4500, using: &rng))),
                timing: Timing(duration: .random(in: 0.2...0.45, using: &rng), curve: .easeInOut), sampling: .tolerance(0.5), overlayOpacity: 0.5)
            let scene = try #require(try BoundScene(request), "\(replay)")
            let times = try #require(scene.boundTimes(tolerance: 0.5), "the bound declined, \(replay)")
            worst = max(worst, scene.expectWithinTolerance(times, tolerance: 0.5, replay))
            counts.append(times.map(\.count).max() ?? 0)
        }
        let mean = Double(counts.reduce(0, +)) / Double(counts.count)
        print("http_bench's sharedFrame scenes at 0.5 pt: keyframes mean \(mean), max \(counts.max() ?? 0), worst error \(worst) of the tolerance")
    }
}

/// The bound's keyframes over a property test's random scenes at one tolerance: each scene checked within the
/// tolerance at dense instants, and the counts of the bound's keyframes tallied for the report; with
/// FLIGHTPLAN_BOUND_REPORT=1 the time search's too, for comparison (docs/performance.md). The time search asserts
/// nothing here and was most of these tests' time, so it runs only when asked.
struct BoundTally {
    let tolerance: Double
    private var boundCounts: [Int] = [], searchCounts: [Int] = [], declined = 0, worst = 0.0
    private let comparesSearch = ProcessInfo.processInfo.environment["FLIGHTPLAN_BOUND_REPORT"] == "1"

    /// A tally at `tolerance` (in points).
    init(tolerance: Double) { self.tolerance = tolerance }

    /// Expects the bound's keyframes for `request` to keep a linear renderer within the tolerance, and tallies them;
    /// skips a request whose plan is no progress motion or that the bound declines (counted).
    mutating func check(_ request: PlanRequest, window: Int? = nil, _ replay: String) throws {
        guard let scene = try BoundScene(request, window: window) else { throw SceneSkipped() }
        guard let times = scene.boundTimes(tolerance: tolerance) else {
            declined += 1
            throw SceneSkipped()
        }
        worst = max(worst, scene.expectWithinTolerance(times, tolerance: tolerance, replay))
        boundCounts.append(times.map(\.count).max() ?? 0)
        if comparesSearch { searchCounts.append(try scene.searchTimes(tolerance: tolerance).map(\.count).max() ?? 0) }
    }

    /// Prints the tally after `label`: scenes taken and declined, keyframes (the bound's and the time search's), the
    /// worst error as a share of the tolerance.
    func report(_ label: String) {
        func summary(_ counts: [Int]) -> String { "mean \(Double(counts.reduce(0, +)) / Double(counts.count)), max \(counts.max() ?? 0)" }
        print(
            "\(label) over \(boundCounts.count) scenes the bound took (\(declined) declined): keyframes \(summary(boundCounts)), "
                + "worst error \(worst) of the tolerance"
                + (comparesSearch ? "; the time search's \(summary(searchCounts))" : " (FLIGHTPLAN_BOUND_REPORT=1 compares the time search's)"))
    }
}

/// A plan whose tracks are a ``ProgressMotion``, with what the bound and the dense check need of it.
struct BoundScene {
    let duration: Double
    let motion: ProgressMotion
    let layers: [SampledLayer]
    private let choreography: Choreography
    private let sampled: [Int]
    /// Where the scene's time starts in the plan's (a span's start, or 0), and how much faster the plan's runs.
    private let offset: Double, scale: Double

    /// The request's tracks that are a progress motion (the others, on a window of time or a clock of their own, left
    /// out), or with `window`, those of its motion over a span at that index (``Choreography/windowMotions(of:timing:)``),
    /// over the span's time; nil when there is none.
    init?(_ request: PlanRequest, window: Int? = nil) throws {
        let validated = try request.validated()
        let choreography = Choreography(for: validated)
        let moving = choreography.movingParts
        let found: ProgressMotion?
        if let window {
            let motions = choreography.windowMotions(of: moving, timing: validated.timing)
            found = motions.indices.contains(window) ? motions[window] : nil
        } else {
            found = choreography.progressMotion(of: moving, timing: validated.timing)
        }
        guard let motion = found else { return nil }
        let sampled = motion.tracks.map { moving[$0] }
        self.choreography = choreography
        self.sampled = sampled
        self.motion = motion
        offset = motion.window?.start ?? 0
        // A span's spring runs its own duration (a window's, to rounding; a staggered child's, the plan's), where the
        // bound's times end.
        let span = motion.window.map { $0.end - $0.start } ?? validated.timing.duration
        if motion.window != nil, case .spring(let spring) = motion.curve {
            duration = spring.spring.duration
        } else {
            duration = span
        }
        scale = span / duration
        layers = choreography.sampledLayers(sampled)
    }

    /// The tracks' exact keyframes at `time` (from the scene's start).
    func state(_ time: Double) -> [Keyframe] {
        let instant = ChannelInstant(time: offset + time * scale, clocks: choreography.clocks)
        return sampled.map { choreography.keyframe(of: $0, at: instant) }
    }

    /// The progress bound's times, one array a track, or nil where it declines.
    func boundTimes(tolerance: Double) -> [[Double]]? {
        var evaluations = 0
        return Sampler.progressBoundTimes(
            duration: duration, tolerance: tolerance, motion: motion, layers: layers, keyframeLimit: 10_000, evaluations: &evaluations)?.times
    }

    /// The time search's times, one array a track.
    func searchTimes(tolerance: Double) throws -> [[Double]] {
        var budget = PlanLimits.samplingBudget
        let instant = { ChannelInstant(time: offset + $0 * scale, clocks: choreography.clocks) }
        return try Sampler.times(
            for: .tolerance(tolerance), duration: duration,
            state: { track, time in choreography.keyframe(of: sampled[track], at: instant(time)) }, tracks: layers.count,
            layers: layers, budget: &budget
        ).times
    }

    /// Expects each track's `times` (one array a track) to run from 0 to the duration, ascending, and a linear renderer
    /// between each track's own keyframes to stay within `tolerance` (and one 8-bit opacity step) of the exact plan at
    /// ``ProgressBoundTests/checksPerSegment`` instants of every segment between the times of all the tracks. Returns
    /// the worst error found, as a share of what it may be (the larger of the rendered distance's and the opacity's).
    @discardableResult
    func expectWithinTolerance(_ times: [[Double]], tolerance: Double, _ replay: String) -> Double {
        var worst = 0.0, dense = DenseCheck()
        #expect(times.count == layers.count, "\(replay)")
        for track in times {
            #expect(track.first == 0 && track.last == duration, "\(replay)")
            #expect(zip(track, track.dropFirst()).allSatisfy { $0 < $1 }, "\(replay)")
        }
        // Every track's keyframes are exact states at times some track has: each one computed once.
        let all = Set(times.joined()).sorted()
        let exactAt = Dictionary(uniqueKeysWithValues: all.map { ($0, state($0)) })
        // Each track's segment holding the one between `all`'s times under check (its times are some of them).
        var segments = [Int](repeating: 0, count: times.count)
        for (start, end) in zip(all, all.dropFirst()) {
            for step in 1...ProgressBoundTests.checksPerSegment {
                let time = start + (end - start) * Double(step) / Double(ProgressBoundTests.checksPerSegment + 1)
                let exact = state(time)
                for index in layers.indices {
                    let own = times[index]
                    while segments[index] < own.count - 2 && own[segments[index] + 1] <= start { segments[index] += 1 }
                    let from = own[segments[index]], to = own[segments[index] + 1]
                    let fraction = (time - from) / (to - from)
                    let rendered = exactAt[from]![index].interpolated(to: exactAt[to]![index], fraction: fraction)
                    if layers[index].movesGeometry {
                        let distance = rendered.renderedDistance(to: exact[index], in: layers[index].frame)
                        dense.expect(distance <= tolerance, "track \(index) off by \(distance) pt at \(fraction) of \(from)…\(to)")
                        worst = max(worst, distance / tolerance)
                    }
                    let opacity = abs(rendered.opacity - exact[index].opacity)
                    dense.expect(opacity <= Sampler.opacityTolerance, "track \(index) opacity off by \(opacity) at \(fraction) of \(from)…\(to)")
                    worst = max(worst, opacity / Sampler.opacityTolerance)
                }
            }
        }
        dense.expectNone(replay)
        return worst
    }
}
