import FlightplanClient
import FlightplanTestSupport
import Foundation
import Testing

/// `?format=core-animation` read as an app without the SDK reads it (`JSONSerialization`), played as Core Animation
/// plays it (each key path linear between its key times, else its set value, else the layer's default; each layer
/// in its superlayer, a child's in its parent's clip), and put back together into window-space geometry.
@Suite("The Core Animation export, played as Core Animation plays it")
struct CoreAnimationExportTests {
    /// One exported layer (`set`, `animations`) at a time of the plan.
    struct PlayedLayer {
        let json: [String: Any]
        let duration: Double
        /// Each animated key path's key times and values (the first animation of a key path, as Core Animation's
        /// lookup here takes it), read from `json` once: reading `Any` at every instant was most of the suite's time.
        private let animated: [String: (keyTimes: [Double], values: [[Double]])]
        /// Each numeric value the layer sets, read once.
        private let set: [String: [Double]]

        init(json: [String: Any], duration: Double) {
            self.json = json
            self.duration = duration
            var animated: [String: (keyTimes: [Double], values: [[Double]])] = [:]
            for animation in json["animations"] as? [[String: Any]] ?? [] {
                guard let keyPath = animation["keyPath"] as? String, animated[keyPath] == nil else { continue }
                animated[keyPath] = (animation["keyTimes"] as! [Double], (animation["values"] as! [Any]).map { Self.numbers($0)! })
            }
            self.animated = animated
            set = (json["set"] as? [String: Any] ?? [:]).compactMapValues(Self.numbers)
        }

        /// A key path's numbers at `time`: its animation sampled linearly at its key times, else its set value.
        func numbers(_ keyPath: String, at time: Double) -> [Double]? {
            guard let (keyTimes, values) = animated[keyPath] else { return set[keyPath] }
            let u = duration > 0 ? time / duration : 0
            guard let next = keyTimes.firstIndex(where: { $0 > u }) else { return values.last }
            guard next > 0 else { return values.first }
            let fraction = (u - keyTimes[next - 1]) / (keyTimes[next] - keyTimes[next - 1])
            return zip(values[next - 1], values[next]).map { $0 * (1 - fraction) + $1 * fraction }
        }

        /// A value's numbers: a number alone or an array of numbers; nil for anything else (a name, a nested part).
        static func numbers(_ value: Any) -> [Double]? {
            if let number = value as? Double { return [number] }
            guard let array = value as? [Any] else { return nil }
            let numbers = array.compactMap { $0 as? Double }
            return numbers.count == array.count ? numbers : nil
        }

        /// The layer's bounds at `time` (Core Animation's default, zero, when it sets none).
        func bounds(at time: Double) -> Rect {
            let b = numbers("bounds", at: time) ?? [0, 0, 0, 0]
            return Rect(x: b[0], y: b[1], width: b[2], height: b[3])
        }

        /// Where a point of the layer's coordinates lands in its superlayer's at `time`, as Core Animation puts it:
        /// `position + scale·(q − bounds.origin − anchorPoint·bounds.size)`.
        func inSuperlayer(_ point: Point, at time: Double) -> Point {
            let bounds = bounds(at: time), position = numbers("position", at: time) ?? [0, 0], anchor = numbers("anchorPoint", at: time) ?? [0.5, 0.5]
            let scaleX = numbers("transform.scale.x", at: time)?[0] ?? 1, scaleY = numbers("transform.scale.y", at: time)?[0] ?? 1
            return Point(
                x: position[0] + scaleX * (point.x - bounds.x - anchor[0] * bounds.width),
                y: position[1] + scaleY * (point.y - bounds.y - anchor[1] * bounds.height))
        }
    }

    /// The exported layers as Core Animation nests them: a track's layer in its `superlayer` or on the stage, a
    /// child's in its `parent`'s clip (or layer).
    struct PlayedTree {
        let stage: Rect
        let duration: Double
        /// Each track's layer, its parts (`clip`, `superlayer`, `content`) and its parent's id, read once.
        private let played: [String: PlayedLayer]
        private let parts: [String: [String: PlayedLayer]]
        private let parents: [String: String]

