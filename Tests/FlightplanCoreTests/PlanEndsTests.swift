import FlightplanTestSupport
import Testing

@testable import FlightplanCore

/// Issue #45's ends over random scenes: a plan's collapsed end shows the source as the request draws it and its expanded
/// end the destination (what scripts/pixel_test.py's first- and last-frame check rasterises), in every flying style.
@Suite("A plan's ends are the request's own pictures")
struct PlanEndsTests {
    /// A random request of a flying style with aspect-preserving content modes at both ends, a portrait or landscape
    /// image given as content (its size the one truth for its aspect), and both screens given.
    static func request(using rng: inout SeededGenerator) throws -> ValidatedPlanRequest {
        let style = [TransitionStyle.sharedFrame, .zoom, .morph, .snapshot].randomElement(using: &rng)!
        var request = RandomScenes.request(using: &rng, style: style)
        if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
        request.source.contentMode = [ContentMode.aspectFit, .aspectFill].randomElement(using: &rng)!
        request.destination.contentMode = [ContentMode.aspectFit, .aspectFill].randomElement(using: &rng)!
        let size =
            Bool.random(using: &rng)
            ? Size(width: .random(in: 100...900, using: &rng), height: .random(in: 900...1600, using: &rng))
            : Size(width: .random(in: 900...1600, using: &rng), height: .random(in: 100...900, using: &rng))
        request.imageSize = size
        func side(_ name: String) -> ContentReferences.Side {
            ContentReferences.Side(
                element: ContentReference(url: "\(name)-element.png", size: size), screen: ContentReference(url: "\(name)-screen.png"))
        }
        request.content = ContentReferences(source: side("source"), destination: side("destination"))
        let validated = try request.validated()
        guard !validated.reducedMotion, validated.start == nil else { throw SceneSkipped() }
        return validated
    }

    /// What a track shows of its content on the stage at `time`: its content rect and the part of it inside its mask,
    /// its clip and each parent's mask and clip.
    static func shown(_ track: Track, in plan: Plan, at time: Double) -> (content: Rect, visible: Rect?) {
        let box = plan.windowBox(of: track, at: time)
        var visible: Rect? = box.content!.intersection(box.clip)
        var layer: Track? = track
        while let current = layer {
            if let clip = current.clip { visible = visible?.intersection(clip) }
            if current.id != track.id { visible = visible?.intersection(plan.windowBox(of: current, at: time).clip) }
            layer = plan.parent(of: current)
        }
        return (box.content!, visible)
    }

    /// The track that shows the element's image at one end: sharedFrame's destination image, the snapshots, the flying content.
    static func imageTrack(of plan: Plan, style: TransitionStyle, expanded: Bool) throws -> Track {
        switch style {
        case .sharedFrame: try plan.track("destinationImage")
        case .snapshot: try plan.track(expanded ? "incomingSnapshot" : "outgoingSnapshot")
        default: try plan.track("content")
        }
    }

