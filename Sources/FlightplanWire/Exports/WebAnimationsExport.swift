/// A plan for browsers: a Web Animations document (`?format=waapi`) and a style sheet (`?format=css`).
///
/// One absolutely positioned element per track, stacked by `z-index`, with `transform-origin: 50% 50%`:
/// `transform` is `matrix(a, b, c, d, tx, ty)`, the mask is `clip-path: inset(top right bottom left round r)`
/// in the element's own box (so the transform moves it, as a layer's mask), opacity, `background-color` and
/// `box-shadow` (blur = 2 × radius). Browsers interpolate each of these linearly between keyframes for a
/// scale-and-translate matrix, so a page plays exactly what the plan's linear renderer does.
extension ExportScene {
    /// Milliseconds.
    var duration: Double { plan.duration * 1000 }

    /// The CSS a track's element starts with: its box on the stage, stacking and held values.
    func style(_ track: Track) -> [(String, String)] {
        let n = ExportPalette.number
        var style: [(String, String)] = [
            ("position", "absolute"), ("left", "\(n(track.frame.x - stage.x))px"), ("top", "\(n(track.frame.y - stage.y))px"),
            ("width", "\(n(track.frame.width))px"), ("height", "\(n(track.frame.height))px"),
            ("transform-origin", "50% 50%"), ("z-index", "\(track.z)"),
        ]
        if track.base.color == nil && !track.animates.contains(.color) {
            style.append(("background-color", ExportPalette.css(ExportPalette.placeholder(for: track))))
        }
        style += properties(track.base, of: track, clipFrom: track.base).map { ($0.css, $0.value) }
        if let clip = track.clip {
            // The content region clips the element where it is on the stage, outside its transform: a wrapper's job
            // in CSS, written here as the region in the stage's coordinates for the page to apply to a wrapper.
            style.append(("--fp-region", "\(n(clip.x - stage.x))px \(n(clip.y - stage.y))px \(n(clip.width))px \(n(clip.height))px"))
        }
        return style
    }

    /// CSS declarations for `values`: (CSS name, Web Animations name, value). The clip path needs the mask and
    /// its radius together: what `values` lacks is taken from `held`.
    func properties(_ values: TrackValues, of track: Track, clipFrom held: TrackValues) -> [(css: String, js: String, value: String)] {
        let n = ExportPalette.number
        var result: [(css: String, js: String, value: String)] = []
        if let t = values.transform {
            result.append(("transform", "transform", "matrix(\(n(t.a)), \(n(t.b)), \(n(t.c)), \(n(t.d)), \(n(t.tx)), \(n(t.ty)))"))
        }
        if values.maskFrame != nil || values.cornerRadius != nil, let mask = values.maskFrame ?? held.maskFrame {
            let radius = values.cornerRadius ?? held.cornerRadius ?? 0
            let f = track.frame
            let inset = "\(n(mask.y))px \(n(f.width - mask.maxX))px \(n(f.height - mask.maxY))px \(n(mask.x))px"
            result.append(("clip-path", "clipPath", "inset(\(inset) round \(n(max(0, radius)))px)"))
        }
        if let opacity = values.opacity { result.append(("opacity", "opacity", n(opacity))) }
        if let color = values.color { result.append(("background-color", "backgroundColor", ExportPalette.css(color))) }
        if let shadow = values.shadow {
            result.append((
                "box-shadow", "boxShadow",
                "\(n(shadow.offset.x))px \(n(shadow.offset.y))px \(n(2 * shadow.radius))px \(ExportPalette.css(shadow.color))"))
        }
        return result
    }

    /// Each keyframe's offset (time ÷ duration) and declarations.
    func keyframes(_ track: Track) -> [(offset: Double, declarations: [(css: String, js: String, value: String)])] {
        track.keyframes.map { keyframe in
            (plan.duration > 0 ? keyframe.time / plan.duration : 0, properties(keyframe.values, of: track, clipFrom: track.base))
        }
    }

    /// `{"width", "height", "duration", "easing", "elements": [{"id", "role", "className", "style", "keyframes", "options"}]}`.
    func webAnimationsDocument() -> [UInt8] {
        var writer = JSONWriter(capacity: 1024 + tracks.reduce(0) { $0 + 512 + 200 * $1.keyframes.count })
        writer.beginObject()
        writer.key("width"); writer.number(stage.width)
        writer.key("height"); writer.number(stage.height)
        writer.key("duration"); writer.number(duration)
        if let easing = plan.easing { writer.key("easing"); writer.string(easing.css) }
        writer.key("elements")
        writer.beginArray()
        for (index, track) in tracks.enumerated() {
            writer.beginObject()
            writer.key("id"); writer.string(track.id)
            writer.key("role"); writer.string(track.role.rawValue)
            writer.key("className"); writer.string("fp-\(names[index])")
            writer.key("style")
            writer.beginObject()
            for (name, value) in style(track) { writer.dynamicKey(name); writer.string(value) }
            writer.endObject()
            writer.key("keyframes")
            writer.beginArray()
            for keyframe in keyframes(track) {
                writer.beginObject()
                writer.key("offset"); writer.number(keyframe.offset)
                for declaration in keyframe.declarations { writer.dynamicKey(declaration.js); writer.string(declaration.value) }
                writer.endObject()
            }
            writer.endArray()
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

    /// `.fp-stage`, then per track a class `.fp-<id>` with its box, held values and animation, and its `@keyframes`.
    func styleSheet() -> String {
        let n = ExportPalette.number
        var css = "/* Flightplan: \(plan.style.rawValue) \(plan.direction.rawValue), \(n(duration)) ms. "
        css += "One element per class inside .fp-stage; pause with animation-play-state: paused and scrub with a negative animation-delay. */\n"
        css += ".fp-stage { position: relative; width: \(n(stage.width))px; height: \(n(stage.height))px; overflow: hidden; }\n"
        for (index, track) in tracks.enumerated() {
            let name = "fp-\(names[index])"
            css += ".fp-stage > .\(name) { "
            css += style(track).filter { !$0.0.hasPrefix("--") }.map { "\($0.0): \($0.1);" }.joined(separator: " ")
            if let clip = track.clip {
                css += " /* clipped on the stage to \(n(clip.x - stage.x)) \(n(clip.y - stage.y)) \(n(clip.width)) \(n(clip.height)) */"
            }
            if !track.keyframes.isEmpty { css += " animation: \(name) \(n(duration))ms linear both;" }
            css += " }\n"
            guard !track.keyframes.isEmpty else { continue }
            css += "@keyframes \(name) {\n"
            for keyframe in keyframes(track) {
                css += "  \(n(keyframe.offset * 100))% { " + keyframe.declarations.map { "\($0.css): \($0.value);" }.joined(separator: " ") + " }\n"
            }
            css += "}\n"
        }
        return css
    }
}
