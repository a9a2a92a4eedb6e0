/// A plan as a Lottie (bodymovin 5) animation, for Lottie players on every platform.
///
/// One shape layer per track (the first layer drawn on top, as Lottie stacks them): a rect covering the layer
/// and its masks in its colour, the layer's anchor at its centre so that position, scale and opacity are the plan's
/// transform and opacity, and the mask as an animated path of the mask's outline (circular or continuous corners,
/// ``ExportOutline``) in the layer's own space. A track with `content` also has a layer just above it with the same
/// transform and masks, a composition of the layer's frame that scales an image asset over it (`e: 1` for a
/// `data:` URL; rlottie draws an asset at its `w` × `h` pixels, so the reference's `size` matters); its shape
/// layer then leaves the image's area unpainted, so a fading image does not show its colour through. A content
/// region is a second, intersecting mask, mapped into the layer at each keyframe. Keyframes are linear, at the
/// plan's times in frames (60 per second), exact. Other numbers have at most six decimals, as in the CSS and SVG
/// exports: a millionth of a point is far below what a player draws (most read numbers as 32-bit floats; Bodymovin
/// itself writes three decimals), while a rounded time would move a fast layer by its speed times the rounding.
/// Shadows are not drawn: rlottie plays no layer effects, so the document says so in `meta.d` when the plan has any.
/// The out point (`op`, the document's and every layer's) is one frame past the first whole frame at or after the plan's
/// end: a player shows frames `ip` … `op` − 1 and stops a non-looping animation on the last (lottie-web), so that frame
/// is the plan's end state, not the state a frame before it.
///
/// A track with children (``Track/parent``) is instead one precomposition layer (`group-N`) carrying the track's
/// transform, masks and opacity, so that they apply to everything inside as a group (a Lottie layer's `parent`
/// passes on its transform alone). The composition is the track's own space moved to the corner of what it covers
/// (its paint and every child at every keyframe: a player clips a precomposition to its `w` × `h`); in it, the
/// children's layers (each placed as on the stage, its frame in the parent's space) lie above the track's own
/// shape and content layers, which hold still there. A child's content region is mapped into it through its
/// parents' transforms too, at their keyframe times.
extension ExportScene {
    /// Frames per second of the animation.
    static let lottieFrameRate = 60.0

    /// Writes the Lottie document as the writer's next value (a batch's or a dismissal's plan, without a copy).
    func lottieDocument(to writer: inout JSONWriter) {
        let outPoint = max(1, (plan.duration * Self.lottieFrameRate).rounded(.up)) + 1
        writer.beginObject()
        writer.key("v"); writer.string("5.7.0")
        writer.key("nm"); writer.string("Flightplan \(plan.style.rawValue) \(plan.direction.rawValue)")
        writer.key("fr"); writer.number(Self.lottieFrameRate)
        writer.key("ip"); writer.number(0)
        writer.key("op"); writer.number(outPoint)
        writer.key("w"); writer.integer(Int(stage.width.rounded(.up)))
        writer.key("h"); writer.integer(Int(stage.height.rounded(.up)))
        writer.key("ddd"); writer.integer(0)
        if tracks.contains(where: { $0.base.shadow != nil || $0.animates.contains(.shadow) }) {
            writer.key("meta")
            writer.beginObject()
            writer.key("g"); writer.string("Flightplan")
            writer.key("d"); writer.string("Warning: the plan's shadows are not drawn (rlottie, the reference player, plays no layer effects).")
            writer.endObject()
        }
        // A content layer is named after its track (`child:x content`), numbered where that is another layer's name
        // (a track `child:x content`): a player finds layers by name within a composition.
        var layerNames = UniqueNames(reserving: tracks.lazy.map(\.id), separator: " ")
        let contentNames = tracks.indices.map { tracks[$0].content == nil ? nil : layerNames.claim("\(tracks[$0].id) content") }
        writer.key("assets")
        writer.beginArray()
        for index in tracks.indices {
            if let content = tracks[index].content { contentAssets(content, of: tracks[index], index: index, outPoint: outPoint, to: &writer) }
        }
        for index in tracks.indices where !tree.children[index].isEmpty {
            let bounds = groupBounds(index, tree: tree)
            writer.beginObject()
            writer.key("id"); writer.string("group-\(index)")
            writer.key("layers")
            layers(
                of: tree.children[index], origin: (bounds.x, bounds.y), below: index, outPoint: outPoint, tree: tree, contentNames: contentNames,
                to: &writer)
            writer.endObject()
        }
        writer.endArray()
        writer.key("layers")
        layers(of: tree.roots, origin: (stage.x, stage.y), below: nil, outPoint: outPoint, tree: tree, contentNames: contentNames, to: &writer)
        writer.endObject()
    }

