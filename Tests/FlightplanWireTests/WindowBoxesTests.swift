import FlightplanTestSupport
import Testing

@testable import FlightplanWire

@Suite("Window boxes: each track's visible clip, drawn content, radius and opacity in window points")
struct WindowBoxesTests {
    /// What a track shows at keyframe `index`, put together from the keyframes as the sampler measures them
    /// (``Keyframe/visibleClip(in:)``, ``Keyframe/visibleCornerRadius``), each parent's keyframe mapping it on.
    static func expected(_ track: Track, in plan: Plan, keyframe index: Int) -> WindowBox {
        let own = track.filledKeyframe(index)
        var clip = own.visibleClip(in: track.frame), content = own.transform.apply(to: track.drawnContentFrame, inLayer: track.frame)
        var radius = own.visibleCornerRadius, opacity = own.opacity, current = plan.parent(of: track)
        while let parent = current {
            let keyframe = parent.filledKeyframe(index)
            clip = keyframe.transform.apply(to: clip, inLayer: parent.frame)
            content = keyframe.transform.apply(to: content, inLayer: parent.frame)
            radius *= max(abs(keyframe.transform.a), abs(keyframe.transform.d))
            opacity *= keyframe.opacity
            current = plan.parent(of: parent)
        }
        return WindowBox(
            time: plan.windowBoxTimes[index], clip: clip, content: track.content == nil ? nil : content, cornerRadius: radius,
            opacity: opacity, color: track.values(atKeyframe: index).color)
    }

    @Test(
        "every track's box at every keyframe is its mask, content, radius and opacity as its keyframe and its parents' draw them, for every style, nested and moved plans too"
    )
    func boxesMatchTheKeyframes() throws {
        var boxes = 0, childBoxes = 0, contentBoxes = 0, styles = Set<TransitionStyle>()
        try forAllScenes(count: 200, seed: 0xB0E5) { rng, replay in
            var request = RandomScenes.request(using: &rng)
            if Bool.random(using: &rng) { request.content = ContentTests.content(for: request) }
            if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
            var plan = try Planner.plan(for: request.validated())
            if Bool.random(using: &rng) { plan = RandomScenes.nesting(plan, using: &rng) }
            if Bool.random(using: &rng) { plan = RandomScenes.moved(plan, using: &rng) }
            styles.insert(plan.style)
            #expect(plan.windowBoxTimes == plan.keyframeTimes, "\(replay)")
            for track in plan.tracks {
                let got = plan.windowBoxes(of: track)
                #expect(got.count == plan.keyframeTimes.count, "\(track.id), \(replay)")
                for (index, box) in got.enumerated() {
                    let want = Self.expected(track, in: plan, keyframe: index), what = "\(track.id) at keyframe \(index), \(replay)"
                    #expect(box.time == want.time, "\(what)")
                    expectClose(box.clip, want.clip, "\(what): clip")
                    #expect((box.content == nil) == (want.content == nil), "\(what): content")
                    if let content = box.content, let expected = want.content { expectClose(content, expected, "\(what): content") }
                    expectClose(box.cornerRadius, want.cornerRadius, "\(what): radius")
                    expectClose(box.opacity, want.opacity, scale: 1, "\(what): opacity")
                    #expect(box.color == want.color, "\(what): colour")
                    boxes += 1
                    if track.parent != nil { childBoxes += 1 }
                    if box.content != nil { contentBoxes += 1 }
                }
            }
        }
        #expect(
            styles == Set(TransitionStyle.allCases) && boxes > 10_000 && childBoxes > 500 && contentBoxes > 500,
            "\(boxes), \(childBoxes), \(contentBoxes)")
    }

    @Test(
        "the flight's clip is the source's visible frame at one end and the destination's at the other (sharedFrame its bounds, morph and snapshot its content frame; zoom and reveal by their own rules)"
    )
    func flightEnds() throws {
        var checked = 0
        try forAllScenes(count: 200, seed: 0xB0E6) { rng, replay in
            let request = RandomScenes.request(using: &rng)
            let validated = try request.validated(), plan = try Planner.plan(for: validated)
            guard plan.style != .reveal, !validated.reducedMotion else { return }
            let boxes = plan.windowBoxes(of: try plan.flyingTrack())
            // A pop plays the push backwards: it starts on the destination and ends on the source.
            let first = try #require(boxes.first), last = try #require(boxes.last)
            let (collapsed, expanded) = plan.direction == .push ? (first, last) : (last, first)
            // sharedFrame's screen starts on what the cell shows of the image (an aspect-fitted one leaves a letterbox).
            let shown = request.source.contentMode.displayedRect(of: validated.imageSize, in: request.source.frame)
            let seen = plan.style == .sharedFrame ? shown.intersection(validated.visibleSource)! : validated.visibleSource
            expectClose(collapsed.clip, seen, "the source's end is what the user sees, \(replay)")
            switch plan.style {
            case .sharedFrame: expectClose(expanded.clip, request.destination.bounds, "\(replay)")
            case .morph, .snapshot: expectClose(expanded.clip, request.destination.contentFrame, "\(replay)")
            case .zoom, .reveal: break
            }
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test("?format=boxes writes each track's id, role, z, parent, region and every box as Plan.windowBoxes has them")
    func export() throws {
        try forAllScenes(count: 60, seed: 0xB0E7) { rng, replay in
            var plan = try Planner.plan(for: RandomScenes.request(using: &rng).validated())
            if Bool.random(using: &rng) { plan = RandomScenes.nesting(plan, using: &rng) }
            let document = try JSONParser.parse(PlanFormat.boxes.export(plan))
            func member(_ value: JSONValue?, _ key: String) -> JSONValue? { value?.members?.first { $0.key == key }?.value }
            func number(_ value: JSONValue?) -> Double? { if case .number(let n) = value { n } else { nil } }
            func rect(_ value: JSONValue?) -> Rect? {
                guard let x = number(member(value, "x")), let y = number(member(value, "y")), let width = number(member(value, "width")),
                    let height = number(member(value, "height"))
                else { return nil }
                return Rect(x: x, y: y, width: width, height: height)
            }
            #expect(number(member(document, "duration")) == plan.duration && rect(member(document, "stage")) == plan.stage, "\(replay)")
            let tracks = member(document, "tracks")?.items ?? []
            #expect(tracks.count == plan.tracks.count, "\(replay)")
            for (json, track) in zip(tracks, plan.tracks) {
                #expect(member(json, "id") == .string(track.id) && member(json, "role") == .string(track.role.rawValue), "\(replay)")
                #expect(number(member(json, "z")) == Double(track.z), "\(replay)")
                #expect(member(json, "parent") == track.parent.map { .string($0) }, "\(track.id), \(replay)")
                #expect(rect(member(json, "region")) == track.clip, "\(track.id), \(replay)")
                let keyframes = member(json, "keyframes")?.items ?? []
                let boxes = plan.windowBoxes(of: track)
                #expect(keyframes.count == boxes.count, "\(track.id), \(replay)")
                for (keyframe, box) in zip(keyframes, boxes) {
                    #expect(number(member(keyframe, "time")) == box.time, "\(track.id), \(replay)")
                    #expect(rect(member(keyframe, "clip")) == box.clip && rect(member(keyframe, "content")) == box.content, "\(track.id), \(replay)")
                    #expect(number(member(keyframe, "radius")) == box.cornerRadius, "\(track.id), \(replay)")
                    #expect(number(member(keyframe, "opacity")) == box.opacity, "\(track.id), \(replay)")
                    #expect((member(keyframe, "color") == nil) == (box.color == nil), "\(track.id), \(replay)")
                }
            }
        }
    }
}
