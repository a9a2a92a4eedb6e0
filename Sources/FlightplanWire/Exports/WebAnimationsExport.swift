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
///   its `contentFrame`), a whole number of pixels into the box (``ExportPalette/webPaintBox(of:)``).
///
/// Every box is placed by `translate` (its `left` and `top` 0): Chromium draws a box's edges and background at whole
/// pixels of its own space, left and top included, and a scaled layer magnifies the rounding, while a transform is
/// drawn exactly.
///
/// A child track (one with a `parent`) is built inside its parent's paint box, after what that box holds itself, instead
/// of on the stage: its region or layer is placed by its frame in the parent's own space, so the parent's transform,
/// clip-path, region and opacity apply to it; its `z-index` orders it among its siblings inside the parent's stacking
/// context.
///
/// Browsers interpolate each of these linearly between keyframes (a path segment by segment), so a page plays
/// what the plan's linear renderer does.
extension ExportScene {
    /// Milliseconds.
    var duration: Double { plan.duration * 1000 }

    /// One CSS declaration of a keyframe: its CSS name, its Web Animations name and its value. (A struct rather than a
    /// tuple, as ``StyleDeclaration``: an array of tuples is copied and destroyed through the runtime's generic tuple
    /// witnesses, element by element: some 8% of the style sheet's instructions.)
    struct Declaration {
        let css: StaticString
        let js: StaticString
        let value: CSSValue

        init(_ css: StaticString, _ js: StaticString, _ value: CSSValue) { (self.css, self.js, self.value) = (css, js, value) }
    }

    /// One CSS declaration of a box's style: its name (the same in CSS and Web Animations) and its value.
    struct StyleDeclaration {
        let name: StaticString
        let value: CSSValue

        init(_ name: StaticString, _ value: CSSValue) { (self.name, self.value) = (name, value) }
    }

    /// A box of a track's element: its class, what it starts with, and its keyframes (offset and declarations).
    struct WebBox {
        var className: String
        var style: [StyleDeclaration]
        /// Each keyframe's offset and where its declarations are in ``declarations``.
        var keyframes: [(offset: Double, declarations: Range<Int>)] = []
        /// Every keyframe's declarations, one keyframe after the other (one array for them all).
        var declarations: [Declaration] = []

        /// The box with its keyframes at `offsets`, their declarations for each keyframe's values as `declare`
        /// appends them.
        init(
            className: String, style: [StyleDeclaration], offsets: [Double] = [], values: [TrackKeyframe] = [],
            declare: (TrackValues, inout [Declaration]) -> Void = { _, _ in }
        ) {
            self.className = className
            self.style = style
            keyframes.reserveCapacity(values.count)
            // A layer box declares up to three values a keyframe (transform, opacity, filter), a paint box two.
            declarations.reserveCapacity(3 * values.count)
            for (offset, keyframe) in zip(offsets, values) {
                let start = declarations.count
                declare(keyframe.values, &declarations)
                keyframes.append((offset, start..<declarations.count))
            }
        }
    }

