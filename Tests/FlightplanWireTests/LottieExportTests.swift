import FlightplanTestSupport
import Testing

@testable import FlightplanWire

/// The Lottie export of nested tracks (``Track/parent``): a parent with children is a precomposition layer holding its
/// transform, masks and opacity, and its group composition holds the children above its own still paint.
@Suite("Lottie: a child is drawn inside its parent's group")
struct LottieExportTests {
    /// The value of member `key` of an object.
    static func member(_ value: JSONValue?, _ key: String) -> JSONValue? { value?.members?.first { $0.isNamed(key) }?.value }

    /// A number, or the numbers of an array of numbers.
    static func numbers(_ value: JSONValue?) -> [Double] {
        if case .number(let number)? = value { return [number] }
        return (value?.items ?? []).compactMap { if case .number(let number) = $0 { number } else { nil } }
    }

    /// A transform property (`{"a", "k"}`) at `frame`: held, or its linear keyframes' value there.
    static func property(_ value: JSONValue?, at frame: Double) -> [Double] {
        guard numbers(member(value, "a")) == [1] else { return numbers(member(value, "k")) }
        let keyframes = member(value, "k")?.items ?? []
        let times = keyframes.map { numbers(member($0, "t"))[0] }, values = keyframes.map { numbers(member($0, "s")) }
        guard let next = times.firstIndex(where: { $0 >= frame }) else { return values.last ?? [] }
        guard next > 0 else { return values[0] }
        let fraction = (frame - times[next - 1]) / (times[next] - times[next - 1])
        return zip(values[next - 1], values[next]).map { $0 + ($1 - $0) * fraction }
    }

    /// The layers from a top-level one down to the shape layer named `id`, through the group compositions.
    static func chain(to id: String, in layers: [JSONValue], assets: [JSONValue]) -> [JSONValue]? {
        for layer in layers {
            if numbers(member(layer, "ty")) == [4], case .string(id)? = member(layer, "nm") { return [layer] }
            guard case .string(let asset)? = member(layer, "refId"), asset.hasPrefix("group-"),
                let inner = member(assets.first { member($0, "id") == .string(asset) }, "layers")?.items,
                let rest = chain(to: id, in: inner, assets: assets)
            else { continue }
            return [layer] + rest
        }
        return nil
    }

    /// Whether a point read through the document's layers is where the plan puts it, as closely as numbers written to
    /// six decimals allow: each is off by at most 5 × 10⁻⁷, and a scale (in per cent) multiplies its error by a
    /// distance in the layer, so a point through a few layers lands within 10⁻⁴ pt (or 10⁻⁷ of itself, far out).
    static func isWritten(_ a: Double, _ b: Double) -> Bool { isClose(a, b, relative: 1e-7) }

    /// Where a point of a layer's space is drawn on the canvas at `time`: through that layer and every layer above it
    /// (`chain`, outermost first), each mapping its space into its composition by its anchor, position and scale.
    static func onCanvas(_ point: Point, through chain: ArraySlice<JSONValue>, at time: Double) -> Point {
        var point = point
        for layer in chain.reversed() {
            let ks = member(layer, "ks"), frame = time * ExportScene.lottieFrameRate
            let a = property(member(ks, "a"), at: frame), p = property(member(ks, "p"), at: frame), s = property(member(ks, "s"), at: frame)
            point = Point(x: p[0] + s[0] / 100 * (point.x - a[0]), y: p[1] + s[1] / 100 * (point.y - a[1]))
        }
        return point
    }

