/// A plan as a self-contained animated SVG (SMIL): for design reviews, docs and tools that import SVG.
///
/// Each track is a group placed by `translate(E) scale(a, d)` — the layer's transform about its centre written
/// as where its origin lands (`E = frame.origin + (1 − s)·centre + t`, linear in the keyframe's fields, so SMIL's
/// linear interpolation of both is the plan's) — carrying the track's opacity and its shadow filter
/// (`feDropShadow`, σ = the shadow's radius), around a group clipped to the mask's outline (an animated path:
/// circular or continuous corners, ``ExportOutline``) that paints the track's colour (or its role's placeholder,
/// with diagonals where scale matters) and its `content` as an `<image>` over the layer or its `contentFrame` (the
/// colour around it). The filter sits
/// outside the clip, so the shadow falls outside it. A content region clips the whole group on the stage. Every
/// id starts with the export's prefix, so several exports can share a page. Times are the plan's keyframe times.
extension ExportScene {
    func animatedSVG() -> String {
        let n = ExportPalette.number
        var svg =
            ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 \##(n(stage.width)) \##(n(stage.height))" width="\##(n(stage.width))" height="\##(n(stage.height))">"##
        svg += "<title>Flightplan: \(plan.style.rawValue) \(plan.direction.rawValue), \(n(plan.duration)) s</title>"
        for (index, track) in tracks.enumerated() { svg += group(track, name: "\(prefix)-\(names[index])") }
        return svg + "</svg>"
    }

    /// A `<animate>`-style element over the plan's keyframe times, frozen at its last value.
    private func animation(_ element: String, _ attributes: String, values: [String], keyTimes: String) -> String {
        ##"<\##(element) \##(attributes) values="\##(values.joined(separator: ";"))" keyTimes="\##(keyTimes)" dur="\##(ExportPalette.number(plan.duration))s" begin="0s" fill="freeze" calcMode="linear"/>"##
    }

