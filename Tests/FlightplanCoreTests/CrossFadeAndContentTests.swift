import FlightplanTestSupport
import Testing

@testable import FlightplanCore

/// Issue #45 items 3, 4 and 6 over random scenes: cross-fades that leave no part of the stage uncovered, the stage's
/// own colour behind a fade through, the reveal's image faded before it grows, and auxiliary views' content.
@Suite("Cross-fades without a dip, the stage colour, the reveal's colour and auxiliary content")
struct CrossFadeAndContentTests {
    /// The pairs of one shape that cross-fade in a plan, lower first: the screens, the snapshots, the clipped children.
    static func fadingPairs(in plan: Plan, request: PlanRequest) -> [(lower: Track, upper: Track)] {
        func track(_ id: String) -> Track? { plan.tracks.first { $0.id == id } }
        // sharedFrame's destination screen flies: it is no pair with the source screen but in the reduced-motion variant.
        let screensFade = request.style != .sharedFrame || request.reducedMotion == true
        var ids = [("outgoingSnapshot", "incomingSnapshot")] + (screensFade ? [("sourceScreen", "destinationScreen")] : [])
        if request.snapshot?.clipsChildren ?? PlanDefaults.clipsChildren {
            ids += request.children.map { ("outgoingChild:\($0.id)", "child:\($0.id)") }
        }
        return ids.compactMap { ids in
            guard let a = track(ids.0), let b = track(ids.1) else { return nil }
            return a.z < b.z ? (a, b) : (b, a)
        }
    }

    /// How much of what lies behind a pair of one shape covers at `time`, the two composited "over" each other:
    /// `1 − (1 − upper)(1 − lower)` of their opacities.
    static func coverage(of pair: (lower: Track, upper: Track), at time: Double) -> Double {
        1 - (1 - (pair.upper.values(at: time).opacity ?? 1)) * (1 - (pair.lower.values(at: time).opacity ?? 1))
    }

    /// A cross-fading pair stacked and composited "over" each other, as every player does, covers
    /// `1 − (1 − u)(1 − b)` of what lies behind; on the build before this, a cross-fade left a quarter uncovered at
    /// its middle.
    @Test("a cross-fade (in, out, cross) covers at least 99.5 % of the stage at every instant, in every style")
    func crossFadesCover() throws {
        var pairsSeen = 0
        try forAllScenes(count: 300, seed: 0xD1B, atLeast: 100) { rng, replay in
            var request = RandomScenes.choreographed(RandomScenes.request(using: &rng), using: &rng)
            // The channels timed apart mean a dip (the mix's own sum is below 1), as a fade through does.
            request.timing.channels = request.timing.channels?.filter { $0.key != .fadeIn && $0.key != .fadeOut }
            if Bool.random(using: &rng) { request.timing.fadeMode = .cross }
            let validated = try request.validated()
            guard validated.fadeMode != .through, request.from == nil else { throw SceneSkipped() }
            let plan = try Planner.plan(for: validated)
            for pair in Self.fadingPairs(in: plan, request: request) {
                pairsSeen += 1
                for step in 0...200 {
                    let time = plan.duration * Double(step) / 200, covered = Self.coverage(of: pair, at: time)
                    #expect(covered >= 0.995, "\(pair.lower.id) under \(pair.upper.id) covers \(covered) at t=\(time), \(replay)")
                }
            }
        }
        #expect(pairsSeen > 100)
    }

    /// The lower layer stays opaque under a cross-fade's end (hidden under the opaque upper one, of the same shape);
    /// a fade through's outgoing layer is gone until the incoming one is opaque.
    @Test("a pair ends as its mode means: the incoming layer opaque, the outgoing one gone or hidden under it")
    func crossFadeEnds() throws {
        try forAllScenes(count: 200, seed: 0xD1C, atLeast: 50) { rng, replay in
            var request = RandomScenes.request(using: &rng)
            request.timing.fadeMode = FadeMode.allCases.randomElement(using: &rng)
            request.reducedMotion = Bool.random(using: &rng) ? true : nil
            let validated = try request.validated()
            let plan = try Planner.plan(for: validated)
            let pairs = Self.fadingPairs(in: plan, request: request)
            guard !pairs.isEmpty else { throw SceneSkipped() }
            let (end, before) = request.direction == .push ? (plan.duration, plan.duration * 0.999) : (0, plan.duration * 0.001)
            for pair in pairs {
                let outgoingAbove = [.sourceScreen, .outgoingSnapshot, .outgoingChild].contains(pair.upper.role)
                let (outgoing, incoming) = outgoingAbove ? (pair.upper, pair.lower) : (pair.lower, pair.upper)
                #expect((incoming.values(at: end).opacity ?? 1) == 1, "\(replay)")
                let outgoingEnd = outgoing.values(at: end).opacity ?? 1
                switch validated.fadeMode {
                case .in, .cross: #expect(outgoingEnd == 1, "\(replay)")
                case .out: #expect(outgoingEnd == 0, "\(replay)")
                case .through: #expect((outgoing.values(at: before).opacity ?? 1) == 0, "\(replay)")
                }
            }
        }
    }

