import FlightplanTestSupport
import Testing

@testable import FlightplanWire

/// The request's `content` (issue 28): tracks carry what each side names, every export paints it, sharedFrame's
/// destination image has its own track, and the exports' ids take the caller's prefix.
@Suite("Content: named once, carried onto the tracks, painted by every export")
struct ContentTests {
    /// A reference per slot, each its own URL so a track's content says where it came from; the elements' sizes are
    /// `imageSize` (none when it is left out), so that the geometry is the one planned without content.
    static func content(for request: PlanRequest) -> ContentReferences {
        func side(_ name: String) -> ContentReferences.Side {
            ContentReferences.Side(
                element: ContentReference(url: "https://example.com/\(name)/element.jpg?w=1&h=2", size: request.imageSize),
                screen: ContentReference(url: "\(name)-screen.png"),
                children: Dictionary(uniqueKeysWithValues: request.children.map { ($0.id, ContentReference(url: "\(name)-\($0.id).png")) }))
        }
        let auxiliary = Dictionary(uniqueKeysWithValues: request.auxiliary.map { ($0.id, ContentReference(url: "auxiliary-\($0.id).png")) })
        return ContentReferences(source: side("source"), destination: side("destination"), auxiliary: auxiliary)
    }

    /// A random request, choreographed half the time, naming content for every side and child.
    static func requestWithContent(using rng: inout SeededGenerator) -> PlanRequest {
        var request = RandomScenes.request(using: &rng)
        if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
        request.content = content(for: request)
        return request
    }

    /// What a track of `role` in `style` must paint, read from the issue's rule rather than from the planner's switch:
    /// a reveal that grows a colour (`growsColour`) paints the element's image on its sublayer, not on the colour.
    static func expected(_ track: Track, style: TransitionStyle, growsColour: Bool = false) -> String? {
        switch track.role {
        case .sourceScreen: "source-screen.png"
        case .destinationScreen: "destination-screen.png"
        case .content where style == .reveal:
            growsColour && track.parent == nil ? nil : "https://example.com/source/element.jpg?w=1&h=2"
        case .content:
            style == .snapshot ? nil : "https://example.com/destination/element.jpg?w=1&h=2"
        case .outgoingSnapshot: "https://example.com/source/element.jpg?w=1&h=2"
        case .incomingSnapshot: "https://example.com/destination/element.jpg?w=1&h=2"
        case .child: "destination-\(track.id.dropFirst("child:".count)).png"
        case .outgoingChild: "source-\(track.id.dropFirst("outgoingChild:".count)).png"
        case .auxiliary: "auxiliary-\(track.id.dropFirst("auxiliary:".count)).png"
        case .overlay, .placeholder: nil
        }
    }

    @Test("every track of every style paints what its side names, through the wire and back")
    func carried() throws {
        var painted = 0
        try forAllScenes(count: 200) { rng, replay in
            let request = Self.requestWithContent(using: &rng)
            let decoded = try PlanRequest(jsonBytes: request.jsonBytes)
            #expect(decoded == request, "\(replay)")
            let bytes = try Endpoint.plan.answer(request.jsonBytes).result.get()
            let plan = try Plan(jsonBytes: bytes)
            for track in plan.tracks {
                let growsColour = request.source.color != nil || request.destination.color != nil
                #expect(track.content?.url == Self.expected(track, style: plan.style, growsColour: growsColour), "\(track.id) \(replay)")
                if track.content != nil { painted += 1 }
            }
            let plain = try Plan(
                jsonBytes: try Endpoint.plan.answer(
                    {
                        var r = request; r.content = nil; return r
                    }().jsonBytes
                ).result.get())
            // Content adds what to paint and where (the image's rect); sharedFrame's destination image has its rect from
            // `imageSize` either way. A snapshot whose image leaves a letterbox cross-fades its pair each on its own channel.
            func bare(_ tracks: [Track]) -> [Track] {
                tracks.map { track in
                    var bare = track
                    bare.content = nil
                    bare.contentFrame = nil
                    if [.incomingSnapshot, .outgoingSnapshot].contains(track.role) {
                        bare.base.opacity = nil
                        bare.animates.removeAll { $0 == .opacity }
                        for index in bare.keyframes.indices { bare.keyframes[index].values.opacity = nil }
                    }
                    return bare
                }
            }
            #expect(bare(plain.tracks) == bare(plan.tracks), "\(replay)")
        }
        #expect(painted > 400)
    }

