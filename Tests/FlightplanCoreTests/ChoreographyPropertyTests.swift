import FlightplanTestSupport
import Testing

@testable import FlightplanCore

/// Properties of the tracks over random choreographed scenes: every channel starts and ends exactly where the
/// request says, whatever its window, curve, fade mode or path; tolerance sampling holds for every track.
@Suite("Choreography: tracks, channels, fades, colours and paths")
struct ChoreographyPropertyTests {
    /// A plan's request, validated, and its tracks' exact values at the push's two ends.
    struct Ends {
        let validated: ValidatedPlanRequest
        let tracks: [Track]
        let collapsed: [TrackValues], expanded: [TrackValues]

        init(_ request: PlanRequest) throws {
            validated = try request.validated()
            tracks = try Planner.plan(for: validated).tracks
            let exact = Planner.exactTracks(for: validated), duration = validated.timing.duration
            let (start, end) = (exact(0), exact(duration))
            (collapsed, expanded) = request.direction == .push ? (start, end) : (end, start)
        }

        func index(_ role: TrackRole) -> Int? { tracks.firstIndex { $0.role == role } }
    }

    @Test("every track starts and ends exactly as the request says, for any channel timing, fade mode and path")
    func exactEnds() throws {
        try forAllScenes(count: 300, seed: 0xC40) { rng, replay in
            let request = RandomScenes.choreographed(RandomScenes.request(using: &rng), using: &rng)
            let ends = try Ends(request)
            let validated = ends.validated, mode = validated.fadeMode
            let incoming = ends.index(request.style == .snapshot && !validated.reducedMotion ? .incomingSnapshot : .destinationScreen)
            let outgoing = ends.index(request.style == .snapshot && !validated.reducedMotion ? .outgoingSnapshot : .sourceScreen)
            if request.style != .sharedFrame || validated.reducedMotion, let incoming {
                #expect((ends.collapsed[incoming].opacity ?? 1) == (mode == .out ? 1 : 0), "incoming starts, \(replay)")
                #expect((ends.expanded[incoming].opacity ?? 1) == 1, "incoming ends, \(replay)")
            }
            if request.style != .sharedFrame || validated.reducedMotion, let outgoing {
                #expect((ends.collapsed[outgoing].opacity ?? 1) == 1, "outgoing starts, \(replay)")
                // A cross-fade's outgoing layer ends opaque under the opaque incoming one, of the same shape (no dip).
                #expect((ends.expanded[outgoing].opacity ?? 1) == (mode == .in || mode == .cross ? 1 : 0), "outgoing ends, \(replay)")
            }
            for view in request.auxiliary {
                let index = try #require(ends.tracks.firstIndex { $0.id == "auxiliary:\(view.id)" })
                #expect(ends.collapsed[index].opacity == view.from && ends.expanded[index].opacity == view.to, "\(replay)")
            }
            guard !validated.reducedMotion else {
                #expect(ends.tracks.allSatisfy { [.sourceScreen, .destinationScreen, .auxiliary].contains($0.role) }, "nothing flies, \(replay)")
                return
            }
            if let overlay = ends.index(.overlay) {
                #expect(ends.collapsed[overlay].opacity == 0 && ends.expanded[overlay].opacity == validated.overlayOpacity, "\(replay)")
            }
            // sharedFrame's content track is its destination image, which rides the screen and has no colour of its own.
            if request.style != .sharedFrame, let content = ends.index(.content) {
                let source = request.source.color ?? request.destination.color
                #expect(ends.collapsed[content].color == source, "\(replay)")
                #expect(ends.expanded[content].color == (request.destination.color ?? source), "\(replay)")
            }
            let flying = request.style == .sharedFrame ? ends.index(.destinationScreen)! : ends.index(.content)!
            let frame = ends.tracks[flying].frame
            let start = ends.collapsed[flying].keyframe(time: 0, progress: 0, in: frame)
            let end = ends.expanded[flying].keyframe(time: 0, progress: 1, in: frame)
            if request.style == .reveal {
                #expect(start.transform == .identity, "the element starts as it is, \(replay)")
            } else {
                // sharedFrame's screen starts on what the cell shows of the image (an aspect-fitted one leaves a letterbox).
                let shown = request.source.contentMode.displayedRect(of: validated.imageSize, in: request.source.frame)
                let seen = request.style == .sharedFrame ? shown.intersection(validated.visibleSource)! : validated.visibleSource
                #expect(isClose(start.visibleClip(in: frame), seen), "starts on what the user sees, \(replay)")
                if let placeholder = ends.index(.placeholder) {
                    // sharedFrame's placeholder covers the cell the flight starts from, its corners as rounded.
                    let cell = ends.tracks[placeholder].frame, cover = ends.collapsed[placeholder].keyframe(time: 0, progress: 0, in: cell)
                    #expect(isClose(cover.visibleClip(in: cell), start.visibleClip(in: frame)), "the placeholder covers the cell, \(replay)")
                    #expect(isClose(cover.visibleCornerRadius, start.visibleCornerRadius), "with the flight's first corners, \(replay)")
                    #expect(start.visibleCornerRadius == 0 || ends.tracks[placeholder].cornerCurve == ends.tracks[flying].cornerCurve, "\(replay)")
                }
                let target = request.style == .sharedFrame ? request.destination.bounds : Scene.zoomTrack(validated).clipEnd
                if request.style != .zoom && request.style != .sharedFrame {
                    #expect(isClose(end.visibleClip(in: frame), request.destination.contentFrame), "\(replay)")
                } else {
                    #expect(isClose(end.visibleClip(in: frame), target), "\(replay)")
                }
            }
        }
    }