        init(layers: [String: [String: Any]], stage: Rect, duration: Double) {
            self.stage = stage
            self.duration = duration
            played = layers.mapValues { PlayedLayer(json: $0, duration: duration) }
            parts = layers.mapValues { json in
                var parts: [String: PlayedLayer] = [:]
                for name in ["clip", "superlayer", "content"] {
                    if let part = json[name] as? [String: Any] { parts[name] = PlayedLayer(json: part, duration: duration) }
                }
                return parts
            }
            parents = layers.compactMapValues { $0["parent"] as? String }
        }

        func layer(_ id: String) -> PlayedLayer { played[id]! }
        func part(_ name: String, of id: String) -> PlayedLayer? { parts[id]?[name] }

        /// Where a point of track `id`'s layer coordinates is drawn in window space at `time`.
        func onStage(_ point: Point, layerOf id: String, at time: Double) -> Point {
            var point = layer(id).inSuperlayer(point, at: time)
            guard let parent = parents[id] else {
                if let superlayer = part("superlayer", of: id) { point = superlayer.inSuperlayer(point, at: time) }
                return Point(x: stage.x + point.x, y: stage.y + point.y)
            }
            if let clip = part("clip", of: parent) { point = clip.inSuperlayer(point, at: time) }
            return onStage(point, layerOf: parent, at: time)
        }

        /// Where a rect of track `id`'s layer coordinates is drawn in window space at `time`.
        func onStage(_ rect: Rect, layerOf id: String, at time: Double) -> Rect {
            let p = onStage(rect.origin, layerOf: id, at: time), q = onStage(Point(x: rect.maxX, y: rect.maxY), layerOf: id, at: time)
            return Rect(x: min(p.x, q.x), y: min(p.y, q.y), width: abs(q.x - p.x), height: abs(q.y - p.y))
        }

        /// Where track `id`'s clip is drawn in window space at `time` (its bounds, in its own coordinates, through it).
        func clipOnStage(_ id: String, at time: Double) -> Rect? {
            guard let clip = part("clip", of: id) else { return nil }
            let bounds = clip.bounds(at: time)
            let p = clip.inSuperlayer(bounds.origin, at: time), q = clip.inSuperlayer(Point(x: bounds.maxX, y: bounds.maxY), at: time)
            return onStage(Rect(x: p.x, y: p.y, width: q.x - p.x, height: q.y - p.y), layerOf: id, at: time)
        }

        /// What of track `id`'s paint can be seen at `time`, window space: its clip (else its layer's bounds), cut by
        /// every `masksToBounds` layer above it (its superlayer, its parent's clip and theirs).
        func visible(_ id: String, at time: Double) -> Rect {
            var region = clipOnStage(id, at: time) ?? onStage(layer(id).bounds(at: time), layerOf: id, at: time)
            var current: String? = id
            while let track = current {
                if let superlayer = part("superlayer", of: track) {
                    let bounds = superlayer.bounds(at: time), origin = superlayer.inSuperlayer(bounds.origin, at: time)
                    region = overlap(region, Rect(x: stage.x + origin.x, y: stage.y + origin.y, width: bounds.width, height: bounds.height))
                }
                current = parents[track]
                if let parent = current, let clip = clipOnStage(parent, at: time) { region = overlap(region, clip) }
            }
            return region
        }
    }

    /// Where two rects overlap, an empty rect at the nearer edge when they do not (so that it moves continuously).
    static func overlap(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = max(a.x, b.x), y0 = max(a.y, b.y)
        return Rect(x: x0, y: y0, width: max(0, min(a.maxX, b.maxX) - x0), height: max(0, min(a.maxY, b.maxY) - y0))
    }