    @Test(
        "at the collapsed end the image is the source cell's (placed by its content mode, shown within the cell), at the expanded end the destination's"
    )
    func imageAtTheEnds() throws {
        var checked = 0
        try forAllScenes(count: 400, atLeast: 300) { rng, replay in
            let validated = try Self.request(using: &rng)
            let request = validated.request, plan = try Planner.plan(for: validated)
            let source = request.source, destination = request.destination
            for expanded in [false, true] {
                let time = expanded == (request.direction == .push) ? plan.duration : 0
                let frame = expanded ? destination.contentFrame : validated.visibleSource
                let mode = expanded ? destination.contentMode : source.contentMode
                let image = mode.displayedRect(of: validated.imageSize, in: expanded ? destination.contentFrame : source.frame)
                let shown = Self.shown(try Self.imageTrack(of: plan, style: request.style, expanded: expanded), in: plan, at: time)
                let end = "\(request.style) \(request.direction), \(expanded ? "expanded" : "collapsed")"
                #expect(isClose(shown.content, image, relative: 1e-6), "\(end): drew \(shown.content), means \(image); \(replay)")
                // A choreographed request's content region clips the content wherever it flies.
                let meant = image.intersection(frame).flatMap { shown in request.contentRegion.map { shown.intersection($0) } ?? shown }
                let agrees: Bool
                if let visible = shown.visible, let meant {
                    agrees = isClose(visible, meant, relative: 1e-6)
                } else {
                    agrees = shown.visible == meant
                }
                #expect(
                    agrees,
                    "\(end): shows \(String(describing: shown.visible)), means \(String(describing: meant)); \(replay)")
                if request.style == .snapshot {
                    // The other side's snapshot shows nowhere: transparent, or under this one where its image covers its clip.
                    let other = try Self.imageTrack(of: plan, style: .snapshot, expanded: !expanded),
                        shownTrack = try Self.imageTrack(of: plan, style: .snapshot, expanded: expanded)
                    let box = plan.windowBox(of: shownTrack, at: time), hidden = plan.windowBox(of: other, at: time)
                    let covers = box.content.map { $0.intersection(box.clip).map { isClose($0, box.clip, relative: 1e-6) } == true } == true
                    let under = other.z < shownTrack.z && isClose(box.opacity, 1) && covers
                    #expect(hidden.opacity == 0 || under, "\(end): \(other.id) at \(hidden.opacity) under \(box); \(replay)")
                }
            }
            checked += 1
        }
        #expect(checked >= 300)
    }

    @Test(
        "every flying style draws the destination screen: unseen at the collapsed end but inside the image sharedFrame flies, over the whole stage at the expanded end"
    )
    func destinationScreenAtTheEnds() throws {
        try forAllScenes(count: 300, atLeast: 200) { rng, replay in
            let validated = try Self.request(using: &rng)
            let request = validated.request, plan = try Planner.plan(for: validated)
            let screen = try plan.track("destinationScreen")
            #expect(screen.content?.url == "destination-screen.png", "\(replay)")
            let collapsed = request.direction == .push ? 0 : plan.duration, expanded = plan.duration - collapsed
            let bounds = request.destination.bounds
            let last = plan.windowBox(of: screen, at: expanded)
            #expect(isClose(last.clip, bounds) && isClose(last.opacity, 1), "expanded: \(last); \(replay)")
            let first = plan.windowBox(of: screen, at: collapsed)
            if request.style == .sharedFrame {
                // The flying screen shows only what the cell shows of the image: no destination screen in a letterbox.
                let cellImage = request.source.contentMode.displayedRect(of: validated.imageSize, in: request.source.frame)
                let meant = cellImage.intersection(validated.visibleSource)!
                #expect(isClose(first.clip, meant, relative: 1e-6), "collapsed: shows \(first.clip), means \(meant); \(replay)")
            } else {
                // Unseen: transparent, or under the opaque source screen (a fade `out` stacks the outgoing screen above).
                let sourceScreen = try plan.track("sourceScreen"), cover = plan.windowBox(of: sourceScreen, at: collapsed)
                let covered = sourceScreen.z > screen.z && isClose(cover.opacity, 1) && isClose(cover.clip, bounds)
                #expect(first.opacity == 0 || covered, "collapsed: \(first); \(replay)")
            }
        }
    }

    @Test(
        "snapshot: a letterboxed pair keeps a fade through (at every instant one snapshot is unseen), and plans in or out as cross, named in the warnings"
    )
    func letterboxedFadeModes() throws {
        var checked = 0
        try forAllScenes(count: 60, seed: 0xFADE) { rng, replay in
            var request = RandomScenes.request(using: &rng, style: .snapshot)
            request.source.contentMode = .aspectFit
            request.destination.contentMode = .aspectFit
            // Sixteen times as wide as tall: letterboxed in any frame a scene gives.
            let size = Size(width: 1600, height: 100)
            request.imageSize = size
            let side = ContentReferences.Side(element: ContentReference(url: "element.png", size: size))
            request.content = ContentReferences(source: side, destination: side)
            for mode in FadeMode.allCases {
                request.timing.fadeMode = mode
                let validated = try request.validated()
                guard !validated.reducedMotion, validated.start == nil else { throw SceneSkipped() }
                let plan = try Planner.plan(for: validated)
                let warned = plan.warnings?.contains { $0.field == "timing.fadeMode" } ?? false
                #expect(warned == (mode == .in || mode == .out), "\(mode), \(replay)")
                let incoming = try plan.track("incomingSnapshot"), outgoing = try plan.track("outgoingSnapshot")
                let times = Set((incoming.keyframes + outgoing.keyframes).map(\.time)).sorted()
                let bothSeen = times.map { min(incoming.values(at: $0).opacity ?? 1, outgoing.values(at: $0).opacity ?? 1) }.max() ?? 0
                if mode == .through {
                    #expect(bothSeen <= 1e-9, "through: both snapshots at \(bothSeen) at once, \(replay)")
                } else {
                    #expect(bothSeen > 0, "\(mode): the snapshots never both show, \(replay)")
                }
            }
            checked += 1
        }
        #expect(checked >= 40, "only \(checked) of 60 scenes planned")
    }
}