    @Test("stageColor puts an opaque backdrop in its colour under every track, over the whole stage")
    func stageColor() throws {
        try forAllScenes(count: 150, seed: 0x57A) { rng, replay in
            var request = RandomScenes.choreographed(RandomScenes.request(using: &rng), using: &rng)
            let color = Color(r: .random(in: 0...1, using: &rng), g: .random(in: 0...1, using: &rng), b: .random(in: 0...1, using: &rng))
            request.stageColor = color
            let plan = try Planner.plan(for: request.validated())
            let backdrop = try #require(plan.tracks.first { $0.id == "backdrop" }, "\(replay)")
            #expect(backdrop.z == 0 && backdrop.parent == nil && backdrop.frame == request.destination.bounds, "\(replay)")
            #expect(backdrop.base.color == color && backdrop.base.opacity == 1 && backdrop.keyframes.isEmpty, "\(replay)")
            #expect(plan.tracks.filter { $0.id != "backdrop" }.allSatisfy { $0.z > 0 }, "\(replay)")
        }
        var rng = SeededGenerator(seed: 0x57B)
        var request = RandomScenes.request(using: &rng)
        request.stageColor = Color(r: 1.5, g: 0, b: 0)
        #expect(throws: ValidationError.self) { try request.validated() }
        request.stageColor = nil
        #expect(try Planner.plan(for: request.validated()).tracks.allSatisfy { $0.id != "backdrop" })
    }

    /// Seed 002 strips its button to "a simple circle button with solid background" before it grows.
    @Test("a reveal with a colour grows the colour: its image is a sublayer gone before a tenth of the growth")
    func revealGrowsTheColour() throws {
        try forAllScenes(count: 200, seed: 0x2E7) { rng, replay in
            var request = RandomScenes.request(using: &rng)
            request.style = .reveal
            request.reducedMotion = nil
            request.timing.channels = nil
            request.source.color = RandomScenes.color(using: &rng)
            request.content = ContentReferences(source: .init(element: ContentReference(url: "button.png")))
            let validated = try request.validated()
            let plan = try Planner.plan(for: validated)
            let growing = try #require(plan.tracks.first { $0.id == "content" }, "\(replay)")
            let image = try #require(plan.tracks.first { $0.parent == "content" }, "\(replay)")
            #expect(growing.content == nil && image.content?.url == "button.png" && image.z == growing.z + 1, "\(replay)")
            let source = request.source.frame
            let finalScale = RevealTrack.minimalCoveringScale(
                of: source, cornerRadius: request.source.cornerRadius, toCover: request.destination.bounds)
            let track = RevealTrack(layer: source, cornerRadius: request.source.cornerRadius, finalScale: finalScale)
            let faded = track.state(growth: PlanDefaults.revealImageFadeShare).transform.a
            for keyframe in plan.tracks.flatMap(\.keyframes).map(\.time) {
                let scale = growing.values(at: keyframe).transform?.a ?? 1
                let opacity = image.values(at: keyframe).opacity ?? 1
                #expect(scale < faded * 1.0001 || opacity == 0, "the image shows at \(scale)× (past \(faded)×), \(replay)")
            }
        }
    }

    @Test("a reveal without a colour still grows its image (there is nothing else to grow)")
    func revealWithoutColour() throws {
        var rng = SeededGenerator(seed: 0x2E8)
        var request = RandomScenes.request(using: &rng)
        request.style = .reveal
        request.source.color = nil
        request.destination.color = nil
        request.content = ContentReferences(source: .init(element: ContentReference(url: "button.png")))
        let plan = try Planner.plan(for: request.validated())
        #expect(plan.tracks.first { $0.id == "content" }?.content?.url == "button.png")
        #expect(plan.tracks.allSatisfy { $0.parent != "content" })
    }