    /// The layers of one composition, top first: those of the tracks at `indices` (the last on top), placed with the
    /// composition's top-left at `origin` in the space their frames are in, then the own paint of the track at
    /// `owner`, whose group this composition is, holding still. A track with content has a content layer named
    /// `contentNames` at its position.
    private func layers(
        of indices: [Int], origin: (x: Double, y: Double), below owner: Int?, outPoint: Double, tree: ExportTree, contentNames: [String?],
        to writer: inout JSONWriter
    ) {
        var drawn: [(track: Int, kind: LottieLayerKind, moving: Bool)] = []
        func paint(_ index: Int, moving: Bool) {
            if let name = contentNames[index] { drawn.append((index, .content("content-\(index)", name: name), moving)) }
            drawn.append((index, .shape, moving))
        }
        for index in indices.reversed() {
            if tree.children[index].isEmpty {
                paint(index, moving: true)
            } else {
                drawn.append((index, .group("group-\(index)", groupBounds(index, tree: tree)), true))
            }
        }
        if let owner { paint(owner, moving: false) }
        writer.beginArray()
        for (number, layer) in drawn.enumerated() {
            self.layer(
                tracks[layer.track], at: layer.track, index: number + 1, outPoint: outPoint, kind: layer.kind, origin: origin,
                moving: layer.moving, tree: tree, to: &writer)
        }
        writer.endArray()
    }

    /// A composition's `w` or `h`: `length` rounded up to whole pixels, held to 0…2³¹ − 1 (what a player's integer
    /// takes), so that a plan whose masks reach absurdly far in a layer's own space (a tiny scale) cannot fail the
    /// conversion; a group that large is cut at that size.
    static func wholePixels(_ length: Double) -> Int {
        guard length.isFinite else { return length > 0 ? Int(Int32.max) : 0 }
        return Int(min(max(length.rounded(.up), 0), Double(Int32.max)))
    }

    /// What the group composition of the track at `index` covers in the track's own space: what the track paints
    /// and, at each of its keyframes, what each child's layer covers (its paint, or its own group).
    private func groupBounds(_ index: Int, tree: ExportTree) -> Rect {
        var bounds = ExportPalette.paintedRect(of: tracks[index])
        for child in tree.children[index] {
            let covered = tree.children[child].isEmpty ? ExportPalette.paintedRect(of: tracks[child]) : groupBounds(child, tree: tree)
            let frame = tracks[child].frame
            for keyframe in tracks[child].keyframes.isEmpty ? [-1] : Array(tracks[child].keyframes.indices) {
                let transform = tracks[child].values(atKeyframe: keyframe).transform ?? .identity
                let shown = transform.apply(to: covered.offsetBy(dx: frame.x, dy: frame.y), inLayer: frame)
                let x = min(bounds.x, shown.x), y = min(bounds.y, shown.y)
                bounds = Rect(x: x, y: y, width: max(bounds.maxX, shown.maxX) - x, height: max(bounds.maxY, shown.maxY) - y)
            }
        }
        return bounds
    }

