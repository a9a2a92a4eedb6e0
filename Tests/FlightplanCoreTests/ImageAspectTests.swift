import FlightplanCore
import FlightplanTestSupport
import Testing

/// Issue 45, item 1: one truth for an image's aspect. The painted image's own `size` (`content.…element.size`) gives
/// it when `imageSize` is left out, and the two must agree when both are given.
@Suite("An image keeps the aspect of its content's size")
struct ImageAspectTests {
    /// A random scene of a style whose content track paints the flying image, both ends keeping the image's aspect,
    /// its image given as content (on the destination, or on the source alone) with a size of any aspect, and
    /// `imageSize` left out or agreeing with it (scaled, and off by less than the tolerance).
    static func scene(using rng: inout SeededGenerator) -> (request: PlanRequest, painted: Size) {
        let style = [TransitionStyle.zoom, .morph, .sharedFrame].randomElement(using: &rng)!
        var request = RandomScenes.request(using: &rng, style: style)
        let modes = [ContentMode.aspectFit, .aspectFill]
        request.source.contentMode = modes.randomElement(using: &rng)!
        request.destination.contentMode = modes.randomElement(using: &rng)!
        let painted = Size(width: .random(in: 100...4000, using: &rng), height: .random(in: 100...4000, using: &rng))
        let reference = ContentReference(url: "photo.jpg", size: painted)
        let onDestination = Bool.random(using: &rng)
        request.content = ContentReferences(
            source: ContentReferences.Side(element: onDestination ? ContentReference(url: "thumbnail.jpg") : reference),
            destination: ContentReferences.Side(element: onDestination ? reference : nil))
        if Bool.random(using: &rng) {
            let scale = Double.random(in: 0.1...3, using: &rng), off = 1 + .random(in: -0.009...0.009, using: &rng)
            request.imageSize = Size(width: painted.width * scale * off, height: painted.height * scale)
        } else {
            request.imageSize = nil
        }
        return (request, painted)
    }

    /// The painted image's rect in window space at each of the plan's keyframes: the content track's `contentFrame`
    /// (or its whole layer) under its transform, and under its parent's when it is drawn in another track's layer.
    static func drawnImage(in plan: Plan) throws -> [Rect] {
        let track = try #require(plan.tracks.first { $0.role == .content })
        let drawn = track.contentFrame ?? Rect(x: 0, y: 0, width: track.frame.width, height: track.frame.height)
        let own = track.filledKeyframes
        guard let parentID = track.parent else { return own.map { $0.transform.apply(to: drawn, inLayer: track.frame) } }
        let parent = try plan.track(parentID)
        #expect(own.allSatisfy { $0.transform == own[0].transform }, "a track drawn in another's layer holds still in it (only its mask moves)")
        let inParent = own[0].transform.apply(to: drawn, inLayer: track.frame)
        return parent.filledKeyframes.map { $0.transform.apply(to: inParent, inLayer: parent.frame) }
    }

    /// How far `rect`'s aspect strays from `size`'s, as a ratio less one.
    static func stretch(of rect: Rect, from size: Size) -> Double {
        abs((rect.width / rect.height) / (size.width / size.height) - 1)
    }

    @Test("aspectFit and aspectFill draw the content's aspect at every keyframe, with or without imageSize")
    func keepsTheContentsAspect() throws {
        try forAllScenes(count: 300) { rng, replay in
            let (request, painted) = Self.scene(using: &rng)
            let plan = try Planner.plan(for: request.validated())
            for (index, rect) in try Self.drawnImage(in: plan).enumerated() {
                let stretch = Self.stretch(of: rect, from: painted)
                #expect(stretch <= 1e-9, "keyframe \(index): \(rect) is stretched by \(stretch) from \(painted) \(replay)")
            }
        }
    }

    @Test("a 540 × 540 photo zooming into a 390 × 844 screen is drawn 390 × 390, centred (the issue's circle)")
    func issueExample() throws {
        let request = PlanRequest(
            style: .zoom, source: SourceElement(frame: Rect(x: 20, y: 200, width: 120, height: 120)),
            destination: DestinationLayout(bounds: Rect(x: 0, y: 0, width: 390, height: 844)),
            content: ContentReferences(
                destination: ContentReferences.Side(element: ContentReference(url: "photo.jpg", size: Size(width: 540, height: 540)))))
        let plan = try Planner.plan(for: request.validated())
        #expect(try plan.track("content").frame == Rect(x: 0, y: 227, width: 390, height: 390))
    }

