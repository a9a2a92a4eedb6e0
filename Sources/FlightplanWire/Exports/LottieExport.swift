/// A plan as a Lottie (bodymovin 5) animation with placeholder content, for Lottie players on every platform.
///
/// One shape layer per track (the first layer drawn on top, as Lottie stacks them): a rect covering the layer
/// and its masks in its colour, the layer's anchor at its centre so that position, scale and opacity are the plan's
/// transform and opacity, and the mask as an animated rounded-rect path (8 vertices, circular arcs drawn as
/// cubic Béziers) in the layer's own space. A content region is a second, intersecting mask, mapped into the
/// layer at each keyframe. Keyframes are linear, at the plan's times in frames (60 per second). Shadows are
/// not drawn (Lottie's drop-shadow effect is not widely played).
extension ExportScene {
    /// Frames per second of the animation.
    static let lottieFrameRate = 60.0
    /// A circular quarter arc as one cubic Bézier: the handle length as a share of the radius.
    static let lottieArcHandle = 0.5522847498

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
        writer.key("assets"); writer.beginArray(); writer.endArray()
        writer.key("layers")
        writer.beginArray()
        for (order, track) in tracks.reversed().enumerated() { layer(track, index: order + 1, frames: frames, to: &writer) }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// A property: `{"a": 0, "k": value}` when held, linear keyframes at the track's times otherwise.
    private func property(_ track: Track, animated: Bool, _ value: (TrackValues) -> [Double], to writer: inout JSONWriter) {
        writer.beginObject()
        if animated {
            animatedKeyframes(track, to: &writer) { values, writer in numbers(value(values), to: &writer) }
        } else {
            writer.key("a"); writer.integer(0)
            writer.key("k")
            let values = value(track.base)
            if values.count == 1 { writer.number(values[0]) } else { numbers(values, to: &writer) }
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

    private func numbers(_ values: [Double], to writer: inout JSONWriter) {
        writer.beginArray()
        for value in values { writer.number(value) }
        writer.endArray()
    }

    /// Straight-line easing handles.
    private func linearHandles(to writer: inout JSONWriter) {
        writer.key("o"); writer.beginObject(); writer.key("x"); numbers([0], to: &writer); writer.key("y"); numbers([0], to: &writer); writer.endObject()
        writer.key("i"); writer.beginObject(); writer.key("x"); numbers([1], to: &writer); writer.key("y"); numbers([1], to: &writer); writer.endObject()
    }

    private func layer(_ track: Track, index: Int, frames: Double, to writer: inout JSONWriter) {
        let frame = track.frame
        let animatesGeometry = track.animates.contains(.transform)
        writer.beginObject()
        writer.key("ty"); writer.integer(4)
        writer.key("ind"); writer.integer(index)
        writer.key("nm"); writer.string(track.id)
        writer.key("ip"); writer.number(0)
        writer.key("op"); writer.number(frames)
        writer.key("st"); writer.number(0)
        writer.key("sr"); writer.number(1)
        writer.key("ks")
        writer.beginObject()
        writer.key("a"); property(track, animated: false, { _ in [frame.width / 2, frame.height / 2, 0] }, to: &writer)
        writer.key("p")
        property(track, animated: animatesGeometry, { values in
            let t = values.transform ?? .identity
            return [frame.midX - stage.x + t.tx, frame.midY - stage.y + t.ty, 0]
        }, to: &writer)
        writer.key("s")
        property(track, animated: animatesGeometry, { values in
            let t = values.transform ?? .identity
            return [t.a * 100, t.d * 100, 100]
        }, to: &writer)
        writer.key("r"); property(track, animated: false, { _ in [0] }, to: &writer)
        writer.key("o"); property(track, animated: track.animates.contains(.opacity), { [($0.opacity ?? 1) * 100] }, to: &writer)
        writer.endObject()
        let masked = track.base.maskFrame != nil || track.animates.contains(.maskFrame)
        if masked || track.clip != nil {
            writer.key("hasMask"); writer.bool(true)
            writer.key("masksProperties")
            writer.beginArray()
            if masked {
                mask(track, mode: "a", animated: track.animates.contains(.maskFrame) || track.animates.contains(.cornerRadius), to: &writer) { values in
                    (values.maskFrame!, max(0, values.cornerRadius ?? 0))
                }
            }
            if let clip = track.clip {
                // The region in the layer's own space at each keyframe: the inverse of its scale-and-translate.
                mask(track, mode: "i", animated: animatesGeometry, to: &writer) { values in
                    let t = values.transform ?? .identity
                    let h = (x: frame.width / 2, y: frame.height / 2)
                    func local(_ x: Double, _ y: Double) -> (Double, Double) {
                        ((x - frame.x - h.x - t.tx) / t.a + h.x, (y - frame.y - h.y - t.ty) / t.d + h.y)
                    }
                    let (x0, y0) = local(clip.x, clip.y), (x1, y1) = local(clip.maxX, clip.maxY)
                    return (Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0)), 0)
                }
            }
            writer.endArray()
        }
        writer.key("shapes")
        writer.beginArray()
        writer.beginObject()
        writer.key("ty"); writer.string("gr")
        writer.key("nm"); writer.string("placeholder")
        writer.key("it")
        writer.beginArray()
        writer.beginObject()
        writer.key("ty"); writer.string("rc")
        writer.key("d"); writer.integer(1)
        let painted = ExportPalette.paintedRect(of: track)
        writer.key("p"); property(track, animated: false, { _ in [painted.midX, painted.midY] }, to: &writer)
        writer.key("s"); property(track, animated: false, { _ in [painted.width, painted.height] }, to: &writer)
        writer.key("r"); property(track, animated: false, { _ in [0] }, to: &writer)
        writer.endObject()
        let placeholder = ExportPalette.placeholder(for: track)
        writer.beginObject()
        writer.key("ty"); writer.string("fl")
        writer.key("c")
        property(track, animated: track.animates.contains(.color), { values in
            let color = values.color ?? placeholder
            return [color.r, color.g, color.b, 1]
        }, to: &writer)
        writer.key("o"); property(track, animated: track.animates.contains(.color), { [($0.color ?? placeholder).a * 100] }, to: &writer)
        writer.endObject()
        writer.beginObject()
        writer.key("ty"); writer.string("tr")
        writer.key("a"); property(track, animated: false, { _ in [0, 0] }, to: &writer)
        writer.key("p"); property(track, animated: false, { _ in [0, 0] }, to: &writer)
        writer.key("s"); property(track, animated: false, { _ in [100, 100] }, to: &writer)
        writer.key("r"); property(track, animated: false, { _ in [0] }, to: &writer)
        writer.key("o"); property(track, animated: false, { _ in [100] }, to: &writer)
        writer.endObject()
        writer.endArray()
        writer.endObject()
        writer.endArray()
        writer.endObject()
    }