    /// A track's boxes, outermost first: the region (when it has one), the layer, the paint box. A child's outermost
    /// box is placed in its parent's paint box, in the parent's own space (its clip too, which no plan gives a child).
    func webBoxes(_ index: Int) -> (region: WebBox?, layer: WebBox, paint: WebBox) {
        let track = tracks[index], name = names[index]
        let frame = track.frame, painted = ExportPalette.webPaintBox(of: track)
        // Each box's style is one array, made with room for all it may hold (placement, then up to `room` more).
        func box(_ rect: Rect, _ dx: Double, _ dy: Double, room: Int) -> [StyleDeclaration] {
            var style: [StyleDeclaration] = []
            style.reserveCapacity(6 + room)
            style.append(StyleDeclaration("position", .keyword("absolute")))
            style.append(StyleDeclaration("left", .keyword("0")))
            style.append(StyleDeclaration("top", .keyword("0")))
            style.append(StyleDeclaration("translate", .pixelPair(rect.x - dx, rect.y - dy)))
            style.append(StyleDeclaration("width", .pixels(rect.width)))
            style.append(StyleDeclaration("height", .pixels(rect.height)))
            return style
        }
        let offsets = track.keyframes.map { plan.duration > 0 ? $0.time / plan.duration : 0 }
        var region: WebBox?
        var origin = (x: stage.x, y: stage.y)
        if let parent = tree.parents[index] {
            let holder = ExportPalette.webPaintBox(of: tracks[parent])
            origin = (holder.x, holder.y)
        }
        if let clip = track.clip {
            var style = box(clip, origin.x, origin.y, room: 2)
            style.append(StyleDeclaration("overflow", .keyword("hidden")))
            style.append(StyleDeclaration("z-index", .integer(track.z)))
            region = WebBox(className: "\(prefix)-\(name)-region", style: style)
            origin = (clip.x, clip.y)
        }
        // Room for the origin, the z-index and the held transform, opacity and shadow.
        var layerStyle = box(frame, origin.x, origin.y, room: 5)
        layerStyle.append(StyleDeclaration("transform-origin", .keyword("50% 50%")))
        if region == nil { layerStyle.append(StyleDeclaration("z-index", .integer(track.z))) }
        // What the track holds throughout is part of each box's style.
        var base: [Declaration] = []
        layerDeclarations(track.base, into: &base)
        for declaration in base { layerStyle.append(StyleDeclaration(declaration.css, declaration.value)) }
        let layer = WebBox(className: "\(prefix)-\(name)", style: layerStyle, offsets: offsets, values: track.keyframes) { values, declarations in
            layerDeclarations(values, into: &declarations)
        }
        // Room for the placeholder colour, the content's four and the held clip and colour.
        var paintStyle = box(painted, 0, 0, room: 7)
        if track.base.color == nil && !track.animates.contains(.color) && isSchematic {
            paintStyle.append(StyleDeclaration("background-color", .color(placeholder(for: track))))
        }
        if let content = track.content {
            let drawn = track.drawnContentFrame
            paintStyle.append(StyleDeclaration("background-image", .url(content.url)))
            paintStyle.append(StyleDeclaration("background-position", .pixelPair(drawn.x - painted.x, drawn.y - painted.y)))
            paintStyle.append(StyleDeclaration("background-size", .pixelPair(drawn.width, drawn.height)))
            paintStyle.append(StyleDeclaration("background-repeat", .keyword("no-repeat")))
        }
        base.removeAll(keepingCapacity: true)
        paintDeclarations(track.base, of: track, held: track.base, painted: painted, into: &base)
        for declaration in base { paintStyle.append(StyleDeclaration(declaration.css, declaration.value)) }
        let paint = WebBox(className: "\(prefix)-\(name)-paint", style: paintStyle, offsets: offsets, values: track.keyframes) {
            values, declarations in
            paintDeclarations(values, of: track, held: track.base, painted: painted, into: &declarations)
        }
        return (region, layer, paint)
    }

    /// Appends the layer's declarations for `values`: transform, opacity, shadow.
    private func layerDeclarations(_ values: TrackValues, into result: inout [Declaration]) {
        if let transform = values.transform { result.append(Declaration("transform", "transform", .matrix(transform))) }
        if let opacity = values.opacity { result.append(Declaration("opacity", "opacity", .number(opacity))) }
        if let shadow = values.shadow { result.append(Declaration("filter", "filter", .dropShadow(shadow))) }
    }

    /// Appends the paint box's declarations for `values`: the clip (the mask and its radius together, what `values`
    /// lacks taken from `held`) in the paint box's own coordinates, and the colour.
    private func paintDeclarations(_ values: TrackValues, of track: Track, held: TrackValues, painted: Rect, into result: inout [Declaration]) {
        if values.maskFrame != nil || values.cornerRadius != nil, let mask = values.maskFrame ?? held.maskFrame {
            let outline = ExportOutline(
                mask.offsetBy(dx: -painted.x, dy: -painted.y), radius: values.cornerRadius ?? held.cornerRadius ?? 0, curve: track.cornerCurve)
            result.append(Declaration("clip-path", "clipPath", .path(outline)))
        }
        if let color = values.color { result.append(Declaration("background-color", "backgroundColor", .color(color))) }
    }

    /// `{"width", "height", "duration", "easing", "elements": [{"id", "role", "parent"?, "content"?, "region"?, "className",
    /// "style", "keyframes", "paint", "options"}]}`: `region` and `paint` are `{"className", "style", "keyframes"}`;
    /// `parent` is the id of the element whose paint box holds this one's boxes (an earlier element). Written as the
    /// writer's next value (the answer, or a batch's or a dismissal's plan, without a copy): the writer is lent to an
    /// ``ExportText`` while it is written.
    func webAnimationsDocument(to writer: inout JSONWriter) {
        ExportText.lending(&writer) { webAnimationsDocument(to: &$0) }
    }

