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
/// plan's times in frames (60 per second). Shadows are not drawn: rlottie plays no layer effects, so the
/// document says so in `meta.d` when the plan has any.
extension ExportScene {
    /// Frames per second of the animation.
    static let lottieFrameRate = 60.0

    func lottieDocument() -> [UInt8] {
        var writer = JSONWriter(capacity: 2048 + tracks.reduce(0) { $0 + 1024 + 600 * $1.keyframes.count })
        let frames = max(1, (plan.duration * Self.lottieFrameRate).rounded(.up))
        writer.beginObject()
        writer.key("v"); writer.string("5.7.0")
        writer.key("nm"); writer.string("Flightplan \(plan.style.rawValue) \(plan.direction.rawValue)")
        writer.key("fr"); writer.number(Self.lottieFrameRate)
        writer.key("ip"); writer.number(0)
        writer.key("op"); writer.number(frames)
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
        writer.key("assets")
        writer.beginArray()
        for (index, track) in tracks.enumerated() {
            if let content = track.content { contentAssets(content, of: track, index: index, frames: frames, to: &writer) }
        }
        writer.endArray()
        writer.key("layers")
        writer.beginArray()
        var layerIndex = 0
        for (index, track) in tracks.enumerated().reversed() {
            if track.content != nil {
                layerIndex += 1
                layer(track, index: layerIndex, frames: frames, image: "content-\(index)", to: &writer)
            }
            layerIndex += 1
            layer(track, index: layerIndex, frames: frames, image: nil, to: &writer)
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// A property: `{"a": 0, "k": value}` when held, linear keyframes at the track's times otherwise.
    private func property(_ track: Track, animated: Bool, _ value: (TrackValues) -> ExportNumbers, to writer: inout JSONWriter) {
        writer.beginObject()
        if animated {
            animatedKeyframes(track, to: &writer) { values, writer in value(values).write(to: &writer) }
        } else {
            writer.key("a"); writer.integer(0)
            writer.key("k")
            let held = value(track.base)
            if held.count == 1 { writer.number(held.numbers[0]) } else { held.write(to: &writer) }
        }
        writer.endObject()
    }

    /// `"a": 1, "k": [...]`: one linear keyframe per track keyframe, at its time in frames, its start value (`"s"`)
    /// written by `value` from the keyframe's values with `base` filled in.
    private func animatedKeyframes(_ track: Track, to writer: inout JSONWriter, value: (TrackValues, inout JSONWriter) -> Void) {
        writer.key("a"); writer.integer(1)
        writer.key("k")
        writer.beginArray()
        for (index, keyframe) in track.keyframes.enumerated() {
            writer.beginObject()
            writer.key("t"); writer.number(keyframe.time * Self.lottieFrameRate)
            writer.key("s"); value(track.base.merging(keyframe.values), &writer)
            if index < track.keyframes.count - 1 { linearHandles(to: &writer) }
            writer.endObject()
        }
        writer.endArray()
    }

    /// Straight-line easing handles, `"o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}`: one literal, as every
    /// keyframe but the last of every animated property has them.
    private func linearHandles(to writer: inout JSONWriter) {
        writer.key("o")
        writer.beginValue()
        writer.fragment(#"{"x":[0],"y":[0]},"i":{"x":[1],"y":[1]}"#)
        writer.endValue()
    }

    /// A track's content as two assets: the image (`image-N`, its own pixel size, or the track's frame when the
    /// reference gives none) and a composition of the track's frame (`content-N`) that scales the image over it.
    private func contentAssets(_ content: ContentReference, of track: Track, index: Int, frames: Double, to writer: inout JSONWriter) {
        let drawn = ExportPalette.contentRect(of: track), painted = ExportPalette.paintedRect(of: track)
        let size = content.size ?? drawn.size
        writer.beginObject()
        writer.key("id"); writer.string("image-\(index)")
        writer.key("w"); writer.number(size.width)
        writer.key("h"); writer.number(size.height)
        writer.key("u"); writer.string("")
        writer.key("p"); writer.string(content.url)
        writer.key("e"); writer.integer(content.url.hasPrefix("data:") ? 1 : 0)
        writer.endObject()
        writer.beginObject()
        writer.key("id"); writer.string("content-\(index)")
        writer.key("layers")
        writer.beginArray()
        writer.beginObject()
        writer.key("ty"); writer.integer(2)
        writer.key("refId"); writer.string("image-\(index)")
        writer.key("ind"); writer.integer(1)
        writer.key("ip"); writer.number(0)
        writer.key("op"); writer.number(frames)
        writer.key("st"); writer.number(0)
        writer.key("sr"); writer.number(1)
        writer.key("ks")
        writer.beginObject()
        writer.key("a"); property(track, animated: false, { _ in ExportNumbers(0, 0, 0) }, to: &writer)
        writer.key("p"); property(track, animated: false, { _ in ExportNumbers(drawn.x - painted.x, drawn.y - painted.y, 0) }, to: &writer)
        writer.key("s");
        property(track, animated: false, { _ in ExportNumbers(100 * drawn.width / size.width, 100 * drawn.height / size.height, 100) }, to: &writer)
        writer.key("r"); property(track, animated: false, { _ in ExportNumbers(0) }, to: &writer)
        writer.key("o"); property(track, animated: false, { _ in ExportNumbers(100) }, to: &writer)
        writer.endObject()
        writer.endObject()
        writer.endArray()
        writer.endObject()
    }

    /// The track's shape layer, or the layer of its content composition when `image` names it.
    private func layer(_ track: Track, index: Int, frames: Double, image: String?, to writer: inout JSONWriter) {
        let frame = track.frame, painted = ExportPalette.paintedRect(of: track)
        let animatesGeometry = track.animates.contains(.transform)
        // A composition covers what the track paints, from its top-left corner: the layer's own space moved by it.
        let shift = image == nil ? (x: 0.0, y: 0.0) : (x: -painted.x, y: -painted.y)
        writer.beginObject()
        writer.key("ty"); writer.integer(image == nil ? 4 : 0)
        if let image {
            writer.key("refId"); writer.string(image)
            // Whole pixels, as players read them (the image inside is placed and scaled exactly).
            writer.key("w"); writer.integer(Int(painted.width.rounded(.up)))
            writer.key("h"); writer.integer(Int(painted.height.rounded(.up)))
        }
        writer.key("ind"); writer.integer(index)
        writer.key("nm"); writer.string(image == nil ? track.id : "\(track.id) content")
        writer.key("ip"); writer.number(0)
        writer.key("op"); writer.number(frames)
        writer.key("st"); writer.number(0)
        writer.key("sr"); writer.number(1)
        writer.key("ks")
        writer.beginObject()
        writer.key("a")
        property(track, animated: false, { _ in ExportNumbers(frame.width / 2 + shift.x, frame.height / 2 + shift.y, 0) }, to: &writer)
        writer.key("p")
        property(
            track, animated: animatesGeometry,
            { values in
                let t = values.transform ?? .identity
                return ExportNumbers(frame.midX - stage.x + t.tx, frame.midY - stage.y + t.ty, 0)
            }, to: &writer)
        writer.key("s")
        property(
            track, animated: animatesGeometry,
            { values in
                let t = values.transform ?? .identity
                return ExportNumbers(t.a * 100, t.d * 100, 100)
            }, to: &writer)
        writer.key("r"); property(track, animated: false, { _ in ExportNumbers(0) }, to: &writer)
        writer.key("o"); property(track, animated: track.animates.contains(.opacity), { ExportNumbers(($0.opacity ?? 1) * 100) }, to: &writer)
        writer.endObject()
        let masked = track.base.maskFrame != nil || track.animates.contains(.maskFrame)
        if masked || track.clip != nil {
            writer.key("hasMask"); writer.bool(true)
            writer.key("masksProperties")
            writer.beginArray()
            if masked {
                mask(
                    track, mode: "a", animated: track.animates.contains(.maskFrame) || track.animates.contains(.cornerRadius), shift: shift,
                    to: &writer
                ) { values in
                    ExportOutline(values.maskFrame!, radius: values.cornerRadius ?? 0, curve: track.cornerCurve)
                }
            }
            if let clip = track.clip {
                // The region in the layer's own space at each keyframe: the inverse of its scale-and-translate.
                mask(track, mode: "i", animated: animatesGeometry, shift: shift, to: &writer) { values in
                    let t = values.transform ?? .identity
                    let h = (x: frame.width / 2, y: frame.height / 2)
                    func local(_ x: Double, _ y: Double) -> (Double, Double) {
                        ((x - frame.x - h.x - t.tx) / t.a + h.x, (y - frame.y - h.y - t.ty) / t.d + h.y)
                    }
                    let (x0, y0) = local(clip.x, clip.y), (x1, y1) = local(clip.maxX, clip.maxY)
                    return ExportOutline(Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0)), radius: 0, curve: nil)
                }
            }
            writer.endArray()
        }
        guard image == nil else { writer.endObject(); return }
        writer.key("shapes")
        writer.beginArray()
        writer.beginObject()
        writer.key("ty"); writer.string("gr")
        writer.key("nm"); writer.string("placeholder")
        writer.key("it")
        writer.beginArray()
        // The painted area, less the image's (an even-odd fill of both rects) when an image layer covers it.
        for rect in track.content == nil ? [painted] : [painted, ExportPalette.contentRect(of: track)] {
            writer.beginObject()
            writer.key("ty"); writer.string("rc")
            writer.key("d"); writer.integer(1)
            writer.key("p"); property(track, animated: false, { _ in ExportNumbers(rect.midX, rect.midY) }, to: &writer)
            writer.key("s"); property(track, animated: false, { _ in ExportNumbers(rect.width, rect.height) }, to: &writer)
            writer.key("r"); property(track, animated: false, { _ in ExportNumbers(0) }, to: &writer)
            writer.endObject()
        }
        let placeholder = ExportPalette.placeholder(for: track)
        writer.beginObject()
        writer.key("ty"); writer.string("fl")
        writer.key("c")
        property(
            track, animated: track.animates.contains(.color),
            { values in
                let color = values.color ?? placeholder
                return ExportNumbers(color.r, color.g, color.b, 1)
            }, to: &writer)
        writer.key("o"); property(track, animated: track.animates.contains(.color), { ExportNumbers(($0.color ?? placeholder).a * 100) }, to: &writer)
        writer.key("r"); writer.integer(2)
        writer.endObject()
        writer.beginObject()
        writer.key("ty"); writer.string("tr")
        writer.key("a"); property(track, animated: false, { _ in ExportNumbers(0, 0) }, to: &writer)
        writer.key("p"); property(track, animated: false, { _ in ExportNumbers(0, 0) }, to: &writer)
        writer.key("s"); property(track, animated: false, { _ in ExportNumbers(100, 100) }, to: &writer)
        writer.key("r"); property(track, animated: false, { _ in ExportNumbers(0) }, to: &writer)
        writer.key("o"); property(track, animated: false, { _ in ExportNumbers(100) }, to: &writer)
        writer.endObject()
        writer.endArray()
        writer.endObject()
        writer.endArray()
        writer.endObject()
    }

    /// A mask whose path is the outline `shape` gives for each keyframe's values, moved by `shift`.
    private func mask(
        _ track: Track, mode: String, animated: Bool, shift: (x: Double, y: Double), to writer: inout JSONWriter,
        shape: (TrackValues) -> ExportOutline
    ) {
        writer.beginObject()
        writer.key("mode"); writer.string(mode)
        writer.key("inv"); writer.bool(false)
        writer.key("o"); writer.beginObject(); writer.key("a"); writer.integer(0); writer.key("k"); writer.number(100); writer.endObject()
        writer.key("x"); writer.beginObject(); writer.key("a"); writer.integer(0); writer.key("k"); writer.number(0); writer.endObject()
        writer.key("pt")
        writer.beginObject()
        if animated {
            animatedKeyframes(track, to: &writer) { values, writer in
                writer.beginArray()
                path(shape(values), shift: shift, to: &writer)
                writer.endArray()
            }
        } else {
            writer.key("a"); writer.integer(0)
            writer.key("k"); path(shape(track.base), shift: shift, to: &writer)
        }
        writer.endObject()
        writer.endObject()
    }

    /// An outline moved by `shift` as a closed Lottie path (`{"c", "v", "i", "o"}`, tangents relative to their vertex).
    private func path(_ outline: ExportOutline, shift: (x: Double, y: Double), to writer: inout JSONWriter) {
        let pieces = outline.pieces
        // Vertex j starts piece j: the outline's start, then every piece's end but the last (which is the start again).
        func vertex(_ j: Int) -> ExportOutline.Point2 { j == 0 ? outline.start : pieces[j - 1].end }
        func points(_ point: (Int) -> (Double, Double)) {
            writer.beginArray()
            for j in pieces.indices {
                let (x, y) = point(j)
                writer.beginArray(); writer.number(x); writer.number(y); writer.endArray()
            }
            writer.endArray()
        }
        writer.beginObject()
        writer.key("c"); writer.bool(true)
        writer.key("v"); points { j in (vertex(j).x + shift.x, vertex(j).y + shift.y) }
        writer.key("i")
        points { j in
            let control = pieces[(j + pieces.count - 1) % pieces.count].control2
            return (control.x - vertex(j).x, control.y - vertex(j).y)
        }
        writer.key("o"); points { j in (pieces[j].control1.x - vertex(j).x, pieces[j].control1.y - vertex(j).y) }
        writer.endObject()
    }
}