    /// Seed 001's tab bar given as a picture of another aspect than the bar: as the other roles' content, it keeps its
    /// aspect (fitted, filled or centred as the view's `contentMode` says, aspectFill by default, cropped to the view's
    /// frame) unless the mode stretches it; on the build before this, an auxiliary view took no `contentMode` and stretched every picture.
    @Test("an auxiliary view lays its content of a known size out as its contentMode says, aspectFill by default")
    func auxiliaryContentMode() throws {
        var viewsSeen = 0
        try forAllScenes(count: 150, seed: 0xA0D, atLeast: 60) { rng, replay in
            var request = RandomScenes.choreographed(RandomScenes.request(using: &rng), using: &rng)
            guard !request.auxiliary.isEmpty else { throw SceneSkipped() }
            var content = request.content ?? ContentReferences()
            var sizes: [String: Size] = [:]
            for index in request.auxiliary.indices {
                let id = request.auxiliary[index].id
                request.auxiliary[index].contentMode = Bool.random(using: &rng) ? ContentMode.allCases.randomElement(using: &rng)! : nil
                sizes[id] = Size(width: .random(in: 20...2000, using: &rng), height: .random(in: 20...2000, using: &rng))
                content.auxiliary[id] = ContentReference(url: "tabs-\(id).png", size: sizes[id])
            }
            request.content = content
            let plan = try Planner.plan(for: request.validated())
            for view in request.auxiliary {
                viewsSeen += 1
                let track = try #require(plan.tracks.first { $0.id == "auxiliary:\(view.id)" }, "\(replay)")
                let size = sizes[view.id]!, mode = view.contentMode ?? PlanDefaults.auxiliaryContentMode
                let whole = Rect(x: 0, y: 0, width: view.frame.width, height: view.frame.height), drawn = track.drawnContentFrame
                let label = "\(view.id) \(mode) \(size) in \(view.frame.width) × \(view.frame.height): drawn \(drawn), \(replay)"
                #expect(isClose(drawn, mode.displayedRect(of: size, in: whole)), "\(label)")
                if mode.preservesAspect {
                    #expect(abs(drawn.width / drawn.height / (size.width / size.height) - 1) < 1e-9, "the aspect is kept: \(label)")
                }
                let slack = 1e-9 * max(whole.width, whole.height)
                let covers = drawn.x <= slack && drawn.y <= slack && drawn.maxX >= whole.maxX - slack && drawn.maxY >= whole.maxY - slack
                let inside = drawn.x >= -slack && drawn.y >= -slack && drawn.maxX <= whole.maxX + slack && drawn.maxY <= whole.maxY + slack
                switch mode {
                case .aspectFill: #expect(covers, "\(label)")
                case .aspectFit: #expect(inside, "\(label)")
                case .scaleToFill: #expect(covers && inside, "\(label)")
                case .center: #expect(isClose(drawn.width, size.width) && isClose(drawn.height, size.height), "\(label)")
                }
                // What the mode lays out past the frame is cropped by a mask of the frame, as the view crops it.
                #expect(inside || track.values(at: 0).maskFrame == whole, "cropped to its frame: \(label)")
            }
        }
        #expect(viewsSeen > 60)
    }

    @Test("auxiliary views paint the content given for their id; an id that names no view is a 422 naming it")
    func auxiliaryContent() throws {
        try forAllScenes(count: 100, seed: 0xA0C, atLeast: 40) { rng, replay in
            var request = RandomScenes.choreographed(RandomScenes.request(using: &rng), using: &rng)
            guard !request.auxiliary.isEmpty else { throw SceneSkipped() }
            var content = request.content ?? ContentReferences()
            for view in request.auxiliary { content.auxiliary[view.id] = ContentReference(url: "tabs-\(view.id).png") }
            request.content = content
            let plan = try Planner.plan(for: request.validated())
            for view in request.auxiliary {
                #expect(plan.tracks.first { $0.id == "auxiliary:\(view.id)" }?.content?.url == "tabs-\(view.id).png", "\(replay)")
            }
            request.content?.auxiliary["nowhere"] = ContentReference(url: "x.png")
            #expect(throws: ValidationError(field: "content.auxiliary.nowhere", message: "names no auxiliary view; these are the ids of `auxiliary`"))
            {
                try request.validated()
            }
        }
    }
}
