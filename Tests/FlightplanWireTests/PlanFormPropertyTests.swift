import FlightplanTestSupport
import FlightplanWire
import Testing

@Suite("Extreme but valid scenes")
struct ExtremeSceneTests {
    @Test("extreme aspect ratios, tiny and huge rects and springs never produce a non-finite number")
    func extremes() throws {
        // 42 of the 400 draw a combination the limits refuse (a radius or an extent past its range): 358 run.
        try forAllScenes(count: 400, seed: 0xE7, atLeast: 358) { rng, replay in
            var request = RandomScenes.request(using: &rng, curve: RandomScenes.curve(using: &rng))
            if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
            let extremes = [PlanLimits.minimumExtent, 0.01, 1, 3024, PlanLimits.maximumExtent]
            request.imageSize = Size(width: extremes.randomElement(using: &rng)!, height: extremes.randomElement(using: &rng)!)
            if Bool.random(using: &rng) {
                let side = extremes.randomElement(using: &rng)!
                request.source.frame = Rect(x: -PlanLimits.maximumExtent, y: PlanLimits.maximumExtent - side, width: side, height: side / 3 + 0.001)
                request.source.cornerRadius = min(request.source.cornerRadius, request.source.frame.maxCornerRadius)
            }
            guard request.validateOrNil() else { throw SceneSkipped() }
            let plan = try Planner.plan(for: request.validated())
            #expect(try Plan(jsonBytes: plan.jsonBytes) == plan, "\(replay)")
            let text = String(decoding: plan.jsonBytes, as: UTF8.self)
            #expect(!text.contains("null"), "non-finite number in \(request.style): \(replay)")
        }
    }
}

extension PlanRequest {
    /// Whether the request passes validation (extreme generators may produce one that does not).
    func validateOrNil() -> Bool { (try? validated()) != nil }
}

@Suite("Precision: smaller payloads within stated bounds")
struct PrecisionTests {
    @Test("rounded plans stay within 10⁻ᵖ/2 on points, 0.001 pt through the scale, with exact times")
    func bounds() throws {
        try forAllScenes(count: 300, seed: 0x9EC) { rng, replay in
            var request = RandomScenes.request(using: &rng)
            let exact = try Planner.plan(for: request.validated())
            let precision = Int.random(in: 0...6, using: &rng)
            request.precision = precision
            let rounded = try Planner.plan(for: request.validated())
            let pointError = 0.5 / Self.pow10(precision) * (1 + 1e-9)
            #expect(rounded.jsonBytes.count <= exact.jsonBytes.count, "\(replay)")
            #expect(try Plan(jsonBytes: rounded.jsonBytes) == rounded, "\(replay)")
            // Every track, each keyframe in full (rounding may leave a property the same at every keyframe, held in `base`).
            #expect(rounded.tracks.map(\.id) == exact.tracks.map(\.id) && rounded.tracks.map(\.frame) == exact.tracks.map(\.frame), "\(replay)")
            let tracks = zip(exact.tracks, rounded.tracks).map { exact, rounded in
                let count = max(exact.keyframes.count, 1)
                return (exact.frame, (0..<count).map { exact.filledKeyframe($0) }, (0..<count).map { rounded.filledKeyframe($0) })
            }
            for (exactTrack, roundedTrack) in zip(exact.tracks, rounded.tracks) where !roundedTrack.keyframes.isEmpty {
                #expect(roundedTrack.keyframes.map(\.time) == exactTrack.keyframes.map(\.time), "exact times, \(replay)")
            }
            for (layer, exactFrames, roundedFrames) in tracks {
                let halfDiagonal = (layer.width * layer.width + layer.height * layer.height).squareRoot() / 2
                for (e, r) in zip(exactFrames, roundedFrames) {
                    #expect(abs(e.transform.a - r.transform.a) * halfDiagonal <= 1e-3 * (1 + 1e-9), "scale, \(replay)")
                    #expect(abs(e.transform.d - r.transform.d) * halfDiagonal <= 1e-3 * (1 + 1e-9), "scale, \(replay)")
                    for (x, y) in [
                        (e.transform.tx, r.transform.tx), (e.transform.ty, r.transform.ty), (e.maskFrame.x, r.maskFrame.x),
                        (e.maskFrame.y, r.maskFrame.y), (e.cornerRadius, r.cornerRadius)
                    ] {
                        #expect(abs(x - y) <= pointError, "point \(x) → \(y) at precision \(precision), \(replay)")
                    }
                    #expect(r.maskFrame.width > 0 && r.maskFrame.height > 0, "\(replay)")
                }
            }
        }
    }

    static func pow10(_ exponent: Int) -> Double { (0..<exponent).reduce(1.0) { value, _ in value * 10 } }
}