    @Test("imageSize whose aspect disagrees with the content's size is refused, naming both fields")
    func disagreementIsRefused() throws {
        try forAllScenes(count: 200) { rng, replay in
            let (scene, painted) = Self.scene(using: &rng)
            var request = scene
            let off = Bool.random(using: &rng) ? Double.random(in: 1.011...3, using: &rng) : 1 / .random(in: 1.011...3, using: &rng)
            request.imageSize = Size(width: painted.width * off, height: painted.height)
            let side = request.content?.destination.element?.size == nil ? "source" : "destination"
            let error = try #require(throws: ValidationError.self, "\(request.imageSize!) against \(painted) \(replay)") {
                try request.validated()
            }
            #expect(error.field == "imageSize", "\(replay)")
            #expect(error.message.contains("content.\(side).element.size"), "\(error.message) \(replay)")
        }
    }

    @Test("a style that paints no flying image from the element's content (reveal, snapshot) neither takes its size nor refuses imageSize")
    func revealAndSnapshot() throws {
        try forAllScenes(count: 100) { rng, replay in
            var request = RandomScenes.request(using: &rng, style: Bool.random(using: &rng) ? .reveal : .snapshot)
            let plain = try Planner.plan(for: request.validated())
            request.imageSize = request.imageSize ?? Size(width: 4, height: 3)
            let withImageSize = try Planner.plan(for: request.validated())
            request.content = ContentReferences(
                source: ContentReferences.Side(element: ContentReference(url: "a.png", size: Size(width: 1, height: 9))),
                destination: ContentReferences.Side(element: ContentReference(url: "b.png", size: Size(width: 9, height: 1))))
            let withContent = try Planner.plan(for: request.validated())
            // Where an image leaves a letterbox, snapshot's pair cross-fades each on its own channel: only opacities change.
            func geometry(_ plan: Plan) -> [[TrackKeyframe]] {
                plan.tracks.map { track in
                    track.keyframes.map { keyframe in
                        var keyframe = keyframe
                        if [.incomingSnapshot, .outgoingSnapshot].contains(track.role) { keyframe.values.opacity = nil }
                        return keyframe
                    }
                }
            }
            #expect(geometry(withContent) == geometry(withImageSize), "\(replay)")
            if request.style == .reveal { #expect(withContent.tracks.map(\.keyframes) == plain.tracks.map(\.keyframes), "\(replay)") }
        }
    }
    @Test("snapshots, child pairs and reveal's element draw their content in its own aspect as their content mode lays it out")
    func elementsAndChildrenKeepTheirAspect() throws {
        var checked = 0
        try forAllScenes(count: 200) { rng, replay in
            var request = RandomScenes.request(using: &rng, style: Bool.random(using: &rng) ? .reveal : .snapshot)
            let modes = [ContentMode.aspectFit, .aspectFill]
            request.source.contentMode = modes.randomElement(using: &rng)!
            request.destination.contentMode = request.style == .reveal ? .aspectFit : modes.randomElement(using: &rng)!
            for index in request.children.indices { request.children[index].contentMode = modes.randomElement(using: &rng) }
            func reference(_ name: String) -> ContentReference {
                ContentReference(url: name, size: Size(width: .random(in: 50...4000, using: &rng), height: .random(in: 50...4000, using: &rng)))
            }
            func side(_ name: String) -> ContentReferences.Side {
                ContentReferences.Side(
                    element: reference("\(name).png"),
                    children: Dictionary(uniqueKeysWithValues: request.children.map { ($0.id, reference("\(name)-\($0.id).png")) }))
            }
            request.content = ContentReferences(source: side("source"), destination: side("destination"))
            let plan = try Planner.plan(for: request.validated())
            for track in plan.tracks {
                guard let content = track.content, let size = content.size,
                    [.outgoingSnapshot, .incomingSnapshot, .child, .outgoingChild, .content].contains(track.role)
                else { continue }
                let drawn = track.contentFrame ?? Rect(x: 0, y: 0, width: track.frame.width, height: track.frame.height)
                for (index, keyframe) in track.filledKeyframes.enumerated() {
                    let stretch = Self.stretch(of: keyframe.transform.apply(to: drawn, inLayer: track.frame), from: size)
                    #expect(stretch <= 1e-9, "\(track.id) keyframe \(index) is stretched by \(stretch) from \(size) \(replay)")
                }
                // Fitted inside the layer or covering it, centred, one side exactly the layer's.
                let whole = Rect(x: 0, y: 0, width: track.frame.width, height: track.frame.height)
                #expect(abs(drawn.midX - whole.midX) <= 1e-9 * whole.width && abs(drawn.midY - whole.midY) <= 1e-9 * whole.height, "\(replay)")
                #expect(drawn.width == whole.width || drawn.height == whole.height, "\(track.id) \(drawn) in \(whole) \(replay)")
                checked += 1
            }
        }
        #expect(checked > 300)
    }
}
