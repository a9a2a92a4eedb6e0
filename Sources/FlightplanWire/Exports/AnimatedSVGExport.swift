/// A plan as a self-contained animated SVG (SMIL): for design reviews, docs and tools that import SVG.
///
/// Each track is a group placed by `translate(E) scale(a, d)` — the layer's transform about its centre written
/// as where its origin lands (`E = frame.origin + (1 − s)·centre + t`, linear in the keyframe's fields, so SMIL's
/// linear interpolation of both is the plan's) — holding its placeholder content (its colour, with diagonals
/// where scale matters) clipped to its mask, a rounded rect in its own space. Times are the plan's keyframe times.
extension ExportScene {
    func animatedSVG() -> String {
        let n = ExportPalette.number
        var svg = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \##(n(stage.width)) \##(n(stage.height))" width="\##(n(stage.width))" height="\##(n(stage.height))">"##
        svg += "<title>Flightplan: \(plan.style.rawValue) \(plan.direction.rawValue), \(n(plan.duration)) s</title>"
        for (index, track) in tracks.enumerated() { svg += group(track, name: names[index]) }
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
                size.x - stage.x + (1 - t.a) * size.width / 2 + t.tx, size.y - stage.y + (1 - t.d) * size.height / 2 + t.ty, t.a, t.d)
        }
        var svg = ""
        if let clip = track.clip {
            svg += ##"<clipPath id="fp-\##(name)-region"><rect x="\##(n(clip.x - stage.x))" y="\##(n(clip.y - stage.y))" width="\##(n(clip.width))" height="\##(n(clip.height))"/></clipPath>"##
            svg += ##"<g clip-path="url(#fp-\##(name)-region)">"##
        }
        let start = origin(first)
        svg += ##"<g id="fp-\##(name)" transform="translate(\##(n(start.x)) \##(n(start.y))) scale(\##(n(start.a)) \##(n(start.d)))" opacity="\##(n(first.opacity ?? 1))">"##
        if track.animates.contains(.transform) {
            let places = states.map(origin)
            svg += animation("animateTransform", ##"attributeName="transform" type="translate""##, values: places.map { "\(n($0.x)) \(n($0.y))" }, keyTimes: keyTimes)
            svg += animation("animateTransform", ##"attributeName="transform" type="scale" additive="sum""##, values: places.map { "\(n($0.a)) \(n($0.d))" }, keyTimes: keyTimes)
        }
        if track.animates.contains(.opacity) {
            svg += animation("animate", ##"attributeName="opacity""##, values: states.map { n($0.opacity ?? 1) }, keyTimes: keyTimes)
        }
        if let mask = first.maskFrame {
            svg += ##"<clipPath id="fp-\##(name)-mask"><rect x="\##(n(mask.x))" y="\##(n(mask.y))" width="\##(n(mask.width))" height="\##(n(mask.height))" rx="\##(n(max(0, first.cornerRadius ?? 0)))">"##
            if track.animates.contains(.maskFrame) {
                for (attribute, value) in [("x", \Rect.x), ("y", \Rect.y), ("width", \Rect.width), ("height", \Rect.height)] {
                    svg += animation("animate", ##"attributeName="\##(attribute)""##, values: states.map { n($0.maskFrame![keyPath: value]) }, keyTimes: keyTimes)
                }
            }
            if track.animates.contains(.cornerRadius) {
                svg += animation("animate", ##"attributeName="rx""##, values: states.map { n(max(0, $0.cornerRadius ?? 0)) }, keyTimes: keyTimes)
            }
            svg += ##"</rect></clipPath><g clip-path="url(#fp-\##(name)-mask)">"##
        }
        if let shadow = first.shadow {
            svg += ##"<filter id="fp-\##(name)-shadow" x="-50%" y="-50%" width="200%" height="200%"><feDropShadow dx="\##(n(shadow.offset.x))" dy="\##(n(shadow.offset.y))" stdDeviation="\##(n(shadow.radius / 2))" flood-color="\##(ExportPalette.hex(shadow.color))" flood-opacity="\##(n(shadow.color.a))">"##
            if track.animates.contains(.shadow) {
                let shadows = states.map { $0.shadow! }
                svg += animation("animate", ##"attributeName="dx""##, values: shadows.map { n($0.offset.x) }, keyTimes: keyTimes)
                svg += animation("animate", ##"attributeName="dy""##, values: shadows.map { n($0.offset.y) }, keyTimes: keyTimes)
                svg += animation("animate", ##"attributeName="stdDeviation""##, values: shadows.map { n($0.radius / 2) }, keyTimes: keyTimes)
                svg += animation("animate", ##"attributeName="flood-color""##, values: shadows.map { ExportPalette.hex($0.color) }, keyTimes: keyTimes)
                svg += animation("animate", ##"attributeName="flood-opacity""##, values: shadows.map { n($0.color.a) }, keyTimes: keyTimes)
            }
            svg += "</feDropShadow></filter>"
        }
        let color = first.color ?? ExportPalette.placeholder(for: track)
        let filter = first.shadow != nil ? ##" filter="url(#fp-\##(name)-shadow)""## : ""
        let painted = ExportPalette.paintedRect(of: track)
        svg += ##"<rect x="\##(n(painted.x))" y="\##(n(painted.y))" width="\##(n(painted.width))" height="\##(n(painted.height))" fill="\##(ExportPalette.hex(color))" fill-opacity="\##(n(color.a))"\##(filter)>"##
        if track.animates.contains(.color) {
            svg += animation("animate", ##"attributeName="fill""##, values: states.map { ExportPalette.hex($0.color!) }, keyTimes: keyTimes)
            svg += animation("animate", ##"attributeName="fill-opacity""##, values: states.map { n($0.color!.a) }, keyTimes: keyTimes)
        }
        svg += "</rect>"
        if [.content, .incomingSnapshot, .outgoingSnapshot, .child, .outgoingChild].contains(track.role) {
            svg += ##"<path d="M0 0L\##(n(size.width)) \##(n(size.height))M\##(n(size.width)) 0L0 \##(n(size.height))" stroke="#fff" stroke-opacity="0.6" fill="none" vector-effect="non-scaling-stroke"/>"##
        }
        if first.maskFrame != nil { svg += "</g>" }
        svg += "</g>"
        if track.clip != nil { svg += "</g>" }
        return svg
    }
}