    /// Writes the Web Animations document into `text`.
    private func webAnimationsDocument(to text: inout ExportText) {
        func write(_ box: WebBox) {
            text.json.key("className"); text.json.string(box.className)
            text.json.key("style")
            text.json.beginObject()
            for entry in box.style { text.json.key(entry.name); text.string(entry.value) }
            text.json.endObject()
            text.json.key("keyframes")
            text.json.beginArray()
            for keyframe in box.keyframes where !keyframe.declarations.isEmpty {
                text.json.beginObject()
                text.json.key("offset"); text.json.number(keyframe.offset)
                for declaration in box.declarations[keyframe.declarations] { text.json.key(declaration.js); text.string(declaration.value) }
                text.json.endObject()
            }
            text.json.endArray()
        }
        text.json.beginObject()
        text.json.key("width"); text.json.number(stage.width)
        text.json.key("height"); text.json.number(stage.height)
        text.json.key("duration"); text.json.number(duration)
        if let easing = plan.easing { text.json.key("easing"); easing.writeCSS(to: &text.json) }
        text.json.key("elements")
        text.json.beginArray()
        for (index, track) in tracks.enumerated() {
            let boxes = webBoxes(index)
            text.json.beginObject()
            text.json.key("id"); text.json.string(track.id)
            text.json.key("role"); text.json.string(track.role.rawValue)
            if let parent = tree.parents[index] { text.json.key("parent"); text.json.string(tracks[parent].id) }
            if let content = track.content { text.json.key("content"); content.write(to: &text.json) }
            if let region = boxes.region { text.json.key("region"); text.json.beginObject(); write(region); text.json.endObject() }
            write(boxes.layer)
            text.json.key("paint"); text.json.beginObject(); write(boxes.paint); text.json.endObject()
            text.json.key("options")
            text.json.beginObject()
            text.json.key("duration"); text.json.number(duration)
            text.json.key("fill"); text.json.string("both")
            text.json.key("easing"); text.json.string("linear")
            text.json.endObject()
            text.json.endObject()
        }
        text.json.endArray()
        text.json.endObject()
    }

    /// A header saying how the boxes nest (naming each child's outermost div and its parent's paint div), `.<prefix>-stage`,
    /// then per track its boxes' classes (the region, the layer, the paint box) with their placement, held values and
    /// animations, and their `@keyframes`. Written as it is, the whole answer.
    func styleSheet(to writer: inout JSONWriter) {
        ExportText.lending(&writer) { styleSheet(to: &$0) }
    }

    /// Writes the style sheet as a JSON string, the writer's next value (a batch's or a dismissal's plan): escaped as
    /// it is written (its quotes and line ends are its only characters a JSON string escapes), without a copy.
    func styleSheet(asStringTo writer: inout JSONWriter) {
        ExportText.string(to: &writer) { styleSheet(to: &$0) }
    }

    /// Writes the style sheet into `css`.
    private func styleSheet(to css: inout ExportText) {
        css.append("/* Flightplan: "); css.append(contentsOf: plan.style.rawValue); css.append(" "); css.append(contentsOf: plan.direction.rawValue)
        css.append(", "); css.number(duration); css.append(" ms. ")
        css.append("Per track, inside ."); css.append(contentsOf: prefix)
        css.append("-stage: [div.<name>-region >] div.<name> > div.<name>-paint (see the classes)")
        var separator: StaticString = "; a child's outermost div goes inside its parent's paint div, after what that div holds: "
        for index in tracks.indices {
            guard let parent = tree.parents[index] else { continue }
            css.append(separator)
            separator = ", "
            css.append("div."); css.append(contentsOf: prefix); css.append("-"); css.append(contentsOf: names[index])
            if tracks[index].clip != nil { css.append("-region") }
            css.append(" in div."); css.append(contentsOf: prefix); css.append("-"); css.append(contentsOf: names[parent]); css.append("-paint")
        }
        css.append(". ")
        css.append("Pause with animation-play-state: paused and scrub with a negative animation-delay. */"); css.lineEnd()
        css.append("."); css.append(contentsOf: prefix); css.append("-stage { position: relative; width: "); css.number(stage.width)
        css.append("px; height: "); css.number(stage.height); css.append("px; overflow: hidden; }"); css.lineEnd()
        for index in tracks.indices {
            let boxes = webBoxes(index)
            for box in [boxes.region, boxes.layer, boxes.paint].compactMap({ $0 }) {
                let animated = !box.declarations.isEmpty
                css.append("."); css.append(contentsOf: box.className); css.append(" { ")
                for (index, entry) in box.style.enumerated() { css.declaration(entry.name, entry.value, first: index == 0) }
                if animated {
                    css.append(" animation: "); css.append(contentsOf: box.className); css.append(" "); css.number(duration);
                    css.append("ms linear both;")
                }
                css.append(" }"); css.lineEnd()
                guard animated else { continue }
                css.append("@keyframes "); css.append(contentsOf: box.className); css.append(" {"); css.lineEnd()
                for keyframe in box.keyframes {
                    css.append("  "); css.number(keyframe.offset * 100); css.append("% { ")
                    for (index, declaration) in box.declarations[keyframe.declarations].enumerated() {
                        css.declaration(declaration.css, declaration.value, first: index == 0)
                    }
                    css.append(" }"); css.lineEnd()
                }
                css.append("}"); css.lineEnd()
            }
        }
    }
}

