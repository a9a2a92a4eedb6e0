/// A plan for browsers: a Web Animations document (`?format=waapi`) and a style sheet (`?format=css`).
///
/// Each track is up to three nested boxes, so that the page paints exactly the plan's visible shape:
/// - the **region** (only for a track with a content region): the region on the stage, `overflow: hidden`;
/// - the **layer**: the track's frame, `transform-origin: 50% 50%`, `transform: matrix(a, b, c, d, tx, ty)`,
///   `opacity`, and the shadow as `filter: drop-shadow(x y σ colour)` (σ = the shadow's radius, as `box-shadow`'s
///   blur of twice the radius), which a browser applies to what the layer paints after its child's clip, so the
///   shadow falls outside the clip;
/// - the **paint** box: everything the layer paints in its own space (the layer and every mask it takes: an
///   aspect-filled image overflows its layer and the mask shows the overflow), clipped with
///   `clip-path: path(…)` to the mask's outline (circular or continuous corners, ``ExportOutline``), filled with
///   the track's colour (or its role's placeholder) and its `content` as a `background-image` over the layer (or
///   its `contentFrame`).
/// Browsers interpolate each of these linearly between keyframes (a path segment by segment), so a page plays
/// what the plan's linear renderer does.
extension ExportScene {
    /// Milliseconds.
    var duration: Double { plan.duration * 1000 }

    /// One CSS declaration: its CSS name, its Web Animations name and its value.
    typealias Declaration = (css: String, js: String, value: String)

    /// A box of a track's element: its class, what it starts with, and its keyframes (offset and declarations).
    struct WebBox {
        var className: String
        var style: [(String, String)]
        var keyframes: [(offset: Double, declarations: [Declaration])]
    }

    /// A track's boxes, outermost first: the region (when it has one), the layer, the paint box.
    func webBoxes(_ index: Int) -> (region: WebBox?, layer: WebBox, paint: WebBox) {
        let track = tracks[index], name = names[index], n = ExportPalette.number
        let frame = track.frame, painted = ExportPalette.paintedRect(of: track)
        func box(_ rect: Rect, _ dx: Double, _ dy: Double) -> [(String, String)] {
            [
                ("position", "absolute"), ("left", "\(n(rect.x - dx))px"), ("top", "\(n(rect.y - dy))px"), ("width", "\(n(rect.width))px"),
                ("height", "\(n(rect.height))px")
            ]
        }
        let offsets = track.keyframes.map { plan.duration > 0 ? $0.time / plan.duration : 0 }
        var region: WebBox?
        var origin = (x: stage.x, y: stage.y)
        if let clip = track.clip {
            region = WebBox(
                className: "\(prefix)-\(name)-region", style: box(clip, stage.x, stage.y) + [("overflow", "hidden"), ("z-index", "\(track.z)")],
                keyframes: [])
            origin = (clip.x, clip.y)
        }
        var layerStyle = box(frame, origin.x, origin.y) + [("transform-origin", "50% 50%")]
        if region == nil { layerStyle.append(("z-index", "\(track.z)")) }
        layerStyle += layerDeclarations(track.base).map { ($0.css, $0.value) }
        let layer = WebBox(
            className: "\(prefix)-\(name)", style: layerStyle,
            keyframes: zip(offsets, track.keyframes).map { ($0, layerDeclarations($1.values)) })
        var paintStyle = box(painted, 0, 0)
        if track.base.color == nil && !track.animates.contains(.color) {
            paintStyle.append(("background-color", ExportPalette.css(ExportPalette.placeholder(for: track))))
        }
        if let content = track.content {
            let drawn = ExportPalette.contentRect(of: track)
            paintStyle += [
                ("background-image", "url(\"\(content.url)\")"), ("background-position", "\(n(drawn.x - painted.x))px \(n(drawn.y - painted.y))px"),
                ("background-size", "\(n(drawn.width))px \(n(drawn.height))px"), ("background-repeat", "no-repeat")
            ]
        }
        paintStyle += paintDeclarations(track.base, of: track, held: track.base, painted: painted).map { ($0.css, $0.value) }
        let paint = WebBox(
            className: "\(prefix)-\(name)-paint", style: paintStyle,
            keyframes: zip(offsets, track.keyframes).map { ($0, paintDeclarations($1.values, of: track, held: track.base, painted: painted)) })
        return (region, layer, paint)
    }

    /// The layer's declarations for `values`: transform, opacity, shadow.
    private func layerDeclarations(_ values: TrackValues) -> [Declaration] {
        let n = ExportPalette.number
        var result: [Declaration] = []
        if let t = values.transform {
            result.append(("transform", "transform", "matrix(\(n(t.a)), \(n(t.b)), \(n(t.c)), \(n(t.d)), \(n(t.tx)), \(n(t.ty)))"))
        }
        if let opacity = values.opacity { result.append(("opacity", "opacity", n(opacity))) }
        if let shadow = values.shadow {
            result.append(
                (
                    "filter", "filter",
                    "drop-shadow(\(n(shadow.offset.x))px \(n(shadow.offset.y))px \(n(shadow.radius))px \(ExportPalette.css(shadow.color)))"
                ))
        }
        return result
    }

