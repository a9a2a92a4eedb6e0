/// A plan as a self-contained animated SVG (SMIL): for design reviews, docs and tools that import SVG.
///
/// Each track is a group placed by `translate(E) scale(a, d)` — the layer's transform about its centre written
/// as where its origin lands (`E = frame.origin + (1 − s)·centre + t`, linear in the keyframe's fields, so SMIL's
/// linear interpolation of both is the plan's) — carrying the track's opacity and its shadow filter
/// (`feDropShadow`, σ = the shadow's radius), around a group clipped to the mask's outline (an animated path:
/// circular or continuous corners, ``ExportOutline``) that paints the track's colour (or its role's placeholder,
/// with diagonals where scale matters) and its `content` as an `<image>` over the layer or its `contentFrame` (the
/// colour around it). The filter sits
/// outside the clip, so the shadow falls outside it. A content region clips the whole group on the stage. A track
/// with a parent is a group inside its parent's clip group, after the parent's paint, placed in the parent's own
/// space (so the parent's transform, mask, region and opacity carry it). Every id starts with the export's prefix, so
/// several exports can share a page. Times are the plan's keyframe times.
extension ExportScene {
    /// Writes the SVG as it is, the whole answer.
    func animatedSVG(to writer: inout JSONWriter) {
        ExportText.lending(&writer) { animatedSVG(to: &$0) }
    }

    /// Writes the SVG as a JSON string, the writer's next value (a batch's or a dismissal's plan), escaped as it is
    /// written (its quotes, and the URLs it takes, are all a JSON string escapes), without a copy.
    func animatedSVG(asStringTo writer: inout JSONWriter) {
        ExportText.string(to: &writer) { animatedSVG(to: &$0) }
    }

    /// Writes the SVG into `svg`: its literal text has no quote (``ExportText/quote()`` writes them), so the same
    /// writing serves inside a JSON string.
    private func animatedSVG(to svg: inout ExportText) {
        svg.append("<svg xmlns="); svg.quoted("http://www.w3.org/2000/svg"); svg.append(" xmlns:xlink="); svg.quoted("http://www.w3.org/1999/xlink")
        svg.append(" viewBox="); svg.quote(); svg.append("0 0 ")
        svg.number(stage.width); svg.append(" "); svg.number(stage.height); svg.quote()
        svg.attribute("width", stage.width); svg.attribute("height", stage.height); svg.append(">")
        svg.append("<title>Flightplan: "); svg.append(contentsOf: plan.style.rawValue); svg.append(" ");
        svg.append(contentsOf: plan.direction.rawValue)
        svg.append(", "); svg.number(plan.duration); svg.append(" s</title>")
        for index in tree.roots { group(index, to: &svg) }
        svg.append("</svg>")
    }

    /// A `<animate>`-style element over the track's keyframe times, frozen at its last value: its values, one per
    /// state, written by `value`; an `<animateTransform>` names its `type`, and whether it adds to the one before.
    private func animation(
        _ element: StaticString, _ name: StaticString, type: StaticString? = nil, additive: Bool = false, of track: Track,
        _ states: [TrackValues], to svg: inout ExportText, value: (TrackValues, inout ExportText) -> Void
    ) {
        svg.append("<"); svg.append(element); svg.append(" attributeName="); svg.quoted(name)
        if let type { svg.append(" type="); svg.quoted(type) }
        if additive { svg.append(" additive="); svg.quoted("sum") }
        svg.append(" values="); svg.quote()
        for (index, state) in states.enumerated() {
            if index > 0 { svg.append(";") }
            value(state, &svg)
        }
        svg.quote(); svg.append(" keyTimes="); svg.quote()
        for (index, keyframe) in track.keyframes.enumerated() {
            if index > 0 { svg.append(";") }
            svg.number(plan.duration > 0 ? keyframe.time / plan.duration : 0)
        }
        svg.quote(); svg.append(" dur="); svg.quote(); svg.number(plan.duration); svg.append("s"); svg.quote()
        svg.append(" begin="); svg.quoted("0s"); svg.append(" fill="); svg.quoted("freeze"); svg.append(" calcMode="); svg.quoted("linear")
        svg.append("/>")
    }

