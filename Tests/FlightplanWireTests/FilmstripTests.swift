import FlightplanTestSupport
import Testing

@testable import FlightplanWire

@Suite("SVG filmstrips")
struct FilmstripTests {
    /// Every `<rect>` outlining the visible clip (the red stroke), as numbers, in drawing order.
    private func clipOutlines(_ svg: String) -> [[Double]] {
        svg.split(separator: "<rect ").map { " " + $0.prefix { $0 != "/" } }.filter { $0.contains("stroke=\"#ff3b30\"") }.map { element in
            ["x", "y", "width", "height"].map { name in
                let start = element.firstRange(of: " \(name)=\"")!
                return Double(element[start.upperBound...].prefix { $0 != "\"" })!
            }
        }
    }

    @Test("one panel per frame, each outlining the plan's visible clip at its instant; identical bytes every time")
    func panels() throws {
        try forAllScenes(count: 80) { rng, replay in
            let request = RandomScenes.request(using: &rng)
            let frames = Int.random(in: Filmstrip.frameRange, using: &rng)
            let svg = try Filmstrip.svg(for: request, frames: frames)
            #expect(try Filmstrip.svg(for: request, frames: frames) == svg, "\(replay)")
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.hasSuffix("</svg>"), "\(replay)")
            var sampled = request
            sampled.sampling = .keyframes(frames)
            let plan = try Planner.plan(for: sampled.validated())
            let outlines = clipOutlines(svg)
            #expect(outlines.count == frames, "\(outlines.count) outlines for \(frames) frames, \(replay)")
            let flying = try plan.flyingTrack()
            for (keyframe, outline) in zip(flying.filledKeyframes, outlines) {
                let clip = keyframe.visibleClip(in: flying.frame)
                let expected = [clip.x, clip.y, clip.width, clip.height]
                // Coordinates are written to 2 decimals (4 below 10).
                #expect(zip(outline, expected).allSatisfy { abs($0 - $1) <= 0.006 }, "\(outline) vs \(expected), \(replay)")
            }
        }
    }

    @Test("sharedFrame's destination image is drawn inside the flying screen's mask in every panel, in the screen's space")
    func nested() throws {
        try forAllScenes(count: 40, atLeast: 25) { rng, replay in
            let request = RandomScenes.request(using: &rng, style: .sharedFrame)
            let frames = Int.random(in: Filmstrip.frameRange, using: &rng)
            var sampled = request
            sampled.sampling = .keyframes(frames)
            let validated = try sampled.validated()
            guard !validated.reducedMotion else { throw SceneSkipped() }
            let plan = try Planner.plan(for: validated), svg = try Filmstrip.svg(for: request, frames: frames)
            let screen = try #require(plan.tracks.firstIndex { $0.id == "destinationScreen" })
            let image = try #require(plan.tracks.firstIndex { $0.id == "destinationImage" })
            let origin = plan.tracks[screen].frame.origin
            for panel in 0..<frames {
                let around = try #require(AnimatedSVGTests.groups(around: #"<g clip-path="url(#f\#(panel)t\#(image))">"#, in: svg), "\(replay)")
                // The screen's mask group, its own space, then the image's transform.
                try #require(around.count >= 4, "\(around), \(replay)")
                #expect(around[around.count - 3].hasPrefix(#"<g clip-path="url(#f\#(panel)t\#(screen))""#), "\(around), \(replay)")
                let translate = around[around.count - 2].split { " ()\"".contains($0) }.compactMap { Double($0) }
                #expect(
                    translate.count == 2 && abs(translate[0] - origin.x) <= 0.006 && abs(translate[1] - origin.y) <= 0.006, "\(around), \(replay)")
            }
        }
    }

    @Test("a track given content shows its image in every panel, over its content rect, inside its mask; no image without content")
    func content() throws {
        try forAllScenes(count: 60) { rng, replay in
            var request = ContentTests.requestWithContent(using: &rng)
            let frames = Int.random(in: Filmstrip.frameRange, using: &rng)
            let svg = try Filmstrip.svg(for: request, frames: frames)
            var sampled = request
            sampled.sampling = .keyframes(frames)
            let plan = try Planner.plan(for: sampled.validated())
            for (index, track) in plan.tracks.enumerated() {
                guard let content = track.content else { continue }
                let drawn = track.drawnContentFrame.offsetBy(dx: track.frame.x, dy: track.frame.y)
                for panel in 0..<frames {
                    // The image follows the paint inside the track's mask group, which is named by panel and track.
                    let group = #"<g clip-path="url(#f\#(panel)t\#(index))">"#
                    let mask = try #require(svg.firstRange(of: group), "\(track.id) panel \(panel), \(replay)")
                    let after = svg[mask.upperBound...]
                    let image = try #require(after.firstRange(of: "<image "), "\(track.id) panel \(panel), \(replay)")
                    let element = after[image.lowerBound...].prefix { $0 != ">" }
                    #expect(element.contains(#"href="\#(content.url.replacingAmpersands())""#), "\(element), \(replay)")
                    let numbers = ["x", "y", "width", "height"].map { name -> Double in
                        let start = element.firstRange(of: " \(name)=\"")!
                        return Double(element[start.upperBound...].prefix { $0 != "\"" })!
                    }
                    let expected = [drawn.x, drawn.y, drawn.width, drawn.height]
                    #expect(zip(numbers, expected).allSatisfy { abs($0 - $1) <= 0.006 }, "\(numbers) vs \(expected), \(replay)")
                }
            }
            #expect(svg.ranges(of: "<image ").count == frames * plan.tracks.filter { $0.content != nil }.count, "\(replay)")
            request.content = nil
            #expect(!(try Filmstrip.svg(for: request, frames: frames)).contains("<image"), "\(replay)")
        }
    }

    @Test(
        "frames is checked, and the plan request's own problems are named as for /v1/plans",
        arguments: [
            (#""frames": 1"#, "frames"), (#""frames": 25"#, "frames"), (#""frames": 2.5"#, "frames"), (#""frames": "six""#, "frames"),
            (#""framez": 6"#, "framez"), (#""sampling": {"tolerance": 1000001}"#, "sampling.tolerance"),
            (#""sampling": {"keyframes": 1}"#, "sampling.keyframes"), (#""precision": 13"#, "precision")
        ])
    func refusals(member: String, field: String) {
        let body =
            #"{"source": {"frame": {"x": 16, "y": 220, "width": 120, "height": 160}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}, "#
            + member + "}"
        switch Endpoint.filmstrip.answer(Array(body.utf8)).result {
        case .success: Issue.record("accepted \(member)")
        case .failure(let problem): #expect(problem.status == 422 && problem.field == field, "\(problem)")
        }
    }

    @Test("frames defaults to 6 and null means the default")
    func defaults() throws {
        let body =
            #"{"source": {"frame": {"x": 16, "y": 220, "width": 120, "height": 160}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}, "frames": null}"#
        let svg = String(decoding: try Endpoint.filmstrip.answer(Array(body.utf8)).result.get(), as: UTF8.self)
        #expect(clipOutlines(svg).count == Filmstrip.defaultFrames)
    }
}