    /// A mask whose path is the rounded rect `shape` gives for each keyframe's values.
    private func mask(
        _ track: Track, mode: String, animated: Bool, to writer: inout JSONWriter, shape: (TrackValues) -> (Rect, Double)
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
                roundedRect(shape(values), to: &writer)
                writer.endArray()
            }
        } else {
            writer.key("a"); writer.integer(0)
            writer.key("k"); roundedRect(shape(track.base), to: &writer)
        }
        writer.endObject()
        writer.endObject()
    }

    /// A rounded rect as a closed Bézier path of 8 vertices (`{"c", "v", "i", "o"}`, tangents relative).
    private func roundedRect(_ shape: (Rect, Double), to writer: inout JSONWriter) {
        let (rect, radius) = shape
        let r = min(radius, min(rect.width, rect.height) / 2), k = r * Self.lottieArcHandle
        let (x0, y0, x1, y1) = (rect.x, rect.y, rect.maxX, rect.maxY)
        let vertices = [(x0 + r, y0), (x1 - r, y0), (x1, y0 + r), (x1, y1 - r), (x1 - r, y1), (x0 + r, y1), (x0, y1 - r), (x0, y0 + r)]
        let incoming = [(-k, 0.0), (0, 0), (0, -k), (0, 0), (k, 0), (0, 0), (0, k), (0, 0)]
        let outgoing = [(0.0, 0.0), (k, 0), (0, 0), (0, k), (0, 0), (-k, 0), (0, 0), (0, -k)]
        func points(_ list: [(Double, Double)]) {
            writer.beginArray()
            for point in list { writer.beginArray(); writer.number(point.0); writer.number(point.1); writer.endArray() }
            writer.endArray()
        }
        writer.beginObject()
        writer.key("c"); writer.bool(true)
        writer.key("v"); points(vertices)
        writer.key("i"); points(incoming)
        writer.key("o"); points(outgoing)
        writer.endObject()
    }
}
