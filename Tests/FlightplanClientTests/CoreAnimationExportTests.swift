import FlightplanClient
import FlightplanTestSupport
import Foundation
import Testing

/// `?format=core-animation` read as an app without the SDK reads it (`JSONSerialization`), played as Core Animation
/// plays it (each key path linear between its key times, else its set value, else the layer's default), and put back
/// together into window-space geometry.
@Suite("The Core Animation export, played as Core Animation plays it")
struct CoreAnimationExportTests {
    /// One exported layer (`set`, `animations`) at a time of the plan.
    struct PlayedLayer {
        let json: [String: Any]
        let duration: Double

        /// A key path's numbers at `time`: its animation sampled linearly at its key times, else its set value.
        func numbers(_ keyPath: String, at time: Double) -> [Double]? {
            let animations = json["animations"] as? [[String: Any]] ?? []
            guard let animation = animations.first(where: { $0["keyPath"] as? String == keyPath }) else {
                return (json["set"] as? [String: Any])?[keyPath].map(Self.numbers)
            }
            let values = (animation["values"] as! [Any]).map(Self.numbers), keyTimes = animation["keyTimes"] as! [Double]
            let u = duration > 0 ? time / duration : 0
            guard let next = keyTimes.firstIndex(where: { $0 > u }) else { return values.last }
            guard next > 0 else { return values.first }
            let fraction = (u - keyTimes[next - 1]) / (keyTimes[next] - keyTimes[next - 1])
            return zip(values[next - 1], values[next]).map { $0 * (1 - fraction) + $1 * fraction }
        }

        static func numbers(_ value: Any) -> [Double] {
            if let number = value as? Double { return [number] }
            return (value as! [Any]).map { $0 as! Double }
        }
    }

    @Test("each track's window-space clip, corner radius, opacity, colour and shadow come back from the key paths as Track.values(at:) has them")
    func reconstructs() throws {
        var scenes = 0, comparisons = 0
        try forAllScenes(count: 150, seed: 0xCA) { rng, replay in
            var request = RandomScenes.request(using: &rng)
            if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
            let plan = try Planner.plan(for: request.validated())
            let document = try #require(try JSONSerialization.jsonObject(with: Data(PlanFormat.coreAnimation.export(plan))) as? [String: Any])
            let valueTypes = try #require(document["valueTypes"] as? [String: String])
            #expect(valueTypes["position"] == "CGPoint" && valueTypes["bounds"] == "CGRect" && valueTypes["backgroundColor"] == "CGColor")
            // Foundation's JSONSerialization may read a number one unit in the last place off: numbers compare closely.
            expectClose(try #require(document["duration"] as? Double), plan.duration, "\(replay)")
            let layers = try #require(document["layers"] as? [[String: Any]])
            #expect(layers.map { $0["id"] as? String } == plan.tracks.map(\.id), "\(replay)")
            let stage = plan.stage
            let times = plan.keyframeTimes + (0..<4).map { _ in Double.random(in: 0...plan.duration, using: &rng) }
            for (json, track) in zip(layers, plan.tracks) {
                let layer = PlayedLayer(json: json, duration: plan.duration)
                let clip = (json["clip"] as? [String: Any]).map { PlayedLayer(json: $0, duration: plan.duration) }
                let bounds = try #require(layer.numbers("bounds", at: 0), "\(track.id), \(replay)")
                expectClose(
                    Rect(x: bounds[0], y: bounds[1], width: bounds[2], height: bounds[3]),
                    Rect(x: 0, y: 0, width: track.frame.width, height: track.frame.height),
                    "\(track.id) bounds, \(replay)")
                #expect(layer.numbers("anchorPoint", at: 0) == [0.5, 0.5], "\(track.id), \(replay)")
                #expect(json["zPosition"] as? Int == track.z, "\(track.id), \(replay)")
                if let region = track.clip {
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
                    let position = try #require(layer.numbers("position", at: time), "\(what)")
                    let scaleX = layer.numbers("transform.scale.x", at: time)?[0] ?? 1, scaleY = layer.numbers("transform.scale.y", at: time)?[0] ?? 1
                    // Core Animation: a layer point q lands at position + scale·(q − anchor), on the stage.
                    func onScreen(_ rect: Rect) -> Rect {
                        Rect(
                            x: stage.x + position[0] + scaleX * (rect.x - track.frame.width / 2),
                            y: stage.y + position[1] + scaleY * (rect.y - track.frame.height / 2),
                            width: scaleX * rect.width, height: scaleY * rect.height)
                    }
                    let mask = values.maskFrame ?? Rect(x: 0, y: 0, width: track.frame.width, height: track.frame.height)
                    expectClose(
                        onScreen(Rect(x: 0, y: 0, width: track.frame.width, height: track.frame.height)),
                        transform.apply(to: Rect(x: 0, y: 0, width: track.frame.width, height: track.frame.height), inLayer: track.frame),
                        "\(what): layer")
                    if let clip {
                        let bounds = try #require(clip.numbers("bounds", at: time), "\(what)"),
                            centre = try #require(clip.numbers("position", at: time), "\(what)")
                        let frame = Rect(x: centre[0] - bounds[2] / 2, y: centre[1] - bounds[3] / 2, width: bounds[2], height: bounds[3])
                        expectClose(onScreen(frame), transform.apply(to: mask, inLayer: track.frame), "\(what): visible clip")
                        expectClose(bounds[0], frame.x, "\(what): the clip's bounds start where it sits, so content keeps layer coordinates")
                        expectClose(bounds[1], frame.y, "\(what): the clip's bounds start where it sits, so content keeps layer coordinates")
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
                    let atKeyTime = plan.keyframeTimes.contains(time)
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
        #expect(scenes == 150 && comparisons > 150 * 8, "\(scenes) scenes, \(comparisons) track instants")
    }
}
