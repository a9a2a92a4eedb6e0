import FlightplanTestSupport
import Testing

@testable import FlightplanCore

/// What the screen must show at the collapsed (source) and expanded (destination) ends,
/// derived here independently of the planners.
struct EndStates {
    var layer: Rect
    var clipCollapsed: Rect, clipExpanded: Rect
    var radiusCollapsed: Double, radiusExpanded: Double
    /// The image as the source and the destination display it (nil for reveal, which has no image).
    var imageCollapsed: Rect?, imageExpanded: Rect?

    static func displayed(_ image: Size, in frame: Rect, _ mode: ContentMode) -> Rect {
        let size: Size
        switch mode {
        case .scaleToFill: return frame
        case .center: size = image
        case .aspectFit:
            let scale = min(frame.width / image.width, frame.height / image.height)
            size = Size(width: image.width * scale, height: image.height * scale)
        case .aspectFill:
            let scale = max(frame.width / image.width, frame.height / image.height)
            size = Size(width: image.width * scale, height: image.height * scale)
        }
        return Rect(x: frame.midX - size.width / 2, y: frame.midY - size.height / 2, width: size.width, height: size.height)
    }

    /// The styles whose ends these are (reveal has no image and no destination clip: its own tests check it).
    static let styles: [TransitionStyle] = [.sharedFrame, .zoom, .morph, .snapshot]

    init?(_ request: PlanRequest) {
        let destinationFrame = request.destination.frame ?? request.destination.bounds
        let image = request.imageSize ?? destinationFrame.size
        let imageCollapsed = Self.displayed(image, in: request.source.frame, request.source.contentMode)
        let imageExpanded = Self.displayed(image, in: destinationFrame, request.destination.contentMode)
        clipCollapsed = request.source.frame
        radiusCollapsed = request.source.cornerRadius
        self.imageCollapsed = imageCollapsed
        self.imageExpanded = imageExpanded
        switch request.style {
        case .sharedFrame:
            // The flying screen starts on what the cell shows of the image: no destination screen in an aspect-fitted cell's letterbox.
            let cell = request.source.frame
            let left = max(imageCollapsed.x, cell.x), right = min(imageCollapsed.maxX, cell.maxX)
            let top = max(imageCollapsed.y, cell.y), bottom = min(imageCollapsed.maxY, cell.maxY)
            clipCollapsed = Rect(x: left, y: top, width: right - left, height: bottom - top)
            radiusCollapsed = min(request.source.cornerRadius, min(clipCollapsed.width, clipCollapsed.height) / 2)
            layer = request.destination.bounds
            clipExpanded = request.destination.bounds
            radiusExpanded = request.destination.screenCornerRadius
        case .zoom:
            layer = imageExpanded
            let left = max(imageExpanded.x, destinationFrame.x), right = min(imageExpanded.maxX, destinationFrame.maxX)
            let top = max(imageExpanded.y, destinationFrame.y), bottom = min(imageExpanded.maxY, destinationFrame.maxY)
            clipExpanded = Rect(x: left, y: top, width: right - left, height: bottom - top)
            radiusExpanded = min(request.destination.cornerRadius, min(clipExpanded.width, clipExpanded.height) / 2)
        case .morph, .snapshot:
            layer = destinationFrame
            clipExpanded = destinationFrame
            radiusExpanded = request.destination.cornerRadius
        case .reveal:
            return nil
        }
    }
}

/// The flying track's keyframe (with the fading track's opacity) at the collapsed end and at the expanded end, whatever
/// the direction.
func ends(of plan: Plan) throws -> (collapsed: Keyframe, expanded: Keyframe) {
    let keyframes = try plan.flyingKeyframes()
    return plan.direction == .push ? (keyframes.first!, keyframes.last!) : (keyframes.last!, keyframes.first!)
}

@Suite("Geometry properties over random scenes")
struct GeometryPropertyTests {
    @Test("the visible clip starts exactly on the source and ends exactly on the destination")
    func clipEnds() throws {
        try forAllScenes { rng, replay in
            let request = RandomScenes.request(using: &rng, style: EndStates.styles.randomElement(using: &rng))
            let expected = try #require(EndStates(request))
            let plan = try Planner.plan(for: request.validated())
            let layer = try plan.flyingTrack().frame
            expectClose(layer, expected.layer, "layer, \(replay)")
            let (collapsed, expanded) = try ends(of: plan)
            expectClose(collapsed.visibleClip(in: layer), expected.clipCollapsed, "\(request.style) collapsed, \(replay)")
            expectClose(expanded.visibleClip(in: layer), expected.clipExpanded, "\(request.style) expanded, \(replay)")
        }
    }