    @Test("each export paints the content where a track has it; placeholders only in a plan without content", arguments: TransitionStyle.allCases)
    func exported(style: TransitionStyle) throws {
        var rng = SeededGenerator(seed: 28)
        var request = RandomScenes.request(using: &rng, style: style)
        request.content = Self.content(for: request)
        let plan = try Planner.plan(for: request.validated())
        let url = "https://example.com/destination/element.jpg?w=1&h=2", reveal = "https://example.com/source/element.jpg?w=1&h=2"
        let element = style == .reveal ? reveal : url
        let waapi = String(decoding: PlanFormat.waapi.export(plan), as: UTF8.self)
        let css = String(decoding: PlanFormat.css.export(plan), as: UTF8.self)
        let svg = String(decoding: PlanFormat.svg.export(plan), as: UTF8.self)
        let lottie = try JSONParser.parse(PlanFormat.lottie.export(plan))
        let coreAnimation = String(decoding: PlanFormat.coreAnimation.export(plan), as: UTF8.self)
        let screen = style == .snapshot ? "https://example.com/source/element.jpg?w=1&amp;h=2" : "destination-screen.png"
        let raw = screen.split(separator: "&amp;", omittingEmptySubsequences: false).joined(separator: "&")
        #expect(waapi.contains(#"url(\"\#(raw)\")"#) && css.contains(#"url("\#(raw)")"#))
        #expect(svg.contains(#"<image href="\#(screen)""#))
        #expect(coreAnimation.contains(#""contents":{"url":"\#(raw)""#))
        if style != .snapshot {
            #expect(css.contains("url(\"\(element)\")"))
            #expect(svg.contains("href=\"\(element.split(separator: "&", omittingEmptySubsequences: false).joined(separator: "&amp;"))\""))
        }
        guard case .object(let document) = lottie, case .array(let assets)? = document.first(where: { $0.key == "assets" })?.value else {
            Issue.record("the Lottie export has no assets"); return
        }
        let images = assets.filter { asset in
            if case .object(let members) = asset { return members.contains { $0.key == "p" } }
            return false
        }
        #expect(images.count == plan.tracks.filter { $0.content != nil }.count)
        // Without content: no image anywhere, and the placeholders' colours.
        let bare = try Planner.plan(
            for: {
                var r = request; r.content = nil; return r
            }().validated())
        #expect(!String(decoding: PlanFormat.css.export(bare), as: UTF8.self).contains("background-image"))
        #expect(!String(decoding: PlanFormat.svg.export(bare), as: UTF8.self).contains("<image"))
    }