extension ExportPalette {
    /// Where a track's paint box lies in its own space: ``paintedRect(of:)``, and for a track with content
    /// that paints no colour, grown up and left by under a pixel so that its image starts a whole number of pixels into
    /// it. Chromium draws a box's background at whole pixels of the box's own space, which a scaled layer magnifies
    /// (sharedFrame's flying screen starts 2.5× up: a 0.3 px offset moved the image 0.7 px); the box's `translate`
    /// carries the fraction, and a transform is drawn exactly. The growth is transparent: no colour fills it.
    static func webPaintBox(of track: Track) -> Rect {
        let painted = paintedRect(of: track)
        guard track.content != nil, track.base.color == nil, !track.animates.contains(.color) else { return painted }
        let drawn = track.drawnContentFrame
        // How far the image's offset falls short of the next whole pixel (an offset within 1e-6 of one is whole).
        func growth(_ offset: Double) -> Double { max(0, (offset - 1e-6).rounded(.up) - offset) }
        let dx = growth(drawn.x - painted.x), dy = growth(drawn.y - painted.y)
        return Rect(x: painted.x - dx, y: painted.y - dy, width: painted.width + dx, height: painted.height + dy)
    }
}

/// A CSS value of a Web Animations or CSS export, written straight into the export's text.
enum CSSValue {
    /// Literal text (`absolute`, `50% 50%`).
    case keyword(StaticString)
    /// A length, `12.5px`.
    case pixels(Double)
    /// Two lengths, `12px 4.5px`.
    case pixelPair(Double, Double)
    /// An integer (`z-index`).
    case integer(Int)
    /// A number (`opacity`).
    case number(Double)
    /// `rgba(r, g, b, a)`.
    case color(Color)
    /// `matrix(a, b, c, d, tx, ty)`.
    case matrix(AffineTransform)
    /// `drop-shadow(x y σ colour)`, σ the shadow's radius.
    case dropShadow(Shadow)
    /// `path("…")`, an outline.
    case path(ExportOutline)
    /// `url("…")`.
    case url(String)
}

extension ExportText {
    /// Appends a CSS value.
    mutating func write(_ value: CSSValue) {
        switch value {
        case .keyword(let keyword): append(keyword)
        case .pixels(let length): pixels(length)
        case .pixelPair(let x, let y): pixels(x); append(" "); pixels(y)
        case .integer(let integer): self.integer(integer)
        case .number(let number): self.number(number)
        case .color(let color): rgba(color)
        case .matrix(let t):
            append("matrix(")
            number(t.a); append(", "); number(t.b); append(", "); number(t.c); append(", "); number(t.d); append(", "); number(t.tx); append(", ")
            number(t.ty); append(")")
        case .dropShadow(let shadow):
            append("drop-shadow("); pixels(shadow.offset.x); append(" "); pixels(shadow.offset.y); append(" "); pixels(shadow.radius); append(" ")
            rgba(shadow.color); append(")")
        case .path(let outline): append("path("); quote(); pathData(outline); quote(); append(")")
        case .url(let url): append("url("); quote(); escaped(url); quote(); append(")")
        }
    }

    /// Appends `name: value;`, after a space unless it is the `first` of its block.
    fileprivate mutating func declaration(_ name: StaticString, _ value: CSSValue, first: Bool) {
        if !first { append(" ") }
        append(name); append(": "); write(value); append(";")
    }

    /// Writes a CSS value as a JSON string (a Web Animations style or keyframe value).
    mutating func string(_ value: CSSValue) {
        json.beginValue()
        append("\"")
        insideJSONString = true
        write(value)
        insideJSONString = false
        append("\"")
        json.endValue()
    }

    /// Appends a length, `12.5px`.
    private mutating func pixels(_ length: Double) {
        number(length)
        append("px")
    }
}