    /// A stretching content mode under round corners is shown covering its rect instead (the corners stay circular),
    /// with a warning on the stretching mode (snapshot's snapshots show only where their aspects are their frames').
    @Test("the image never jumps: at both ends it is where the source and the destination show it (covering it, warned, under round corners)")
    func imageEnds() throws {
        var covered = 0
        try forAllScenes { rng, replay in
            let request = RandomScenes.request(using: &rng, style: EndStates.styles.randomElement(using: &rng))
            let expected = try #require(EndStates(request))
            var imageCollapsed = try #require(expected.imageCollapsed), imageExpanded = try #require(expected.imageExpanded)
            let plan = try Planner.plan(for: request.validated())
            let layer = try plan.flyingTrack().frame
            let content = imageExpanded.offsetBy(dx: -layer.x, dy: -layer.y)
            let stretches = !(request.source.contentMode.preservesAspect && request.destination.contentMode.preservesAspect)
            let warned = plan.warnings?.contains { $0.field.hasSuffix("contentMode") } ?? false
            #expect(warned == (stretches && request.style != .snapshot && (expected.radiusCollapsed > 0 || expected.radiusExpanded > 0)), "\(replay)")
            if stretches && (expected.radiusCollapsed > 0 || expected.radiusExpanded > 0) {
                covered += 1
                imageCollapsed = EndStates.displayed(content.size, in: imageCollapsed, .aspectFill)
                imageExpanded = EndStates.displayed(content.size, in: imageExpanded, .aspectFill)
            }
            let (collapsed, expanded) = try ends(of: plan)
            expectClose(collapsed.transform.apply(to: content, inLayer: layer), imageCollapsed, "collapsed image, \(replay)")
            expectClose(expanded.transform.apply(to: content, inLayer: layer), imageExpanded, "expanded image, \(replay)")
            #expect(expanded.transform == .identity, "\(replay)")
        }
        #expect(covered > 10, "\(covered) covering scenes")
    }

    @Test("image content is only ever scaled uniformly when both ends keep its aspect")
    func uniformScale() throws {
        try forAllScenes { rng, replay in
            let request = RandomScenes.request(using: &rng)
            let plan = try Planner.plan(for: request.validated())
            let aspectKept = request.source.contentMode.preservesAspect && request.destination.contentMode.preservesAspect
            for keyframe in try plan.flyingTrack().filledKeyframes + plan.childTracks.flatMap(\.filledKeyframes) {
                #expect(keyframe.transform.b == 0 && keyframe.transform.c == 0, "\(replay)")
                #expect(keyframe.transform.a > 0 && keyframe.transform.d > 0, "\(replay)")
                if aspectKept { #expect(keyframe.transform.a == keyframe.transform.d, "\(replay)") }
            }
        }
    }

    @Test("the visible corner radius at both ends is the one asked for")
    func radiusEnds() throws {
        try forAllScenes { rng, replay in
            let request = RandomScenes.request(using: &rng, style: EndStates.styles.randomElement(using: &rng))
            let expected = try #require(EndStates(request))
            let plan = try Planner.plan(for: request.validated())
            let (collapsed, expanded) = try ends(of: plan)
            expectClose(collapsed.visibleCornerRadius, expected.radiusCollapsed, "collapsed radius, \(replay)")
            expectClose(expanded.visibleCornerRadius, expected.radiusExpanded, "expanded radius, \(replay)")
        }
    }

    @Test("child pairs start exactly on `from` and end exactly on `to`, radii included")
    func childEnds() throws {
        try forAllScenes { rng, replay in
            let request = RandomScenes.request(using: &rng, style: .snapshot)
            let plan = try Planner.plan(for: request.validated())
            #expect(plan.childTracks.map(\.id) == request.children.map { "child:\($0.id)" }, "\(replay)")
            let times = try plan.flyingTrack().keyframes.map(\.time)
            for (child, track) in zip(request.children, plan.childTracks) {
                let keyframes = track.filledKeyframes
                let collapsed = request.direction == .push ? keyframes.first! : keyframes.last!
                let expanded = request.direction == .push ? keyframes.last! : keyframes.first!
                #expect(track.keyframes.map(\.time) == times, "\(replay)")
                expectClose(collapsed.visibleClip(in: track.frame), child.from, "child from, \(replay)")
                expectClose(expanded.visibleClip(in: track.frame), child.to, "child to, \(replay)")
                expectClose(collapsed.visibleCornerRadius, child.fromCornerRadius, "child radius, \(replay)")
                expectClose(expanded.visibleCornerRadius, child.toCornerRadius, "child radius, \(replay)")
            }
        }
    }

    @Test("under a curve that does not overshoot, every edge of the visible clip moves monotonically")
    func monotoneEdges() throws {
        try forAllScenes { rng, replay in
            let curve = RandomScenes.curve(using: &rng, overshooting: false)
            let request = RandomScenes.request(using: &rng, curve: curve)
            let plan = try Planner.plan(for: request.validated())
            let flying = try plan.flyingTrack()
            let clips = flying.filledKeyframes.map { $0.visibleClip(in: flying.frame) }
            for edge in [\Rect.x, \Rect.y, \Rect.maxX, \Rect.maxY] {
                let values = clips.map { $0[keyPath: edge] }
                let slack = 1e-9 * 1000
                let rising = zip(values, values.dropFirst()).allSatisfy { $1 >= $0 - slack }
                let falling = zip(values, values.dropFirst()).allSatisfy { $1 <= $0 + slack }
                #expect(rising || falling, "edge \(edge) wobbles: \(values), \(replay)")
            }
        }
    }

    @Test("pop starts where push ends and ends where push starts")
    func popMirrorsPushEnds() throws {
        try forAllScenes { rng, replay in
            var push = RandomScenes.request(using: &rng)
            push.direction = .push
            var pop = push
            pop.direction = .pop
            let pushPlan = try Planner.plan(for: push.validated()), popPlan = try Planner.plan(for: pop.validated())
            let pushed = try pushPlan.flyingKeyframes(), popped = try popPlan.flyingKeyframes()
            for (a, b) in [(pushed.last!, popped.first!), (pushed.first!, popped.last!)] {
                #expect(
                    a.transform == b.transform && a.maskFrame == b.maskFrame && a.cornerRadius == b.cornerRadius && a.opacity == b.opacity,
                    "\(replay)")
            }
        }
    }