    @Test("given content, no export paints a colour the plan does not give: no placeholder under an image, around a letterbox or on a screen")
    func noPlaceholders() throws {
        try forAllScenes(count: 120) { rng, replay in
            let plan = try Planner.plan(for: Self.requestWithContent(using: &rng).validated())
            var given: Set<String> = []
            for track in plan.tracks {
                for values in [track.base] + track.keyframes.map(\.values) {
                    if let color = values.color, color.a > 0 { given.insert(ExportPalette.hex(color)) }
                }
            }
            // SVG: every colour filled where it shows (an opacity above 0) is one of the plan's (`fill` is also SMIL's
            // `freeze`, and `none`).
            let svg = String(decoding: PlanFormat.svg.export(plan), as: UTF8.self)
            for fill in svg.ranges(of: #" fill=""#) {
                let value = String(svg[fill.upperBound...].prefix { $0 != "\"" })
                let rest = svg[fill.upperBound...].prefix { $0 != ">" }
                let hidden = rest.contains(#"fill-opacity="0""#)
                #expect(!value.hasPrefix("#") || hidden || given.contains(value), "\(value) in \(rest.prefix(120)), \(replay)")
            }
            // Nor a placeholder's white diagonals (over reveal's growing colour, snapshot's container, a track left bare).
            #expect(!svg.contains(##"stroke="#fff""##), "\(replay)")
            // The web exports and Lottie: no placeholder's colour declared or filled.
            let css = String(decoding: PlanFormat.css.export(plan), as: UTF8.self)
            for track in plan.tracks where track.role != .overlay && track.role != .placeholder {
                let placeholder = ExportPalette.placeholder(for: track, schematic: true)
                var rgba = ExportText(capacity: 32)
                rgba.rgba(placeholder)
                let declared = String(decoding: rgba.bytes, as: UTF8.self)
                #expect(!css.contains("background-color: \(declared)") || given.contains(ExportPalette.hex(placeholder)), "\(declared), \(replay)")
            }
            for (color, opacity) in Self.staticFills(in: try JSONParser.parse(PlanFormat.lottie.export(plan))) where opacity > 0 {
                #expect(given.contains(ExportPalette.hex(Color(r: color[0], g: color[1], b: color[2]))), "\(color) filled at \(opacity) %, \(replay)")
            }
        }
    }

    /// Every Lottie fill (`"ty": "fl"`) whose colour and opacity are not animated: its colour's channels and opacity.
    static func staticFills(in value: JSONValue) -> [(color: [Double], opacity: Double)] {
        func member(_ name: String, _ value: JSONValue?) -> JSONValue? { value?.members?.first { $0.key == name }?.value }
        func numbers(_ value: JSONValue?) -> [Double]? {
            guard case .number(0)? = member("a", value) else { return nil }
            switch member("k", value) {
            case .number(let x)?: return [x]
            case .array(let items)?: return items.compactMap { if case .number(let x) = $0 { x } else { nil } }
            default: return nil
            }
        }
        var fills: [(color: [Double], opacity: Double)] = []
        if case .string("fl")? = member("ty", value), let color = numbers(member("c", value)), let opacity = numbers(member("o", value))?.first {
            fills.append((color, opacity))
        }
        for child in value.members?.map(\.value) ?? value.items ?? [] { fills += staticFills(in: child) }
        return fills
    }

    @Test("morph's image overflows its element where its flight draws it (seed 003: a square image aspect-filled into a 390 × 300 header)")
    func contentFrame() throws {
        var request = try PlanRequest(
            jsonBytes: Array(
                #"""
                {"style": "morph", "source": {"frame": {"x": 16, "y": 180, "width": 88, "height": 88}, "cornerRadius": 44},
                 "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}, "frame": {"x": 0, "y": 0, "width": 390, "height": 300},
                                 "contentMode": "aspectFill"}, "imageSize": {"width": 600, "height": 600}}
                """#.utf8))
        request.content = ContentReferences(destination: ContentReferences.Side(element: ContentReference(url: "a.png")))
        let plan = try Planner.plan(for: request.validated())
        let content = try plan.track("content")
        #expect(content.frame == Rect(x: 0, y: 0, width: 390, height: 300))
        #expect(content.contentFrame == Rect(x: 0, y: -45, width: 390, height: 390))
        #expect(try plan.track("destinationScreen").contentFrame == nil)
        let css = String(decoding: PlanFormat.css.export(plan), as: UTF8.self)
        #expect(css.contains("background-size: 390px 390px"))
        let svg = String(decoding: PlanFormat.svg.export(plan), as: UTF8.self)
        #expect(svg.contains(#"<image href="a.png" xlink:href="a.png" x="0" y="-45" width="390" height="390""#))
    }

    @Test(
        "snapshot's elements and child pairs draw their content as their content mode lays it out (issue 45: a 16:9 image in a 300 × 200 card, a 1:1 child going to a 390 × 300 rect)"
    )
    func snapshotContentFrames() throws {
        var request = try PlanRequest(
            jsonBytes: Array(
                #"""
                {"style": "snapshot", "source": {"frame": {"x": 16, "y": 300, "width": 300, "height": 200}, "contentMode": "aspectFit"},
                 "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}, "frame": {"x": 0, "y": 0, "width": 390, "height": 600},
                                 "contentMode": "scaleToFill"},
                 "children": [{"id": "hero", "from": {"x": 20, "y": 310, "width": 60, "height": 60}, "to": {"x": 0, "y": 0, "width": 390, "height": 300}}]}
                """#.utf8))
        let square = ContentReference(url: "hero.png", size: Size(width: 500, height: 500))
        request.content = ContentReferences(
            source: ContentReferences.Side(
                element: ContentReference(url: "card.png", size: Size(width: 1920, height: 1080)), children: ["hero": square]),
            destination: ContentReferences.Side(element: ContentReference(url: "detail.png", size: Size(width: 1920, height: 1080))))
        let plan = try Planner.plan(for: request.validated())
        #expect(try plan.track("outgoingSnapshot").contentFrame == Rect(x: 0, y: 15.625, width: 300, height: 168.75))
        #expect(try plan.track("incomingSnapshot").contentFrame == nil, "scaleToFill stretches, as the destination asks")
        #expect(try plan.track("child:hero").contentFrame == Rect(x: 0, y: -45, width: 390, height: 390))
        #expect(try plan.track("outgoingChild:hero").contentFrame == nil, "the child's content has its `from` frame's aspect")
        let css = String(decoding: PlanFormat.css.export(plan), as: UTF8.self)
        #expect(css.contains("background-size: 300px 168.75px") && css.contains("background-size: 390px 390px"))
        let svg = String(decoding: PlanFormat.svg.export(plan), as: UTF8.self)
        #expect(svg.contains(#"<image href="card.png" xlink:href="card.png" x="0" y="15.625" width="300" height="168.75""#))
        #expect(svg.contains(#"<image href="hero.png" xlink:href="hero.png" x="0" y="-45" width="390" height="390""#))
    }

    @Test("seed 001's tab bar: an auxiliary view's square picture is fitted or filled as its contentMode says, in every export")
    func auxiliaryContentMode() throws {
        func plan(_ mode: String?) throws -> Plan {
            let member = mode.map { #", "contentMode": "\#($0)""# } ?? ""
            let request = try PlanRequest(
                jsonBytes: Array(
                    #"""
                    {"style": "zoom", "source": {"frame": {"x": 131, "y": 300, "width": 128, "height": 96}},
                     "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}},
                     "auxiliary": [{"id": "tabBar", "frame": {"x": 0, "y": 761, "width": 390, "height": 83}, "from": 1, "to": 0\#(member)}],
                     "content": {"auxiliary": {"tabBar": {"url": "tabs.png", "size": {"width": 1000, "height": 1000}}}}}
                    """#.utf8))
            return try Planner.plan(for: request.validated())
        }
        let fitted = try plan("aspectFit")
        #expect(try fitted.track("auxiliary:tabBar").contentFrame == Rect(x: 153.5, y: 0, width: 83, height: 83))
        #expect(String(decoding: PlanFormat.css.export(fitted), as: UTF8.self).contains("background-size: 83px 83px"))
        let svg = String(decoding: PlanFormat.svg.export(fitted), as: UTF8.self)
        #expect(svg.contains(#"<image href="tabs.png" xlink:href="tabs.png" x="153.5" y="0" width="83" height="83""#))
        let filled = try plan(nil)
        #expect(try filled.track("auxiliary:tabBar").contentFrame == Rect(x: 0, y: -153.5, width: 390, height: 390), "aspectFill by default")
        #expect(try filled.track("auxiliary:tabBar").base.maskFrame == Rect(x: 0, y: 0, width: 390, height: 83), "cropped to the bar")
        #expect(try fitted.track("auxiliary:tabBar").base.maskFrame == nil, "nothing to crop")
        #expect(try plan("scaleToFill").track("auxiliary:tabBar").contentFrame == nil, "scaleToFill stretches, as the view asks")
        let refusal = #expect(throws: JSONInputError.self) { try plan("stretch") }
        if case .invalid(let invalid)? = refusal {
            #expect(invalid.field == "auxiliary[0].contentMode" && invalid.message.contains("must be one of"))
        } else {
            Issue.record("an unknown contentMode is no 422 naming auxiliary[0].contentMode: \(String(describing: refusal))")
        }
    }

    @Test(
        "bad content is a 422 naming the field",
        arguments: [
            (#"{"destination": {"element": {"url": "a b.png"}}}"#, "content.destination.element.url"),
            (#"{"destination": {"element": {"url": "x\"y"}}}"#, "content.destination.element.url"),
            (#"{"source": {"screen": {"url": ""}}}"#, "content.source.screen.url"),
            (#"{"source": {"screen": {"url": "a.png", "size": {"width": 0, "height": 10}}}}"#, "content.source.screen.size.width"),
            (#"{"source": {"children": {"nobody": {"url": "a.png"}}}}"#, "content.source.children.nobody"),
            (#"{"source": {"element": "a.png"}}"#, "content.source.element"),
            (#"{"source": {"element": {"href": "a.png"}}}"#, "content.source.element.url"),
            (#"{"sides": {}}"#, "content.sides")
        ])
    func refused(content: String, field: String) throws {
        let problem = ValidationTests.problem(ValidationTests.body(extra: #""content": \#(content)"#))
        #expect(problem?.status == 422)
        #expect(problem?.field == field)
    }

    @Test("a reference longer than the limit is refused; one at the limit plans")
    func longest() throws {
        let limit = PlanLimits.maximumContentReferenceLength
        let atLimit = "data:image/png;base64," + String(repeating: "A", count: limit - 22)
        #expect(ValidationTests.problem(ValidationTests.body(extra: #""content": {"source": {"element": {"url": "\#(atLimit)"}}}"#)) == nil)
        let problem = ValidationTests.problem(ValidationTests.body(extra: #""content": {"source": {"element": {"url": "\#(atLimit)A"}}}"#))
        #expect(problem?.field == "content.source.element.url")
    }

    @Test("sharedFrame's destination image is drawn inside the flying screen: the destination's frame, its image laid out and cropped in it")
    func destinationImage() throws {
        var checked = 0
        try forAllScenes(count: 150, atLeast: 100) { rng, replay in
            var request = RandomScenes.request(using: &rng, style: .sharedFrame)
            if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
            let validated = try request.validated()
            guard !validated.reducedMotion else { throw SceneSkipped() }  // nothing flies
            let plan = try Planner.plan(for: validated)
            let screen = try plan.track("destinationScreen"), image = try plan.track("destinationImage")
            #expect(image.role == .content && image.z == screen.z + 1 && image.parent == screen.id, "\(replay)")
            // Only its mask moves (from what the cell shows of the image to the destination's frame): the screen carries it.
            #expect(Set(image.animates).isSubset(of: [.maskFrame, .cornerRadius]), "\(replay)")
            #expect(plan.parent(of: image) == screen && plan.parent(of: screen) == nil, "\(replay)")
            let destination = request.destination, frame = destination.contentFrame
            let whole = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
            let resting = destination.contentMode.displayedRect(of: validated.imageSize, in: frame)
            #expect(isClose(image.frame, frame.offsetBy(dx: -screen.frame.x, dy: -screen.frame.y)), "\(replay)")
            // The image at rest where the destination lays it out, and shown only within the destination's frame: an
            // aspect-filled image is cropped by the track's mask (with the frame's corners), not spilled over the screen.
            let drawn = image.contentFrame ?? whole
            let overflows = resting.width > frame.width * (1 + 1e-9) || resting.height > frame.height * (1 + 1e-9)
            let expanded = request.direction == .push ? plan.duration : 0
            let rest = image.values(at: expanded)
            #expect(!overflows || rest.maskFrame.map { isClose($0, whole) } == true, "\(replay)")
            #expect(
                rest.cornerRadius.map { isClose($0, destination.cornerRadius) } ?? (destination.cornerRadius == 0 || rest.maskFrame == nil),
                "\(replay)")
            if validated.start == nil {
                #expect(isClose(plan.stageRect(drawn, in: image, at: expanded), resting, relative: 1e-7), "\(replay)")
                #expect(isClose(plan.stageRect(rest.maskFrame ?? whole, in: image, at: expanded), frame, relative: 1e-7), "\(replay)")
            }
            for keyframe in screen.keyframes {
                // On the stage the image is where the screen's transform puts the screen's own image rect.
                let placed = plan.stageRect(whole, in: image, at: keyframe.time)
                let carried = (keyframe.values.transform ?? .identity).apply(to: image.frame, inLayer: screen.frame)
                #expect(isClose(placed, carried), "\(replay)")
                checked += 1
            }
        }
        #expect(checked > 200)
    }

    @Test("the web exports build sharedFrame's destination image inside the flying screen's paint box, in the screen's own space")
    func webChild() throws {
        try forAllScenes(count: 40, atLeast: 20) { rng, replay in
            let validated = try RandomScenes.request(using: &rng, style: .sharedFrame).validated()
            guard !validated.reducedMotion else { throw SceneSkipped() }
            let plan = try Planner.plan(for: validated)
            let screen = try plan.track("destinationScreen"), image = try plan.track("destinationImage")
            let elements = try JSONParser.parse(PlanFormat.waapi.export(plan)).members?.first { $0.key == "elements" }?.value.items ?? []
            func member(_ name: String, of value: JSONValue?) -> JSONValue? { value?.members?.first { $0.key == name }?.value }
            let element = elements.first { member("id", of: $0) == .string(image.id) }
            // The waapi element names its parent; no other element has one.
            #expect(member("parent", of: element) == .string(screen.id), "\(replay)")
            #expect(elements.filter { member("parent", of: $0) != nil }.count == 1, "\(replay)")
            // Its layer is placed by its frame in the screen's own space, relative to the screen's paint box.
            let painted = ExportPalette.webPaintBox(of: screen)
            guard case .string(let translate)? = member("translate", of: member("style", of: element)) else {
                Issue.record("the image element has no translate: \(replay)"); return
            }
            let placed = Self.pixels(translate)
            #expect(placed.count == 2 && isClose(placed[0], image.frame.x - painted.x, relative: 1e-8), "\(replay)")
            #expect(placed.count == 2 && isClose(placed[1], image.frame.y - painted.y, relative: 1e-8), "\(replay)")
            // The style sheet's header says where the image's div goes; its class places it the same way.
            let css = String(decoding: PlanFormat.css.export(plan), as: UTF8.self)
            let header = css.prefix { $0 != "\n" }
            #expect(header.contains("a child's outermost div goes inside its parent's paint div, after what that div holds: "), "\(replay)")
            #expect(header.contains("div.fp-destinationImage in div.fp-destinationScreen-paint. "), "\(replay)")
            #expect(css.contains(".fp-destinationImage { position: absolute; left: 0; top: 0; translate: \(translate); "), "\(replay)")
        }
        // A plan without children says nothing of parents.
        for style in TransitionStyle.allCases where style != .sharedFrame {
            var rng = SeededGenerator(seed: 29)
            let plan = try Planner.plan(for: RandomScenes.request(using: &rng, style: style).validated())
            #expect(!String(decoding: PlanFormat.waapi.export(plan), as: UTF8.self).contains(#""parent""#), "\(style)")
            #expect(!String(decoding: PlanFormat.css.export(plan), as: UTF8.self).contains("outermost"), "\(style)")
        }
    }

    /// The lengths of a CSS value such as `12.5px -3px`.
    static func pixels(_ value: String) -> [Double] {
        value.split(separator: " ").map { Double($0.hasSuffix("px") ? $0.dropLast(2) : $0[...]) ?? .nan }
    }

    @Test(
        "the web exports place every box by translate and start every image a whole pixel into its paint box, which covers the painted rect (Chromium rounds left, top and background-position in a box's own space; issue 45)"
    )
    func webWholePixels() throws {
        var grown = 0
        try forAllScenes(count: 60, atLeast: 40) { rng, replay in
            let plan = try Planner.plan(for: Self.requestWithContent(using: &rng).validated())
            let elements = try JSONParser.parse(PlanFormat.waapi.export(plan)).members?.first { $0.key == "elements" }?.value.items ?? []
            #expect(elements.count == plan.tracks.count, "\(replay)")
            func member(_ name: String, of value: JSONValue?) -> JSONValue? { value?.members?.first { $0.key == name }?.value }
            func style(_ name: String, of box: JSONValue?) -> [Double] {
                guard case .string(let value)? = member(name, of: member("style", of: box)) else { return [] }
                return Self.pixels(value)
            }
            for (track, element) in zip(plan.tracks, elements) {
                for box in [member("region", of: element), element, member("paint", of: element)].compactMap({ $0 }) {
                    #expect(style("left", of: box) == [0] && style("top", of: box) == [0], "\(track.id) \(replay)")
                    #expect(style("translate", of: box).count == 2, "\(track.id) \(replay)")
                }
                guard track.content != nil else { continue }
                let paint = member("paint", of: element), painted = ExportPalette.paintedRect(of: track)
                let origin = style("translate", of: paint), offset = style("background-position", of: paint)
                let size = [style("width", of: paint), style("height", of: paint)].flatMap { $0 }
                guard origin.count == 2, offset.count == 2, size.count == 2 else { Issue.record("\(track.id): no placement \(replay)"); continue }
                let drawn = track.drawnContentFrame, colours = track.base.color != nil || track.animates.contains(.color)
                // The image lies where the plan draws it, at a whole-pixel offset in a box that paints no colour.
                #expect(isClose(origin[0] + offset[0], drawn.x, relative: 1e-8), "\(track.id) \(replay)")
                #expect(isClose(origin[1] + offset[1], drawn.y, relative: 1e-8), "\(track.id) \(replay)")
                #expect(colours || offset.allSatisfy { abs($0 - $0.rounded()) < 1e-6 }, "\(track.id) \(offset) \(replay)")
                // The box covers the painted rect, grown under a pixel up and left, and only where it paints no colour.
                let growth = (painted.x - origin[0], painted.y - origin[1])
                #expect((0..<1).contains(growth.0 + 1e-6) && (0..<1).contains(growth.1 + 1e-6), "\(track.id) \(growth) \(replay)")
                #expect(isClose(size[0], painted.width + growth.0, relative: 1e-8), "\(track.id) \(replay)")
                #expect(isClose(size[1], painted.height + growth.1, relative: 1e-8), "\(track.id) \(replay)")
                #expect(!colours || (abs(growth.0) < 1e-6 && abs(growth.1) < 1e-6), "\(track.id) \(replay)")
                if growth.0 > 1e-6 || growth.1 > 1e-6 { grown += 1 }
            }
        }
        // Most images start at a fraction of a pixel: the growth is exercised.
        #expect(grown > 20)
    }

    @Test("an id prefix names every class and id of the web exports; only a letter then 31 of [A-Za-z0-9_-] is one")
    func prefix() throws {
        let body = Array(ValidationTests.valid.utf8)
        for format in [PlanFormat.waapi, .css, .svg] {
            let text = String(decoding: try Endpoint.plan.answer(body, format: format, idPrefix: "hero2").result.get(), as: UTF8.self)
            #expect(text.contains("hero2-destinationScreen") && !text.contains("fp-"), "\(format)")
        }
        for bad in ["2x", "", "a b", String(repeating: "a", count: 33), "é"] {
            #expect(throws: ValidationError.self) { try PlanFormat.check(idPrefix: bad) }
        }
        try PlanFormat.check(idPrefix: "a" + String(repeating: "-", count: 31))
    }

    @Test(
        "outlines close where they start, stay inside their rect, keep their segments at any radius and the same handles at every corner",
        arguments: CornerCurve.allCases)
    func outlines(curve: CornerCurve) throws {
        try forAllScenes(count: 300) { rng, replay in
            let rect = Rect(
                x: .random(in: -500...500, using: &rng), y: .random(in: -500...500, using: &rng),
                width: .random(in: 0...800, using: &rng), height: .random(in: 0...800, using: &rng))
            let outline = ExportOutline(rect, radius: .random(in: -10...500, using: &rng), curve: curve)
            var pieces: [ExportOutline.Cubic] = []
            outline.forEachPiece { pieces.append($0) }
            #expect(pieces.count == (curve == .continuous ? 16 : 8) && pieces.count <= ExportOutline.mostPieces, "\(replay)")
            // The edges open each corner's run, whatever the radius (path data draws them as lines: same segments at
            // every keyframe), and are straight: their control points at their ends.
            let run = curve == .continuous ? 4 : 2
            #expect(pieces.indices.map { pieces[$0].isEdge } == pieces.indices.map { $0 % run == 0 }, "\(replay)")
            for (index, piece) in pieces.enumerated() where piece.isEdge {
                let from = index == 0 ? outline.start : pieces[index - 1].end
                #expect(piece.control1 == from && piece.control2 == piece.end, "\(replay)")
            }
            // The handles are the control points from the piece's ends, and the same numbers at every corner.
            let scale = 1e-9 * max(1, abs(rect.x), abs(rect.y), abs(rect.maxX), abs(rect.maxY))
            func near(_ a: ExportOutline.Point2, _ b: ExportOutline.Point2) -> Bool { abs(a.x - b.x) <= scale && abs(a.y - b.y) <= scale }
            for (index, piece) in pieces.enumerated() {
                let from = index == 0 ? outline.start : pieces[index - 1].end
                #expect(near(piece.handle1, (piece.control1.x - from.x, piece.control1.y - from.y)), "\(replay)")
                #expect(near(piece.handle2, (piece.control2.x - piece.end.x, piece.control2.y - piece.end.y)), "\(replay)")
            }
            let lengths = pieces.map { [abs($0.handle1.x) + abs($0.handle1.y), abs($0.handle2.x) + abs($0.handle2.y)] }
            #expect((0..<4).allSatisfy { Array(lengths[$0 * run..<($0 + 1) * run]) == Array(lengths[0..<run]) }, "\(replay)")
            let last = pieces[pieces.count - 1].end
            #expect(abs(last.x - outline.start.x) < 1e-9 && abs(last.y - outline.start.y) < 1e-9, "\(replay)")
            for piece in pieces {
                for point in [piece.control1, piece.control2, piece.end] {
                    #expect(
                        point.x >= rect.x - 1e-9 && point.x <= rect.maxX + 1e-9 && point.y >= rect.y - 1e-9 && point.y <= rect.maxY + 1e-9,
                        "\(replay)")
                }
            }
        }
    }
}