    /// A property, written outside the writer's comma bookkeeping: `{"a":0,"k":value}` when held (a scalar bare,
    /// else an array), linear keyframes at the track's times otherwise.
    private func property(_ track: Track, animated: Bool, to writer: inout JSONWriter, _ value: (TrackValues) -> ExportNumbers) {
        if animated {
            animatedKeyframes(count: track.keyframes.count, time: { track.keyframes[$0].time }, to: &writer) { index, writer in
                value(track.values(atKeyframe: index)).write(to: &writer)
            }
        } else {
            writer.fragment(#"{"a":0,"k":"#)
            let held = value(track.base)
            if held.count == 1 { writer.sixDecimals(held.numbers[0]) } else { held.write(to: &writer) }
            writer.fragment("}")
        }
    }

    /// `{"a":1,"k":[...]}`, outside the comma bookkeeping: one linear keyframe per time (`time(index)`, seconds), in
    /// frames, its start value (`"s"`) written by `value` for the time's index; every keyframe but the last has the
    /// straight-line easing handles `"o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}`.
    private func animatedKeyframes(
        count: Int, time: (Int) -> Double, to writer: inout JSONWriter, value: (Int, inout JSONWriter) -> Void
    ) {
        writer.fragment(#"{"a":1,"k":["#)
        for index in 0..<count {
            writer.fragment(index == 0 ? #"{"t":"# : #",{"t":"#)
            writer.bareNumber(time(index) * Self.lottieFrameRate)
            writer.fragment(#","s":"#)
            value(index, &writer)
            writer.fragment(index < count - 1 ? #","o":{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}}"# : "}")
        }
        writer.fragment("]}")
    }

    /// A track's content as two assets: the image (`image-N`, its own pixel size, or the track's frame when the
    /// reference gives none) and a composition of the track's frame (`content-N`) that scales the image over it.
    private func contentAssets(_ content: ContentReference, of track: Track, index: Int, outPoint: Double, to writer: inout JSONWriter) {
        let drawn = track.drawnContentFrame, painted = ExportPalette.paintedRect(of: track)
        let size = content.size ?? drawn.size
        writer.beginValue()
        writer.fragment(#"{"id":"image-"#); writer.bareInteger(index)
        writer.fragment(#"","w":"#); writer.sixDecimals(size.width)
        writer.fragment(#","h":"#); writer.sixDecimals(size.height)
        writer.fragment(#","u":"","p":""#); writer.escaped(content.url)
        writer.fragment(content.url.hasPrefix("data:") ? #"","e":1}"# : #"","e":0}"#)
        writer.endValue()
        writer.beginValue()
        writer.fragment(#"{"id":"content-"#); writer.bareInteger(index)
        writer.fragment(#"","layers":[{"ty":2,"refId":"image-"#); writer.bareInteger(index)
        writer.fragment(#"","ind":1,"ip":0,"op":"#); writer.sixDecimals(outPoint)
        writer.fragment(#","st":0,"sr":1,"ks":{"a":{"a":0,"k":[0,0,0]},"p":"#)
        property(track, animated: false, to: &writer) { _ in ExportNumbers(drawn.x - painted.x, drawn.y - painted.y, 0) }
        writer.fragment(#","s":"#)
        property(track, animated: false, to: &writer) { _ in ExportNumbers(100 * drawn.width / size.width, 100 * drawn.height / size.height, 100) }
        writer.fragment(#","r":{"a":0,"k":0},"o":{"a":0,"k":100}}}]}"#)
        writer.endValue()
    }

    /// A layer of the track at `position` in ``tracks`` (its shape layer, its content composition's or its group's),
    /// the composition it lies in having its top-left at `origin` in the space the track's frame is in. A `moving`
    /// layer has the track's transform, opacity and masks; else it is the track's own paint inside its group,
    /// which has them. One value of the writer, its text written outside the comma bookkeeping.
    private func layer(
        _ track: Track, at position: Int, index: Int, outPoint: Double, kind: LottieLayerKind, origin: (x: Double, y: Double), moving: Bool,
        tree: ExportTree, to writer: inout JSONWriter
    ) {
        let frame = track.frame, painted = ExportPalette.paintedRect(of: track)
        let animatesGeometry = moving && track.animates.contains(.transform)
        // A still layer's frame is the track's own space; a composition covers `covered` from its top-left corner.
        let placed = moving ? frame : Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        let covered: Rect? =
            switch kind {
            case .shape: nil
            case .content: painted
            case .group(_, let bounds): bounds
            }
        let shift = covered.map { (x: -$0.x, y: -$0.y) } ?? (x: 0.0, y: 0.0)
        writer.beginValue()
        switch kind {
        case .shape: writer.fragment(#"{"ty":4"#)
        case .content(let asset, _), .group(let asset, _):
            writer.fragment(#"{"ty":0,"refId":""#); writer.escaped(asset)
            // Whole pixels, as players read them (the image or layers inside are placed exactly).
            writer.fragment(#"","w":"#); writer.bareInteger(Self.wholePixels(covered?.width ?? 0))
            writer.fragment(#","h":"#); writer.bareInteger(Self.wholePixels(covered?.height ?? 0))
        }
        writer.fragment(#","ind":"#); writer.bareInteger(index)
        writer.fragment(#","nm":""#)
        if case .content(_, let name) = kind { writer.escaped(name) } else { writer.escaped(track.id) }
        writer.fragment(#"","ip":0,"op":"#); writer.sixDecimals(outPoint)
        writer.fragment(#","st":0,"sr":1,"ks":{"a":"#)
        property(track, animated: false, to: &writer) { _ in ExportNumbers(frame.width / 2 + shift.x, frame.height / 2 + shift.y, 0) }
        writer.fragment(#","p":"#)
        property(track, animated: animatesGeometry, to: &writer) { values in
            let t = moving ? values.transform ?? .identity : .identity
            return ExportNumbers(placed.midX - origin.x + t.tx, placed.midY - origin.y + t.ty, 0)
        }
        writer.fragment(#","s":"#)
        property(track, animated: animatesGeometry, to: &writer) { values in
            let t = moving ? values.transform ?? .identity : .identity
            return ExportNumbers(t.a * 100, t.d * 100, 100)
        }
        writer.fragment(#","r":{"a":0,"k":0},"o":"#)
        property(track, animated: moving && track.animates.contains(.opacity), to: &writer) {
            ExportNumbers(moving ? ($0.opacity ?? 1) * 100 : 100)
        }
        writer.fragment("}")
        if moving { masks(track, at: position, shift: shift, tree: tree, to: &writer) }
        guard case .shape = kind else {
            writer.fragment("}")
            writer.endValue()
            return
        }
        writer.fragment(#","shapes":[{"ty":"gr","nm":"placeholder","it":["#)
        // The painted area, less the image's (an even-odd fill of both rects) when an image layer covers it.
        func rectangle(_ rect: Rect, opening: StaticString) {
            writer.fragment(opening)
            property(track, animated: false, to: &writer) { _ in ExportNumbers(rect.midX, rect.midY) }
            writer.fragment(#","s":"#)
            property(track, animated: false, to: &writer) { _ in ExportNumbers(rect.width, rect.height) }
            writer.fragment(#","r":{"a":0,"k":0}}"#)
        }
        rectangle(painted, opening: #"{"ty":"rc","d":1,"p":"#)
        if track.content != nil { rectangle(track.drawnContentFrame, opening: #",{"ty":"rc","d":1,"p":"#) }
        let fallback = placeholder(for: track)
        writer.fragment(#",{"ty":"fl","c":"#)
        property(track, animated: track.animates.contains(.color), to: &writer) { values in
            let color = values.color ?? fallback
            return ExportNumbers(color.r, color.g, color.b, 1)
        }
        writer.fragment(#","o":"#)
        property(track, animated: track.animates.contains(.color), to: &writer) { ExportNumbers(($0.color ?? fallback).a * 100) }
        writer.fragment(#","r":2},{"ty":"tr","a":{"a":0,"k":[0,0]},"p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"#)
        writer.fragment(#""o":{"a":0,"k":100}}]}]}"#)
        writer.endValue()
    }

    /// `"hasMask":true,"masksProperties":[...]` of the track at `position` when it has a mask or a content region: the
    /// mask's outline, and the region in the layer's own space (the inverse of each scale-and-translate from the stage
    /// in: its parents', outermost first, then its own), both moved by `shift`; outside the comma bookkeeping.
    private func masks(_ track: Track, at position: Int, shift: (x: Double, y: Double), tree: ExportTree, to writer: inout JSONWriter) {
        let masked = track.base.maskFrame != nil || track.animates.contains(.maskFrame)
        guard masked || track.clip != nil else { return }
        writer.fragment(#","hasMask":true,"masksProperties":["#)
        if masked {
            let times = track.animates.contains(.maskFrame) || track.animates.contains(.cornerRadius) ? track.keyframes.map(\.time) : []
            let outlines = (times.isEmpty ? [-1] : Array(times.indices)).map { keyframe in
                let values = track.values(atKeyframe: keyframe)
                return ExportOutline(values.maskFrame!, radius: values.cornerRadius ?? 0, curve: track.cornerCurve)
            }
            mask(mode: "a", times: times, outlines: outlines, shift: shift, to: &writer)
        }
        if let clip = track.clip {
            if masked { writer.fragment(",") }
            let chain = tree.ancestors(of: position).map { tracks[$0] } + [track]
            // On the stage, the track's own keyframes; inside a group, every time a layer of the chain moves at.
            let times =
                chain.count == 1
                ? (track.animates.contains(.transform) ? track.keyframes.map(\.time) : [])
                : Set(chain.filter { $0.animates.contains(.transform) }.flatMap { $0.keyframes.map(\.time) }).sorted()
            let outlines = (times.isEmpty ? [-1] : Array(times.indices)).map { index in
                var (x0, y0, x1, y1) = (clip.x, clip.y, clip.maxX, clip.maxY)
                for layer in chain {
                    let values = chain.count == 1 || times.isEmpty ? layer.values(atKeyframe: index) : layer.values(at: times[index])
                    let t = values.transform ?? .identity, frame = layer.frame
                    let h = (x: frame.width / 2, y: frame.height / 2)
                    func local(_ x: Double, _ y: Double) -> (Double, Double) {
                        ((x - frame.x - h.x - t.tx) / t.a + h.x, (y - frame.y - h.y - t.ty) / t.d + h.y)
                    }
                    ((x0, y0), (x1, y1)) = (local(x0, y0), local(x1, y1))
                }
                return ExportOutline(Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0)), radius: 0, curve: nil)
            }
            mask(mode: "i", times: times, outlines: outlines, shift: shift, to: &writer)
        }
        writer.fragment("]")
    }

    /// A mask (`mode` `a` or `i`) whose path is `outlines[0]` held when `times` is empty, else one outline per time,
    /// moved by `shift`; outside the comma bookkeeping.
    private func mask(mode: StaticString, times: [Double], outlines: [ExportOutline], shift: (x: Double, y: Double), to writer: inout JSONWriter) {
        writer.fragment(#"{"mode":""#)
        writer.fragment(mode)
        writer.fragment(#"","inv":false,"o":{"a":0,"k":100},"x":{"a":0,"k":0},"pt":"#)
        if times.isEmpty {
            writer.fragment(#"{"a":0,"k":"#)
            path(outlines[0], shift: shift, to: &writer)
            writer.fragment("}")
        } else {
            animatedKeyframes(count: times.count, time: { times[$0] }, to: &writer) { index, writer in
                writer.fragment("[")
                path(outlines[index], shift: shift, to: &writer)
                writer.fragment("]")
            }
        }
        writer.fragment("}")
    }

    /// An outline moved by `shift` as a closed Lottie path (`{"c", "v", "i", "o"}`, tangents relative to their vertex),
    /// outside the comma bookkeeping. Its points are made in one pass over its pieces and held on the stack while they
    /// are written.
    private func path(_ outline: ExportOutline, shift: (x: Double, y: Double), to writer: inout JSONWriter) {
        // The vertices (`v`) from 0, their in tangents (`i`) from `run`, their out tangents (`o`) from 2 × `run`: a run
        // has a slot more than the most pieces, for the in tangent the last piece makes for the vertex after it (the
        // first, whose own is written at the end).
        let run = ExportOutline.mostPieces + 1
        withUnsafeTemporaryAllocation(of: ExportOutline.Point2.self, capacity: 3 * run) { points in
            // Vertex j starts piece j: the outline's start, then every piece's end but the last (the start again).
            var count = 0, vertex = outline.start, lastHandle = (x: 0.0, y: 0.0)
            outline.forEachPiece { piece in
                points.initializeElement(at: count, to: (vertex.x + shift.x, vertex.y + shift.y))
                points.initializeElement(at: 2 * run + count, to: piece.handle1)
                points.initializeElement(at: run + count + 1, to: piece.handle2)
                vertex = piece.end
                lastHandle = piece.handle2
                count += 1
            }
            // The first vertex's in tangent: the last piece's second handle (the last piece ends at the start).
            points.initializeElement(at: run, to: lastHandle)
            func write(_ opening: StaticString, from first: Int) {
                writer.fragment(opening)
                for j in first..<first + count {
                    if j > first { writer.fragment("],[") }
                    writer.sixDecimals(points[j].x)
                    writer.fragment(",")
                    writer.sixDecimals(points[j].y)
                }
                writer.fragment("]]")
            }
            write(#"{"c":true,"v":[["#, from: 0)
            write(#","i":[["#, from: run)
            write(#","o":[["#, from: 2 * run)
            writer.fragment("}")
        }
    }
}

/// What one layer of the Lottie export draws.
private enum LottieLayerKind {
    /// The track's shape: its colour over what it paints.
    case shape
    /// The track's content composition (the asset's id) and the layer's name.
    case content(String, name: String)
    /// The track's group composition (the asset's id) and what it covers in the track's own space.
    case group(String, Rect)
}