    @Test("with a symmetric curve, pop is push played backwards keyframe by keyframe", arguments: [TimingCurve.linear, .easeInOut])
    func popMirrorsPush(curve: TimingCurve) throws {
        try forAllScenes(count: 100) { rng, replay in
            var push = RandomScenes.request(using: &rng, curve: curve)
            push.direction = .push
            var pop = push
            pop.direction = .pop
            let pushPlan = try Planner.plan(for: push.validated()), popPlan = try Planner.plan(for: pop.validated())
            let layer = try pushPlan.flyingTrack().frame
            for (a, b) in zip(try pushPlan.flyingKeyframes(), try popPlan.flyingKeyframes().reversed()) {
                #expect(a.renderedDistance(to: b, in: layer) < 1e-6, "\(replay)")
                expectClose(a.opacity, b.opacity, scale: 1, "\(replay)")
            }
        }
    }

    @Test(
        "N keyframes (or a rate) means the same times on every moving track; each track's strictly increasing from exactly 0 to exactly the duration"
    )
    func keyframeTimes() throws {
        try forAllScenes { rng, replay in
            let request = RandomScenes.request(using: &rng)
            let plan = try Planner.plan(for: request.validated())
            let times = plan.keyframeTimes
            switch request.sampling {
            case .keyframes, .fps: #expect(plan.tracks.allSatisfy { $0.keyframes.isEmpty || $0.keyframes.map(\.time) == times }, "\(replay)")
            case .tolerance: break
            }
            if case .keyframes(let count) = request.sampling { #expect(times.count == count, "\(replay)") }
            for track in plan.tracks where !track.keyframes.isEmpty {
                let own = track.keyframes.map(\.time)
                #expect(own.first == 0, "\(track.id), \(replay)")
                #expect(own.last == plan.duration, "\(track.id), \(replay)")
                #expect(zip(own, own.dropFirst()).allSatisfy { $0 < $1 }, "\(track.id), \(replay)")
            }
        }
    }

    @Test("fps sampling spaces keyframes at most 1/fps apart")
    func fpsSampling() throws {
        try forAllScenes(count: 100) { rng, replay in
            let fps = Double.random(in: 10...240, using: &rng)
            let plan = try Planner.plan(for: RandomScenes.request(using: &rng, sampling: .fps(fps)).validated())
            let times = plan.keyframeTimes
            let gaps = zip(times, times.dropFirst()).map { $1 - $0 }
            #expect(gaps.allSatisfy { $0 <= 1 / fps * (1 + 1e-9) }, "\(replay)")
            #expect(times.count == max(2, Int((plan.duration * fps - 1e-9).rounded(.up)) + 1), "\(replay)")
        }
    }

    @Test("every number in every plan is finite and the mask never inverts")
    func finiteOutput() throws {
        try forAllScenes { rng, replay in
            let plan = try Planner.plan(for: RandomScenes.request(using: &rng).validated())
            for keyframe in plan.tracks.flatMap(\.filledKeyframes) {
                let numbers = [
                    keyframe.time, keyframe.transform.a, keyframe.transform.d, keyframe.transform.tx,
                    keyframe.transform.ty, keyframe.maskFrame.x, keyframe.maskFrame.y, keyframe.maskFrame.width,
                    keyframe.maskFrame.height, keyframe.cornerRadius, keyframe.opacity
                ]
                #expect(numbers.allSatisfy { $0.isFinite }, "\(replay)")
                #expect(keyframe.maskFrame.width > 0 && keyframe.maskFrame.height > 0, "\(replay)")
                #expect(keyframe.cornerRadius >= 0 && keyframe.cornerRadius <= keyframe.maskFrame.maxCornerRadius * (1 + 1e-9), "\(replay)")
                #expect((0...1).contains(keyframe.opacity), "\(replay)")
            }
        }
    }
}