    @Test("each child pair's view is in hides exactly while its snapshots fly, whatever the style")
    func childrenHidden() throws {
        try forAllScenes(count: 100, seed: 0xC43) { rng, replay in
            var request = RandomScenes.request(using: &rng)
            let screen = request.destination.bounds
            request.children = (0..<Int.random(in: 1...3, using: &rng)).map { index in
                let row = Double(index)
                return ChildPair(
                    id: "c\(index)", from: Rect(x: screen.x + 10, y: screen.y + 10 + 40 * row, width: 40, height: 20),
                    to: Rect(x: screen.x + 20, y: screen.y + 200 + 50 * row, width: 120, height: 30))
            }
            let plan = try Planner.plan(for: request.validated())
            let flown = plan.tracks.filter { $0.role == .child }.map(\.id).sorted()
            #expect(plan.hides.filter { $0.hasPrefix("child:") }.sorted() == flown, "\(plan.hides) for \(flown), \(replay)")
        }
    }

    @Test("tolerance sampling holds for every moving track of a choreographed plan")
    func toleranceHolds() throws {
        try forAllScenes(count: 60, seed: 0xC41) { rng, replay in
            let request = RandomScenes.choreographed(RandomScenes.request(using: &rng, sampling: .tolerance(0.5)), using: &rng)
            let plan = try Planner.plan(for: request.validated())
            try SamplingAndRevealTests.expectWithinTolerance(plan, of: request, tolerance: 0.5, samples: 600, replay: replay)
        }
    }

    /// The progress bound reads a part that follows the plan's progress (``Choreography/followsPlanProgress(_:)``) at
    /// instants known only by that progress (their time left at 0): such a part must read no channel on a window of time
    /// it does not declare (``Choreography/Part/reads``), and run on no clock of its own. A part that reads a windowed
    /// channel it does not declare, or a staggered child not marked, gives other values at the real instant.
    /// Likewise a part the bound reads on one channel's window of time (``Choreography/windowMotions(of:timing:)``), at
    /// an instant known only by that window's progress, and a staggered one at an instant of the plan's progress on its
    /// own clock.
    @Test("a part that follows the plan's progress, or one window's, has the same values at an instant known only by that progress")
    func declaredReads() throws {
        var compared = 0, comparedOnWindows = 0
        try forAllScenes(count: 400, seed: 0xC43) { rng, replay in
            let request = RandomScenes.choreographed(RandomScenes.request(using: &rng, curve: RandomScenes.curve(using: &rng)), using: &rng)
            let validated = try request.validated()
            let choreography = Choreography(for: validated), timing = validated.timing, clocks = choreography.clocks
            let moving = choreography.movingParts
            let following = moving.filter(choreography.followsPlanProgress)
            let onSpans = choreography.windowMotions(of: moving, timing: timing).flatMap { motion in motion.tracks.map { moving[$0] } }
            for step in 0...24 {
                let time = timing.duration * Double(step) / 24
                let real = ChannelInstant(time: time, clocks: clocks)
                let byProgress = ChannelInstant(progress: timing.progress(atTime: time), clocks: clocks)
                for index in following {
                    let part = choreography.parts[index]
                    #expect(part.values(real) == part.values(byProgress), "\(part.id) at \(time) s, \(replay)")
                    compared += 1
                }
                for index in onSpans {
                    let part = choreography.parts[index]
                    if let stagger = part.stagger {
                        let own = min(max(0, (time - stagger.delay) * timing.duration / stagger.moving), timing.duration)
                        let byProgress = ChannelInstant(progress: timing.progress(atTime: own), clocks: clocks)
                        #expect(part.values(real) == stagger.values(byProgress), "\(part.id) at \(time) s on its stagger, \(replay)")
                        comparedOnWindows += 1
                        continue
                    }
                    // The window's progress, as its first channel the part reads has it at the real instant.
                    let channel = try #require(TimingChannel.allCases.first { part.reads.contains(ChannelSet($0)) })
                    let window = clocks.direction == .push ? real(channel) : 1 - real(channel)
                    let byWindow = ChannelInstant(window: window, clocks: clocks)
                    #expect(part.values(real) == part.values(byWindow), "\(part.id) at \(time) s on its window, \(replay)")
                    comparedOnWindows += 1
                }
            }
        }
        #expect(compared > 10_000 && comparedOnWindows > 1_000, "\(compared), \(comparedOnWindows) on windows")
    }