    /// What of `track`'s paint the plan shows at `time`, window space: its mask (else its frame) on the stage, cut by
    /// its clip and by each parent's mask and clip.
    static func visible(_ track: Track, in plan: Plan, at time: Double) -> Rect {
        func masked(_ layer: Track) -> Rect {
            plan.stageRect(
                layer.values(at: time).maskFrame ?? Rect(x: 0, y: 0, width: layer.frame.width, height: layer.frame.height), in: layer, at: time)
        }
        var region = masked(track), current: Track? = track
        while let layer = current {
            if let clip = layer.clip { region = overlap(region, clip) }
            current = plan.parent(of: layer)
            if let parent = current { region = overlap(region, masked(parent)) }
        }
        return region
    }

    @Test(
        "each track's window-space layer, visible clip, corner radius, opacity, colour and shadow come back from the key paths, a child's through its parents' layers and clips, as Track.values(at:) and Plan.stageRect have them"
    )
    func reconstructs() throws {
        var scenes = 0, comparisons = 0, childComparisons = 0
        try forAllScenes(count: 150, seed: 0xCA) { rng, replay in
            var request = RandomScenes.request(using: &rng)
            if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
            var plan = try Planner.plan(for: request.validated())
            if Bool.random(using: &rng) { plan = RandomScenes.nesting(plan, using: &rng) }
            if Bool.random(using: &rng) { plan = RandomScenes.moved(plan, using: &rng) }
            let document = try #require(try JSONSerialization.jsonObject(with: Data(PlanFormat.coreAnimation.export(plan))) as? [String: Any])
            let valueTypes = try #require(document["valueTypes"] as? [String: String])
            #expect(valueTypes["position"] == "CGPoint" && valueTypes["bounds"] == "CGRect" && valueTypes["backgroundColor"] == "CGColor")
            // Foundation's JSONSerialization may read a number one unit in the last place off: numbers compare closely.
            expectClose(try #require(document["duration"] as? Double), plan.duration, "\(replay)")
            let layers = try #require(document["layers"] as? [[String: Any]])
            #expect(layers.map { $0["id"] as? String } == plan.tracks.map(\.id), "\(replay)")
            let stage = plan.stage, parents = Set(plan.tracks.compactMap(\.parent))
            let tree = PlayedTree(
                layers: Dictionary(layers.map { ($0["id"] as! String, $0) }, uniquingKeysWith: { first, _ in first }), stage: stage,
                duration: plan.duration)
            let times = plan.keyframeTimes + (0..<4).map { _ in Double.random(in: 0...plan.duration, using: &rng) }
            for (json, track) in zip(layers, plan.tracks) {
                let layer = PlayedLayer(json: json, duration: plan.duration)
                let clip = (json["clip"] as? [String: Any]).map { PlayedLayer(json: $0, duration: plan.duration) }
                let whole = Rect(x: 0, y: 0, width: track.frame.width, height: track.frame.height)
                expectClose(layer.bounds(at: 0), whole, "\(track.id) bounds, \(replay)")
                #expect(layer.numbers("anchorPoint", at: 0) == [0.5, 0.5], "\(track.id), \(replay)")
                #expect(json["zPosition"] as? Int == track.z, "\(track.id), \(replay)")
                #expect(json["parent"] as? String == track.parent, "\(track.id), \(replay)")
                #expect(
                    track.parent == nil || track.clip == nil, "\(track.id): a child's own clip is not exported (its parent's clips it), \(replay)")
                // A track with children holds them in a clip, and fades with them as one picture.
                let holdsChildren = parents.contains(track.id)
                #expect(!holdsChildren || clip != nil, "\(track.id): its children need a clip, \(replay)")
                #expect(((json["set"] as? [String: Any])?["allowsGroupOpacity"] as? Bool == true) == holdsChildren, "\(track.id), \(replay)")
                if let region = track.clip, track.parent == nil {
                    let superlayer = try #require(json["superlayer"] as? [String: Any], "\(track.id), \(replay)")
                    let played = PlayedLayer(json: superlayer, duration: plan.duration)
                    let bounds = try #require(played.numbers("bounds", at: 0)), position = try #require(played.numbers("position", at: 0))
                    // Its bounds' origin is its place on the stage, so the track layer keeps stage coordinates inside it.
                    expectClose(
                        Rect(x: bounds[0] + stage.x, y: bounds[1] + stage.y, width: bounds[2], height: bounds[3]), region,
                        "\(track.id) superlayer, \(replay)")
                    expectClose(position[0] - bounds[2] / 2, bounds[0], "\(track.id) superlayer, \(replay)")
                    expectClose(position[1] - bounds[3] / 2, bounds[1], "\(track.id) superlayer, \(replay)")
                } else {
                    #expect(json["superlayer"] == nil, "\(track.id), \(replay)")
                }
                for time in times {
                    let values = track.values(at: time), what = "\(track.id) at \(time), \(replay)"
                    let transform = values.transform ?? .identity
                    #expect(transform.b == 0 && transform.c == 0, "\(what): the export writes axis-aligned transforms only")
                    #expect(layer.numbers("position", at: time) != nil, "\(what)")
                    let mask = values.maskFrame ?? whole
                    expectClose(tree.onStage(whole, layerOf: track.id, at: time), plan.stageRect(whole, in: track, at: time), "\(what): layer")
                    expectClose(tree.visible(track.id, at: time), Self.visible(track, in: plan, at: time), "\(what): what can be seen")
                    if let clip {
                        let bounds = clip.bounds(at: time), centre = try #require(clip.numbers("position", at: time), "\(what)")
                        let frame = Rect(
                            x: centre[0] - bounds.width / 2, y: centre[1] - bounds.height / 2, width: bounds.width, height: bounds.height)
                        expectClose(
                            try #require(tree.clipOnStage(track.id, at: time)), plan.stageRect(mask, in: track, at: time), "\(what): visible clip")
                        expectClose(bounds.x, frame.x, "\(what): the clip's bounds start where it sits, so content keeps layer coordinates")
                        expectClose(bounds.y, frame.y, "\(what): the clip's bounds start where it sits, so content keeps layer coordinates")
                        expectClose(clip.numbers("cornerRadius", at: time)?[0] ?? 0, max(0, values.cornerRadius ?? 0), "\(what): corner radius")
                        #expect((clip.json["set"] as? [String: Any])?["masksToBounds"] as? Bool == true, "\(what)")
                        #expect((clip.json["set"] as? [String: Any])?["cornerCurve"] as? String == track.cornerCurve?.rawValue, "\(what)")
                    } else {
                        #expect(values.maskFrame == nil && values.cornerRadius == nil, "\(what): a mask needs a clip")
                    }
                    expectClose(layer.numbers("opacity", at: time)?[0] ?? 1, values.opacity ?? 1, scale: 1, "\(what): opacity")
                    let color = (clip ?? layer).numbers("backgroundColor", at: time)
                    #expect((color == nil) == (values.color == nil), "\(what): colour")
                    // At the key times exactly; between them Core Animation mixes a CGColor's components straight,
                    // where the plan (as CSS) mixes them premultiplied, so only the key times are compared.
                    let atKeyTime = track.keyframes.isEmpty || track.keyframes.contains { $0.time == time }
                    if let color, let expected = values.color, atKeyTime {
                        for (a, b) in zip(color, [expected.r, expected.g, expected.b, expected.a]) { expectClose(a, b, scale: 1, "\(what): colour") }
                    }
                    if let shadow = values.shadow {
                        let read = ["shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset"].map { layer.numbers($0, at: time) ?? [] }
                        let expected = [
                            [shadow.color.r, shadow.color.g, shadow.color.b, 1], [shadow.color.a], [shadow.radius], [shadow.offset.x, shadow.offset.y]
                        ]
                        for (index, (got, want)) in zip(read, expected).enumerated() where atKeyTime || index >= 2 {
                            #expect(got.count == want.count, "\(what): shadow")
                            for (a, b) in zip(got, want) { expectClose(a, b, scale: 100, "\(what): shadow") }
                        }
                    } else {
                        #expect(layer.numbers("shadowOpacity", at: time) == nil, "\(what): no shadow")
                    }
                    comparisons += 1
                    if track.parent != nil { childComparisons += 1 }
                }
                for animation in json["animations"] as? [[String: Any]] ?? [] {
                    let keyTimes = try #require(animation["keyTimes"] as? [Double])
                    #expect(keyTimes.first == 0 && keyTimes.last == 1 && keyTimes == keyTimes.sorted(), "\(track.id), \(replay)")
                    #expect(animation["calculationMode"] as? String == "linear", "\(track.id), \(replay)")
                    expectClose(try #require(animation["duration"] as? Double), plan.duration, "\(track.id), \(replay)")
                }
            }
            scenes += 1
        }
        #expect(
            scenes == 150 && comparisons > 150 * 8 && childComparisons > 150,
            "\(scenes) scenes, \(comparisons) track instants, \(childComparisons) of children")
    }

    @Test("a track that draws its content in its own aspect has a content sublayer where the plan draws the image, at every instant")
    func contentSublayer() throws {
        var compared = 0
        try forAllScenes(count: 120, seed: 0xCF) { rng, replay in
            var request = RandomScenes.request(using: &rng)
            if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
            // Images of any aspect, so that content is fitted or filled in its own aspect (the content's size gives the
            // flying image's aspect: imageSize is left out).
            func image(_ name: String, using rng: inout SeededGenerator) -> ContentReference {
                let size = Size(width: .random(in: 100...2000, using: &rng), height: .random(in: 100...2000, using: &rng))
                return ContentReference(url: "\(name).png", size: size)
            }
            func side(_ name: String, using rng: inout SeededGenerator) -> ContentReferences.Side {
                var children: [String: ContentReference] = [:]
                for pair in request.children { children[pair.id] = image("\(name)-\(pair.id)", using: &rng) }
                let screen = ContentReference(url: "\(name)-screen.png")
                return ContentReferences.Side(element: image(name, using: &rng), screen: screen, children: children)
            }
            request.imageSize = nil
            request.content = ContentReferences(source: side("source", using: &rng), destination: side("destination", using: &rng))
            let plan = try Planner.plan(for: request.validated())
            let document = try #require(try JSONSerialization.jsonObject(with: Data(PlanFormat.coreAnimation.export(plan))) as? [String: Any])
            let layers = try #require(document["layers"] as? [[String: Any]])
            let tree = PlayedTree(
                layers: Dictionary(layers.map { ($0["id"] as! String, $0) }, uniquingKeysWith: { first, _ in first }), stage: plan.stage,
                duration: plan.duration)
            for (json, track) in zip(layers, plan.tracks) {
                let content = (json["content"] as? [String: Any]).map { PlayedLayer(json: $0, duration: plan.duration) }
                #expect((content != nil) == (track.contentFrame != nil), "\(track.id), \(replay)")
                guard let content, let frame = track.contentFrame else { continue }
                let clip = (json["clip"] as? [String: Any]).map { PlayedLayer(json: $0, duration: plan.duration) }
                for time in plan.keyframeTimes + [Double.random(in: 0...plan.duration, using: &rng)] {
                    // The sublayer's frame in the clip's coordinates, then through the clip (when there is one) into the
                    // track layer's, then onto the stage.
                    let bounds = content.bounds(at: time), centre = try #require(content.numbers("position", at: time))
                    var origin = Point(x: centre[0] - bounds.width / 2, y: centre[1] - bounds.height / 2)
                    var end = Point(x: origin.x + bounds.width, y: origin.y + bounds.height)
                    if let clip { (origin, end) = (clip.inSuperlayer(origin, at: time), clip.inSuperlayer(end, at: time)) }
                    let local = Rect(x: origin.x, y: origin.y, width: end.x - origin.x, height: end.y - origin.y)
                    let drawn = tree.onStage(local, layerOf: track.id, at: time)
                    expectClose(drawn, plan.stageRect(frame, in: track, at: time), "\(track.id) at \(time), \(replay)")
                    compared += 1
                }
            }
        }
        #expect(compared > 200, "\(compared) comparisons")
    }

}