    /// The paint box's declarations for `values`: the clip (the mask and its radius together, what `values` lacks
    /// taken from `held`) in the paint box's own coordinates, and the colour.
    private func paintDeclarations(_ values: TrackValues, of track: Track, held: TrackValues, painted: Rect) -> [Declaration] {
        var result: [Declaration] = []
        if values.maskFrame != nil || values.cornerRadius != nil, let mask = values.maskFrame ?? held.maskFrame {
            let outline = ExportOutline(
                mask.offsetBy(dx: -painted.x, dy: -painted.y), radius: values.cornerRadius ?? held.cornerRadius ?? 0, curve: track.cornerCurve)
            result.append(("clip-path", "clipPath", "path(\"\(outline.pathData)\")"))
        }
        if let color = values.color { result.append(("background-color", "backgroundColor", ExportPalette.css(color))) }
        return result
    }

    /// `{"width", "height", "duration", "easing", "elements": [{"id", "role", "content"?, "region"?, "className",
    /// "style", "keyframes", "paint", "options"}]}`: `region` and `paint` are `{"className", "style", "keyframes"}`.
    func webAnimationsDocument() -> [UInt8] {
        var writer = JSONWriter(capacity: 1024 + tracks.reduce(0) { $0 + 1024 + 400 * $1.keyframes.count })
        func write(_ box: WebBox) {
            writer.key("className"); writer.string(box.className)
            writer.key("style")
            writer.beginObject()
            for (name, value) in box.style { writer.dynamicKey(name); writer.string(value) }
            writer.endObject()
            writer.key("keyframes")
            writer.beginArray()
            for keyframe in box.keyframes where !keyframe.declarations.isEmpty {
                writer.beginObject()
                writer.key("offset"); writer.number(keyframe.offset)
                for declaration in keyframe.declarations { writer.dynamicKey(declaration.js); writer.string(declaration.value) }
                writer.endObject()
            }
            writer.endArray()
        }
        writer.beginObject()
        writer.key("width"); writer.number(stage.width)
        writer.key("height"); writer.number(stage.height)
        writer.key("duration"); writer.number(duration)
        if let easing = plan.easing { writer.key("easing"); writer.string(easing.css) }
        writer.key("elements")
        writer.beginArray()
        for (index, track) in tracks.enumerated() {
            let boxes = webBoxes(index)
            writer.beginObject()
            writer.key("id"); writer.string(track.id)
            writer.key("role"); writer.string(track.role.rawValue)
            if let content = track.content { writer.key("content"); content.write(to: &writer) }
            if let region = boxes.region { writer.key("region"); writer.beginObject(); write(region); writer.endObject() }
            write(boxes.layer)
            writer.key("paint"); writer.beginObject(); write(boxes.paint); writer.endObject()
            writer.key("options")
            writer.beginObject()
            writer.key("duration"); writer.number(duration)
            writer.key("fill"); writer.string("both")
            writer.key("easing"); writer.string("linear")
            writer.endObject()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }

    /// `.<prefix>-stage`, then per track its boxes' classes (the region, the layer, the paint box) with their
    /// placement, held values and animations, and their `@keyframes`.
    func styleSheet() -> String {
        let n = ExportPalette.number
        var css = "/* Flightplan: \(plan.style.rawValue) \(plan.direction.rawValue), \(n(duration)) ms. "
        css += "Per track, inside .\(prefix)-stage: [div.<name>-region >] div.<name> > div.<name>-paint (see the classes). "
        css += "Pause with animation-play-state: paused and scrub with a negative animation-delay. */\n"
        css += ".\(prefix)-stage { position: relative; width: \(n(stage.width))px; height: \(n(stage.height))px; overflow: hidden; }\n"
        for index in tracks.indices {
            let boxes = webBoxes(index)
            for box in [boxes.region, boxes.layer, boxes.paint].compactMap({ $0 }) {
                let animated = box.keyframes.contains { !$0.declarations.isEmpty }
                css += ".\(box.className) { " + box.style.map { "\($0.0): \($0.1);" }.joined(separator: " ")
                if animated { css += " animation: \(box.className) \(n(duration))ms linear both;" }
                css += " }\n"
                guard animated else { continue }
                css += "@keyframes \(box.className) {\n"
                for keyframe in box.keyframes {
                    css +=
                        "  \(n(keyframe.offset * 100))% { " + keyframe.declarations.map { "\($0.css): \($0.value);" }.joined(separator: " ") + " }\n"
                }
                css += "}\n"
            }
        }
        return css
    }
}