    @Test("a channel's window holds it at its ends outside the window; its curve runs inside")
    func windows() throws {
        try forAllScenes(count: 200, seed: 0xC42) { rng, replay in
            var request = RandomScenes.request(using: &rng, style: [.zoom, .morph].randomElement(using: &rng)!)
            request.direction = .push
            request.timing.fadeMode = .in
            let start = Double.random(in: 0...0.6, using: &rng), end = Double.random(in: (start + 0.05)...1, using: &rng)
            request.timing.channels = [.fadeIn: ChannelTiming(.window(start: start, end: end), curve: .linear)]
            let validated = try request.validated()
            let exact = Planner.exactTracks(for: validated), duration = validated.timing.duration
            let index = try #require(try Planner.plan(for: validated).tracks.firstIndex { $0.role == .destinationScreen })
            for step in 0...50 {
                let time = duration * Double(step) / 50
                let opacity = exact(time)[index].opacity!
                let expected = min(max(0, (time / duration - start) / (end - start)), 1)
                #expect(isClose(opacity, expected, relative: 1e-9, scale: 1), "t=\(time): \(opacity) ≠ \(expected), \(replay)")
            }
        }
    }

    @Test("an arc bends the path by exactly half its bend at the middle and keeps both ends")
    func arc() throws {
        var rng = SeededGenerator(seed: 0xA4C)
        for _ in 0..<200 {
            let screen = Size(width: 390, height: 844)
            let start = RandomScenes.rect(in: screen, width: 20...200, height: 20...200, using: &rng)
            let end = RandomScenes.rect(in: screen, width: 100...390, height: 100...844, using: &rng)
            let bend = FlightTrack.arcBend(from: start, to: end)
            let track = FlightTrack(
                layer: end, content: Rect(x: 0, y: 0, width: end.width, height: end.height), imageStart: start, imageEnd: end,
                clipStart: start, clipEnd: end, radiusStart: 0, radiusEnd: 0, scaling: .stretch, opacityEnd: 1, bend: bend)
            func clip(_ p: Double) -> Rect {
                let state = track.state(at: p)
                return Keyframe(time: 0, progress: p, transform: state.transform, maskFrame: state.maskFrame, cornerRadius: 0, opacity: 1)
                    .visibleClip(in: end)
            }
            #expect(isClose(clip(0), start) && isClose(clip(1), end))
            let middle = clip(0.5).center, straight = Point(x: (start.midX + end.midX) / 2, y: (start.midY + end.midY) / 2)
            #expect(isClose(middle.x, straight.x + bend.x / 2) && isClose(middle.y, straight.y + bend.y / 2))
            // Material's control point: the start's x and the end's y going down, the end's x and the start's y going up.
            let control = start.midY > end.midY ? Point(x: end.midX, y: start.midY) : Point(x: start.midX, y: end.midY)
            #expect(isClose(bend.x, control.x - straight.x) && isClose(bend.y, control.y - straight.y))
        }
    }
}