    /// Checks that every track's shape layer puts its frame's corners where the plan draws them at every keyframe
    /// time of the plan, through the layers above it, and that its content region's mask lands on the region; returns
    /// how many points it compared.
    static func checkPlacement(_ plan: Plan, _ replay: String) throws -> Int {
        let document = try JSONParser.parse(PlanFormat.lottie.export(plan))
        let layers = member(document, "layers")?.items ?? [], assets = member(document, "assets")?.items ?? []
        let times = Set([0] + plan.tracks.flatMap { $0.keyframes.map(\.time) }).sorted()
        let stage = plan.stage
        var compared = 0
        for track in plan.tracks {
            guard let chain = chain(to: track.id, in: layers, assets: assets) else {
                Issue.record("no shape layer for \(track.id) \(replay)"); continue
            }
            // A group layer per parent, and the track's own when it has children (its own paint lies inside).
            let grouped = plan.tracks.contains { $0.parent == track.id }
            #expect(chain.count == 1 + depth(of: track, in: plan) + (grouped ? 1 : 0), "\(track.id) \(replay)")
            for time in times {
                for corner in [Point(x: 0, y: 0), Point(x: track.frame.width, y: track.frame.height)] {
                    let point = onCanvas(corner, through: chain[...], at: time), expected = plan.stagePoint(corner, in: track, at: time)
                    #expect(
                        isWritten(point.x, expected.x - stage.x) && isWritten(point.y, expected.y - stage.y),
                        "\(track.id) at \(time): \(point), the plan's \(expected) \(replay)")
                    compared += 1
                }
            }
            guard let clip = track.clip else { continue }
            // The region's mask, on the track's group layer when it has one, else on its shape layer.
            let masked = grouped ? chain.dropLast() : chain[...]
            let path = member(member(masked.last, "masksProperties")?.items?.first { member($0, "mode") == .string("i") }, "pt")
            for time in times {
                let frame = time * ExportScene.lottieFrameRate
                let held = numbers(member(path, "a")) != [1]
                let keyframe = member(path, "k")?.items?.first { abs((numbers(member($0, "t")).first ?? -1) - frame) < 1e-6 }
                guard let outline = held ? member(path, "k") : member(keyframe, "s")?.items?.first else { continue }
                let vertices = (member(outline, "v")?.items ?? []).map { numbers($0) }
                let low = onCanvas(Point(x: vertices.map { $0[0] }.min()!, y: vertices.map { $0[1] }.min()!), through: masked, at: time)
                let high = onCanvas(Point(x: vertices.map { $0[0] }.max()!, y: vertices.map { $0[1] }.max()!), through: masked, at: time)
                #expect(
                    isWritten(low.x, clip.x - stage.x) && isWritten(low.y, clip.y - stage.y) && isWritten(high.x, clip.maxX - stage.x)
                        && isWritten(high.y, clip.maxY - stage.y), "\(track.id)'s region at \(time) \(replay)")
                compared += 1
            }
        }
        return compared
    }

    /// How many parents a track is drawn inside.
    static func depth(of track: Track, in plan: Plan) -> Int {
        var depth = 0, current = plan.parent(of: track)
        while let parent = current {
            depth += 1
            current = plan.parent(of: parent)
        }
        return depth
    }

    @Test("sharedFrame's destination image is a layer of the flying screen's group, which alone carries the screen's mask and motion")
    func sharedFrame() throws {
        var checked = 0
        try forAllScenes(count: 60, atLeast: 40) { rng, replay in
            var request = RandomScenes.request(using: &rng, style: .sharedFrame)
            request.content = ContentTests.content(for: request)
            let validated = try request.validated()
            guard !validated.reducedMotion else { throw SceneSkipped() }
            let plan = try Planner.plan(for: validated)
            let screen = try plan.track("destinationScreen")
            let position = plan.tracks.firstIndex { $0.id == screen.id }!
            let document = try JSONParser.parse(PlanFormat.lottie.export(plan))
            let layers = Self.member(document, "layers")?.items ?? [], assets = Self.member(document, "assets")?.items ?? []
            let names = layers.compactMap { if case .string(let name)? = Self.member($0, "nm") { name } else { nil } }
            #expect(!names.contains { $0.hasPrefix("destinationImage") }, "the image is not on the stage \(replay)")
            let group = layers.first { Self.member($0, "nm") == .string(screen.id) }
            #expect(Self.member(group, "refId") == .string("group-\(position)") && Self.numbers(Self.member(group, "ty")) == [0], "\(replay)")
            #expect(Self.member(group, "masksProperties")?.items?.isEmpty == false, "the group carries the screen's mask \(replay)")
            let inner = Self.member(assets.first { Self.member($0, "id") == .string("group-\(position)") }, "layers")?.items ?? []
            let innerNames = inner.compactMap { if case .string(let name)? = Self.member($0, "nm") { name } else { nil } }
            #expect(innerNames == ["destinationImage content", "destinationImage", "destinationScreen content", "destinationScreen"], "\(replay)")
            for layer in inner.suffix(2) {
                #expect(Self.member(layer, "hasMask") == nil, "the screen's own paint is masked by its group only \(replay)")
                #expect(Self.numbers(Self.member(Self.member(Self.member(layer, "ks"), "o"), "k")) == [100], "\(replay)")
            }
            checked += try Self.checkPlacement(plan, replay)
        }
        #expect(checked > 1000)
    }

    @Test("a child with keyframes of its own, and a child of that child with a content region, land where the plan draws them")
    func grandchild() throws {
        var rng = SeededGenerator(seed: 7)
        let request = RandomScenes.request(using: &rng, style: .sharedFrame, curve: .linear)
        var plan = try Planner.plan(for: request.validated())
        let screen = try plan.track("destinationScreen"), index = plan.tracks.firstIndex { $0.id == "destinationImage" }!
        var image = plan.tracks[index]
        image.animates = [.transform, .opacity]
        image.keyframes = screen.keyframes.enumerated().map { step, keyframe in
            let scale = 1 + 0.02 * Double(step)
            return TrackKeyframe(
                time: keyframe.time,
                values: TrackValues(transform: AffineTransform(a: scale, b: 0, c: 0, d: 1 / scale, tx: Double(step), ty: -Double(step)), opacity: 0.9)
            )
        }
        plan.tracks[index] = image
        let badge = Track(
            id: "badge", role: .auxiliary, z: image.z + 1, frame: Rect(x: 10, y: 20, width: 30, height: 40),
            clip: Rect(x: 50, y: 300, width: 200, height: 150),
            base: TrackValues(transform: AffineTransform(a: 2, b: 0, c: 0, d: 0.5, tx: 3, ty: 4)), animates: [], keyframes: [], parent: image.id)
        plan.tracks.insert(badge, at: index + 1)
        #expect(try Self.checkPlacement(plan, "seed 7") > 100)
    }
}