    /// The track at `index` and, inside its clip group after its own paint, its children (each in its own space).
    private func group(_ index: Int, to svg: inout ExportText) {
        let track = tracks[index], name = "\(prefix)-\(names[index])"
        let states = track.keyframes.map { track.base.merging($0.values) }
        let first = track.values(at: 0)
        let size = track.frame
        // Where the space the frame is in has its origin in the SVG's: the stage's, or the parent's own space.
        let space = tree.parents[index] == nil ? stage.origin : .zero
        func origin(_ values: TrackValues) -> (x: Double, y: Double, a: Double, d: Double) {
            let t = values.transform ?? .identity
            return (
                size.x - space.x + (1 - t.a) * size.width / 2 + t.tx, size.y - space.y + (1 - t.d) * size.height / 2 + t.ty, t.a, t.d
            )
        }
        if let clip = track.clip {
            svg.append("<clipPath id="); svg.quote(); svg.append(contentsOf: name); svg.append("-region"); svg.quote(); svg.append("><rect")
            svg.attribute("x", clip.x - space.x); svg.attribute("y", clip.y - space.y); svg.attribute("width", clip.width)
            svg.attribute("height", clip.height)
            svg.append("/></clipPath><g clip-path="); svg.quote(); svg.append("url(#"); svg.append(contentsOf: name); svg.append("-region)")
            svg.quote(); svg.append(">")
        }
        if let shadow = first.shadow {
            svg.append("<filter id="); svg.quote(); svg.append(contentsOf: name); svg.append("-shadow"); svg.quote()
            svg.append(" x="); svg.quoted("-50%"); svg.append(" y="); svg.quoted("-50%"); svg.append(" width="); svg.quoted("200%")
            svg.append(" height="); svg.quoted("200%"); svg.append(" color-interpolation-filters="); svg.quoted("sRGB"); svg.append("><feDropShadow")
            svg.attribute("dx", shadow.offset.x); svg.attribute("dy", shadow.offset.y); svg.attribute("stdDeviation", shadow.radius)
            svg.append(" flood-color="); svg.quote(); svg.hex(shadow.color); svg.quote(); svg.attribute("flood-opacity", shadow.color.a)
            svg.append(">")
            if track.animates.contains(.shadow) {
                animation("animate", "dx", of: track, states, to: &svg) { $1.number($0.shadow!.offset.x) }
                animation("animate", "dy", of: track, states, to: &svg) { $1.number($0.shadow!.offset.y) }
                animation("animate", "stdDeviation", of: track, states, to: &svg) { $1.number($0.shadow!.radius) }
                animation("animate", "flood-color", of: track, states, to: &svg) { $1.hex($0.shadow!.color) }
                animation("animate", "flood-opacity", of: track, states, to: &svg) { $1.number($0.shadow!.color.a) }
            }
            svg.append("</feDropShadow></filter>")
        }
        let start = origin(first)
        svg.append("<g id="); svg.quote(); svg.append(contentsOf: name); svg.quote(); svg.append(" transform="); svg.quote(); svg.append("translate(")
        svg.number(start.x); svg.append(" "); svg.number(start.y); svg.append(") scale("); svg.number(start.a); svg.append(" "); svg.number(start.d)
        svg.append(")"); svg.quote()
        svg.attribute("opacity", first.opacity ?? 1)
        if first.shadow != nil {
            svg.append(" filter="); svg.quote(); svg.append("url(#"); svg.append(contentsOf: name); svg.append("-shadow)"); svg.quote()
        }
        svg.append(">")
        if track.animates.contains(.transform) {
            animation("animateTransform", "transform", type: "translate", of: track, states, to: &svg) { values, svg in
                let place = origin(values)
                svg.number(place.x); svg.append(" "); svg.number(place.y)
            }
            animation("animateTransform", "transform", type: "scale", additive: true, of: track, states, to: &svg) { values, svg in
                let place = origin(values)
                svg.number(place.a); svg.append(" "); svg.number(place.d)
            }
        }
        if track.animates.contains(.opacity) {
            animation("animate", "opacity", of: track, states, to: &svg) { $1.number($0.opacity ?? 1) }
        }
        if let mask = first.maskFrame {
            func outline(_ values: TrackValues) -> ExportOutline {
                ExportOutline(values.maskFrame ?? mask, radius: values.cornerRadius ?? 0, curve: track.cornerCurve)
            }
            svg.append("<clipPath id="); svg.quote(); svg.append(contentsOf: name); svg.append("-mask"); svg.quote(); svg.append("><path d=")
            svg.quote(); svg.pathData(outline(first)); svg.quote(); svg.append(">")
            if track.animates.contains(.maskFrame) || track.animates.contains(.cornerRadius) {
                animation("animate", "d", of: track, states, to: &svg) { $1.pathData(outline($0)) }
            }
            svg.append("</path></clipPath><g clip-path="); svg.quote(); svg.append("url(#"); svg.append(contentsOf: name); svg.append("-mask)")
            svg.quote(); svg.append(">")
        }
        let color = first.color ?? placeholder(for: track)
        let painted = ExportPalette.paintedRect(of: track)
        // The colour where the image is not (an even-odd hole under the image, so that its smoothed edges do not show
        // the colour through).
        let drawn = track.drawnContentFrame
        svg.append("<path d="); svg.quote(); svg.rectangle(painted)
        if track.content != nil { svg.rectangle(drawn) }
        svg.quote(); svg.append(" fill-rule="); svg.quoted("evenodd"); svg.append(" fill="); svg.quote(); svg.hex(color); svg.quote()
        svg.attribute("fill-opacity", color.a); svg.append(">")
        if track.animates.contains(.color) {
            animation("animate", "fill", of: track, states, to: &svg) { $1.hex($0.color!) }
            animation("animate", "fill-opacity", of: track, states, to: &svg) { $1.number($0.color!.a) }
        }
        svg.append("</path>")
        if let content = track.content {
            let href = content.url.replacingAmpersands()
            svg.append("<image href="); svg.quote(); svg.escaped(href); svg.quote(); svg.append(" xlink:href="); svg.quote(); svg.escaped(href)
            svg.quote()
            svg.attribute("x", drawn.x); svg.attribute("y", drawn.y); svg.attribute("width", drawn.width); svg.attribute("height", drawn.height)
            svg.append(" preserveAspectRatio="); svg.quoted("none"); svg.append("/>")
        } else if isSchematic, [.content, .incomingSnapshot, .outgoingSnapshot, .child, .outgoingChild].contains(track.role) {
            svg.append("<path d="); svg.quote(); svg.append("M0 0L"); svg.number(size.width); svg.append(" "); svg.number(size.height)
            svg.append("M"); svg.number(size.width); svg.append(" 0L0 "); svg.number(size.height)
            svg.quote(); svg.append(" stroke="); svg.quoted("#fff"); svg.append(" stroke-opacity="); svg.quoted("0.6"); svg.append(" fill=")
            svg.quoted("none"); svg.append(" vector-effect="); svg.quoted("non-scaling-stroke"); svg.append("/>")
        }
        for child in tree.children[index] { group(child, to: &svg) }
        if first.maskFrame != nil { svg.append("</g>") }
        svg.append("</g>")
        if track.clip != nil { svg.append("</g>") }
    }
}

extension ExportText {
    /// Appends ` name="value"`, a number attribute.
    fileprivate mutating func attribute(_ name: StaticString, _ value: Double) {
        append(" "); append(name); append("="); quote(); number(value); quote()
    }

    /// Appends a rect as SVG path data, `M x y H … V … H … Z`.
    fileprivate mutating func rectangle(_ r: Rect) {
        append("M"); number(r.x); append(" "); number(r.y); append("H"); number(r.maxX); append("V"); number(r.maxY); append("H"); number(r.x)
        append("Z")
    }
}

extension String {
    /// The text with every `&` written `&amp;`, as an XML attribute takes a URL (the only character a content
    /// reference may have that XML needs escaped in a double-quoted attribute).
    func replacingAmpersands() -> String {
        var result = ""
        for character in self { result += character == "&" ? "&amp;" : String(character) }
        return result
    }
}
