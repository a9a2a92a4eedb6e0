import FlightplanTestSupport
import Testing

@testable import FlightplanWire

/// The animated SVG export (`?format=svg`) draws a track with a parent inside its parent's clip group.
@Suite("Animated SVG: a child is drawn inside its parent's clip group")
struct AnimatedSVGTests {
    /// The opening tags of the `<g>` groups around the first `marker` in `svg`, outermost first; nil when it has none.
    static func groups(around marker: String, in svg: String) -> [Substring]? {
        guard let target = svg.firstRange(of: marker)?.lowerBound else { return nil }
        var open: [Substring] = [], rest = svg[..<target]
        while let start = rest.firstRange(of: "<") {
            let tag = rest[start.lowerBound...].prefix { $0 != ">" }
            if tag.hasPrefix("<g ") {
                open.append(tag)
            } else if tag.hasPrefix("</g"), !open.isEmpty {
                open.removeLast()
            }
            rest = rest[start.upperBound...]
        }
        return open
    }

    /// The numbers of the first `name="…"` attribute after `marker` (split at spaces, semicolons and parentheses).
    private func numbers(_ name: String, after marker: String, in svg: String) -> [Double] {
        guard let place = svg.firstRange(of: marker), let start = svg[place.upperBound...].firstRange(of: " \(name)=\"") else { return [] }
        return svg[start.upperBound...].prefix { $0 != "\"" }.split { " ;()".contains($0) }.compactMap { Double($0) }
    }

    @Test("sharedFrame's destination image: inside the flying screen's mask group, after its paint, at its frame in the screen's space")
    func sharedFrame() throws {
        try forAllScenes(count: 60, atLeast: 40) { rng, replay in
            var request = RandomScenes.request(using: &rng, style: .sharedFrame)
            if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
            let validated = try request.validated()
            guard !validated.reducedMotion else { throw SceneSkipped() }
            let plan = try Planner.plan(for: validated)
            let screen = try plan.track("destinationScreen"), image = try plan.track("destinationImage")
            let svg = String(decoding: PlanFormat.svg.export(plan), as: UTF8.self)
            let around = try #require(Self.groups(around: #"<g id="fp-destinationImage""#, in: svg), "\(replay)")
            let mask = #"<g clip-path="url(#fp-destinationScreen-mask)""#
            #expect(around.last == mask[...], "\(around), \(replay)")
            #expect(around.dropLast().last?.hasPrefix(#"<g id="fp-destinationScreen""#) == true, "\(around), \(replay)")
            if screen.clip != nil { #expect(around.contains(#"<g clip-path="url(#fp-destinationScreen-region)""#), "\(replay)") }
            // The screen's paint comes first, inside its mask group.
            let paint = try #require(svg.firstRange(of: mask), "\(replay)").upperBound
            #expect(svg[paint...].hasPrefix(#"><path d=""#), "\(replay)")
            #expect(
                numbers("transform", after: #"id="fp-destinationImage""#, in: svg).prefix(2).elementsEqual([image.frame.x, image.frame.y]) {
                    abs($0 - $1) < 1e-5
                }, "\(replay)")
        }
    }

    @Test("a child with keyframes of its own animates in its parent's space (the stage's origin is not taken off), with its own mask")
    func animatedChild() throws {
        var rng = SeededGenerator(seed: 7)
        var plan = try Planner.plan(for: RandomScenes.request(using: &rng, style: .sharedFrame).validated())
        plan.stage = plan.stage.offsetBy(dx: 7, dy: 11)
        let index = try #require(plan.tracks.firstIndex { $0.id == "destinationImage" })
        let times = try plan.track("destinationScreen").keyframes.map(\.time)
        let frame = plan.tracks[index].frame
        plan.tracks[index].animates = [.transform, .opacity, .maskFrame]
        plan.tracks[index].base = TrackValues(maskFrame: Rect(x: 0, y: 0, width: frame.width, height: frame.height), cornerRadius: 12)
        plan.tracks[index].keyframes = times.enumerated().map { step, time in
            let shift = Double(step)
            return TrackKeyframe(
                time: time,
                values: TrackValues(
                    transform: AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: shift, ty: -shift),
                    maskFrame: Rect(x: shift, y: 0, width: 40, height: 30),
                    opacity: 1 - shift / Double(times.count)))
        }
        let svg = String(decoding: PlanFormat.svg.export(plan), as: UTF8.self)
        let around = try #require(Self.groups(around: #"<clipPath id="fp-destinationImage-mask""#, in: svg))
        let chain = [#"<g id="fp-destinationScreen""#, #"<g clip-path="url(#fp-destinationScreen-mask)""#, #"<g id="fp-destinationImage""#]
        #expect(around.count >= 3 && zip(around.suffix(3), chain).allSatisfy { $0.hasPrefix($1) }, "\(around)")
        #expect(svg.contains(#"<g clip-path="url(#fp-destinationImage-mask)">"#))
        let translations = numbers("values", after: #"<g id="fp-destinationImage""#, in: svg)
        let expected = times.indices.flatMap { step in
            [frame.x + frame.width / 4 + Double(step), frame.y + frame.height / 4 - Double(step)]
        }
        #expect(translations.count == expected.count && zip(translations, expected).allSatisfy { abs($0 - $1) < 1e-5 }, "\(translations)")
    }
}