    private func group(_ track: Track, name: String) -> String {
        let n = ExportPalette.number
        let keyTimes = track.keyframes.map { n(plan.duration > 0 ? $0.time / plan.duration : 0) }.joined(separator: ";")
        let states = track.keyframes.map { track.base.merging($0.values) }
        let first = track.values(at: 0)
        let size = track.frame
        func origin(_ values: TrackValues) -> (x: Double, y: Double, a: Double, d: Double) {
            let t = values.transform ?? .identity
            return (
                size.x - stage.x + (1 - t.a) * size.width / 2 + t.tx, size.y - stage.y + (1 - t.d) * size.height / 2 + t.ty, t.a, t.d
            )
        }
        var svg = ""
        if let clip = track.clip {
            svg +=
                ##"<clipPath id="\##(name)-region"><rect x="\##(n(clip.x - stage.x))" y="\##(n(clip.y - stage.y))" width="\##(n(clip.width))" height="\##(n(clip.height))"/></clipPath>"##
            svg += ##"<g clip-path="url(#\##(name)-region)">"##
        }
        if let shadow = first.shadow {
            svg +=
                ##"<filter id="\##(name)-shadow" x="-50%" y="-50%" width="200%" height="200%" color-interpolation-filters="sRGB"><feDropShadow dx="\##(n(shadow.offset.x))" dy="\##(n(shadow.offset.y))" stdDeviation="\##(n(shadow.radius))" flood-color="\##(ExportPalette.hex(shadow.color))" flood-opacity="\##(n(shadow.color.a))">"##
            if track.animates.contains(.shadow) {
                let shadows = states.map { $0.shadow! }
                svg += animation("animate", ##"attributeName="dx""##, values: shadows.map { n($0.offset.x) }, keyTimes: keyTimes)
                svg += animation("animate", ##"attributeName="dy""##, values: shadows.map { n($0.offset.y) }, keyTimes: keyTimes)
                svg += animation("animate", ##"attributeName="stdDeviation""##, values: shadows.map { n($0.radius) }, keyTimes: keyTimes)
                svg += animation(
                    "animate", ##"attributeName="flood-color""##, values: shadows.map { ExportPalette.hex($0.color) }, keyTimes: keyTimes)
                svg += animation("animate", ##"attributeName="flood-opacity""##, values: shadows.map { n($0.color.a) }, keyTimes: keyTimes)
            }
            svg += "</feDropShadow></filter>"
        }
        let start = origin(first)
        let filter = first.shadow != nil ? ##" filter="url(#\##(name)-shadow)""## : ""
        svg +=
            ##"<g id="\##(name)" transform="translate(\##(n(start.x)) \##(n(start.y))) scale(\##(n(start.a)) \##(n(start.d)))" opacity="\##(n(first.opacity ?? 1))"\##(filter)>"##
        if track.animates.contains(.transform) {
            let places = states.map(origin)
            svg += animation(
                "animateTransform", ##"attributeName="transform" type="translate""##, values: places.map { "\(n($0.x)) \(n($0.y))" },
                keyTimes: keyTimes)
            svg += animation(
                "animateTransform", ##"attributeName="transform" type="scale" additive="sum""##, values: places.map { "\(n($0.a)) \(n($0.d))" },
                keyTimes: keyTimes)
        }
        if track.animates.contains(.opacity) {
            svg += animation("animate", ##"attributeName="opacity""##, values: states.map { n($0.opacity ?? 1) }, keyTimes: keyTimes)
        }
        if let mask = first.maskFrame {
            func outline(_ values: TrackValues) -> String {
                ExportOutline(values.maskFrame ?? mask, radius: values.cornerRadius ?? 0, curve: track.cornerCurve).pathData
            }
            svg += ##"<clipPath id="\##(name)-mask"><path d="\##(outline(first))">"##
            if track.animates.contains(.maskFrame) || track.animates.contains(.cornerRadius) {
                svg += animation("animate", ##"attributeName="d""##, values: states.map(outline), keyTimes: keyTimes)
            }
            svg += ##"</path></clipPath><g clip-path="url(#\##(name)-mask)">"##
        }
        let color = first.color ?? ExportPalette.placeholder(for: track)
        let painted = ExportPalette.paintedRect(of: track)
        // The colour where the image is not (an even-odd hole under the image, so that its smoothed edges do not show
        // the colour through).
        func rect(_ r: Rect) -> String { "M\(n(r.x)) \(n(r.y))H\(n(r.maxX))V\(n(r.maxY))H\(n(r.x))Z" }
        let drawn = ExportPalette.contentRect(of: track)
        let area = rect(painted) + (track.content != nil ? rect(drawn) : "")
        svg += ##"<path d="\##(area)" fill-rule="evenodd" fill="\##(ExportPalette.hex(color))" fill-opacity="\##(n(color.a))">"##
        if track.animates.contains(.color) {
            svg += animation("animate", ##"attributeName="fill""##, values: states.map { ExportPalette.hex($0.color!) }, keyTimes: keyTimes)
            svg += animation("animate", ##"attributeName="fill-opacity""##, values: states.map { n($0.color!.a) }, keyTimes: keyTimes)
        }
        svg += "</path>"
        if let content = track.content {
            let href = content.url.replacingAmpersands()
            svg +=
                ##"<image href="\##(href)" xlink:href="\##(href)" x="\##(n(drawn.x))" y="\##(n(drawn.y))" width="\##(n(drawn.width))" height="\##(n(drawn.height))" preserveAspectRatio="none"/>"##
        } else if [.content, .incomingSnapshot, .outgoingSnapshot, .child, .outgoingChild].contains(track.role) {
            svg +=
                ##"<path d="M0 0L\##(n(size.width)) \##(n(size.height))M\##(n(size.width)) 0L0 \##(n(size.height))" stroke="#fff" stroke-opacity="0.6" fill="none" vector-effect="non-scaling-stroke"/>"##
        }
        if first.maskFrame != nil { svg += "</g>" }
        svg += "</g>"
        if track.clip != nil { svg += "</g>" }
        return svg
    }
}

extension String {
    /// The text with every `&` written `&amp;`, as an XML attribute takes a URL (the only character a content
    /// reference may have that XML needs escaped in a double-quoted attribute).
    fileprivate func replacingAmpersands() -> String {
        var result = ""
        for character in self { result += character == "&" ? "&amp;" : String(character) }
        return result
    }
}
