/// A plan drawn as an SVG strip: one panel per instant, evenly spaced from the start to the end, each clipped to its
/// screen and showing the source element's outline, every track in its stacking order with its values (transform,
/// mask and radius, opacity, colour, shadow, clip), and the flying content's visible clip in red. A track given
/// content draws its image, as the SVG export does (over its `contentFrame`, its colour around it), and a plan with
/// content paints no placeholder colour. Screens
/// are light greys and white (lavender when the destination screen itself flies), content and snapshots without an
/// image purple and orange with diagonals so scale shows, children teal. A track with a parent is drawn inside its parent's
/// mask, after the parent's paint, in the parent's own space. Deterministic: the same request gives the same bytes.
public enum Filmstrip {
    /// Panels when the request names no `frames`.
    public static let defaultFrames = 6
    /// Panels a strip may have.
    public static let frameRange = 2...24
    /// The rule `frames` breaks when out of ``frameRange``, as errors phrase it.
    static let framesRule = "must be between \(frameRange.lowerBound) and \(frameRange.upperBound)"

    /// Plans `request` at `frames` evenly spaced instants (its own valid sampling is not used) and draws them.
    /// - Parameters:
    ///   - request: The plan request; it must be valid as sent, including its own `sampling` and `precision`.
    ///   - frames: The number of panels, within ``frameRange`` (2…24); the first shows the start, the last the end.
    /// - Returns: The SVG document: panels left to right, each `destination.bounds` in size with a label beneath, in
    ///   window points; the document asks to be displayed 320 pixels tall.
    /// - Throws: ``ValidationError`` with `field` `frames` when `frames` is outside ``frameRange``, or the request's
    ///   own validation error naming its field.
    public static func svg(for request: PlanRequest, frames: Int) throws(ValidationError) -> String {
        guard frameRange.contains(frames) else {
            throw ValidationError(field: "frames", message: "\(framesRule), got \(frames)")
        }
        _ = try request.validated()  // the request as sent, so a bad `sampling` or `precision` is named, not replaced
        var sampled = request
        sampled.sampling = .keyframes(frames)
        sampled.precision = nil
        let plan = try Planner.plan(for: sampled.validated())
        return draw(plan, screen: request.destination.bounds, source: request.source)
    }

    private static func draw(_ plan: Plan, screen: Rect, source: SourceElement) -> String {
        let gap = screen.width * 0.08, label = max(24, screen.height * 0.06)
        // The plan was sampled at `frames` evenly spaced keyframes: every moving track has one per panel.
        let times = plan.tracks.first { !$0.keyframes.isEmpty }?.keyframes.map(\.time) ?? [0, plan.duration]
        let width = Double(times.count) * (screen.width + gap) - gap, height = screen.height + label
        let displayHeight = 320.0
        var svg =
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="\##(formatted(screen.x)) \##(formatted(screen.y)) \##(formatted(width)) \##(formatted(height))" "##
        svg += ##"width="\##(formatted(width / height * displayHeight))" height="\##(formatted(displayHeight))" font-family="sans-serif">"##
        svg += "<title>\(plan.style.rawValue) \(plan.direction.rawValue), \(formatted(plan.duration)) s, \(times.count) frames</title>"
        let tracks = plan.tracks, schematic = ExportPalette.isSchematic(plan)
        // The track the eye follows: a flying destination screen (sharedFrame, whose destination image rides it), else
        // the flying content.
        let outlined =
            tracks.first { $0.role == .destinationScreen && $0.animates.contains(.transform) }
            ?? tracks.last { $0.role == .content } ?? tracks.last { $0.animates.contains(.transform) }
        // A panel's screen and tracks are clipped to the screen, and its outline to the screen widened by the outline's
        // stroke (so that an outline on the screen's edge stays whole): a reveal's growing circle or a spring's overshoot
        // stays out of the neighbouring panels.
        let stroke = max(1, screen.width / 200)
        let outlineRoom = Rect(x: screen.x - stroke, y: screen.y - stroke, width: screen.width + 2 * stroke, height: screen.height + 2 * stroke)
        // Both clips are in a panel's own space, the same for every panel.
        svg += ##"<clipPath id="p">\##(rect(screen, ""))</clipPath><clipPath id="po">\##(rect(outlineRoom, ""))</clipPath>"##
        for (index, time) in times.enumerated() {
            svg += ##"<g transform="translate(\##(formatted(Double(index) * (screen.width + gap))) 0)">"##
            svg += ##"<g clip-path="url(#p)">"##
            svg += rect(screen, ##"fill="#f2f2f7" stroke="#c7c7cc""##)
            svg += rect(source.frame, ##"fill="none" stroke="#8e8e93" stroke-dasharray="4 3""##, radius: source.cornerRadius)
            for trackIndex in tracks.indices where plan.parent(of: tracks[trackIndex]) == nil {
                svg += draw(trackIndex, of: plan, atKeyframe: index, schematic: schematic)
            }
            svg += "</g>"
            if let outlined {
                let values = outlined.values(atKeyframe: index)
                let state = values.keyframe(time: time, progress: 0, in: outlined.frame)
                var clip = state.visibleClip(in: outlined.frame), radius = state.visibleCornerRadius
                if let parent = plan.parent(of: outlined) {  // from the parent's own space to the stage
                    let onStage = plan.stageRect(clip, in: parent, at: time)
                    radius *= clip.width > 0 ? onStage.width / clip.width : 1
                    clip = onStage
                }
                svg += ##"<g clip-path="url(#po)">"##
                svg += rect(clip, ##"fill="none" stroke="#ff3b30" stroke-width="\##(formatted(stroke))""##, radius: radius) + "</g>"
            }
            svg +=
                ##"<text x="\##(formatted(screen.x + screen.width / 2))" y="\##(formatted(screen.maxY + label * 0.75))" font-size="\##(formatted(label * 0.6))" text-anchor="middle">t = \##(formatted(time)) s</text>"##
            svg += "</g>"
        }
        return svg + "</svg>"
    }

    /// One track at one panel's keyframe in its colour (its role's placeholder when it has none), diagonals over the
    /// content, snapshots, children and a flying screen so scale shows, and the tracks it parents inside its mask.
    private static func draw(_ trackIndex: Int, of plan: Plan, atKeyframe index: Int, schematic: Bool) -> String {
        let track = plan.tracks[trackIndex], values = track.values(atKeyframe: index), id = "f\(index)t\(trackIndex)"
        // Its children, drawn in its own space: origin at its frame's top-left.
        var children = ""
        for child in plan.tracks.indices where plan.tracks[child].parent == track.id {
            children += draw(child, of: plan, atKeyframe: index, schematic: schematic)
        }
        if !children.isEmpty {
            children = ##"<g transform="translate(\##(formatted(track.frame.x)) \##(formatted(track.frame.y)))">\##(children)</g>"##
        }
        let diagonals =
            track.content == nil
            && ([.content, .incomingSnapshot, .outgoingSnapshot, .child, .outgoingChild].contains(track.role)
                || (track.role == .destinationScreen && track.animates.contains(.transform)))
        let image = track.content.map { (url: $0.url, drawn: track.drawnContentFrame.offsetBy(dx: track.frame.x, dy: track.frame.y)) }
        let fill = paint(values.color ?? ExportPalette.placeholder(for: track, schematic: schematic))
        var svg = ""
        if let clip = track.clip { svg += ##"<clipPath id="\##(id)r">\##(rect(clip, ""))</clipPath><g clip-path="url(#\##(id)r)">"## }
        if let shadow = values.shadow, shadow.color.a > 0 {
            svg +=
                ##"<filter id="\##(id)s" x="-50%" y="-50%" width="200%" height="200%"><feDropShadow dx="\##(formatted(shadow.offset.x))" dy="\##(formatted(shadow.offset.y))" stdDeviation="\##(formatted(shadow.radius / 2))" flood-color="\##(ExportPalette.hex(shadow.color))" flood-opacity="\##(formatted(shadow.color.a))"/></filter>"##
            svg += ##"<g filter="url(#\##(id)s)">"##
        }
        let keyframe = values.keyframe(time: 0, progress: 0, in: track.frame)
        svg += layer(
            keyframe, track.frame, painted: ExportPalette.paintedRect(of: track).offsetBy(dx: track.frame.x, dy: track.frame.y), id: id, fill: fill,
            opacity: values.opacity ?? 1, diagonals: diagonals, image: image, inside: children)
        if values.shadow.map({ $0.color.a > 0 }) == true { svg += "</g>" }
        if track.clip != nil { svg += "</g>" }
        return svg
    }

    /// The layer at one instant: its paint over `painted` (its frame and every mask it takes, as the exports paint it),
    /// its `image` when it has content (the paint leaving a hole under it, so that the image's smoothed edges do not
    /// show the colour through), diagonals over its untransformed frame when asked, and then `inside`, clipped to its
    /// mask, under the keyframe's transform about the layer's centre.
    private static func layer(
        _ keyframe: Keyframe, _ frame: Rect, painted: Rect, id: String, fill: String, opacity: Double, diagonals: Bool,
        image: (url: String, drawn: Rect)?, inside: String
    ) -> String {
        let t = keyframe.transform
        // As one SVG matrix in window space: the translation is where the window origin lands.
        let origin = t.apply(to: Point(x: -frame.x, y: -frame.y), inLayer: frame)
        let (e, f) = (origin.x, origin.y)
        let mask = keyframe.maskFrame.offsetBy(dx: frame.x, dy: frame.y)
        var svg = ##"<clipPath id="\##(id)">\##(rect(mask, "", radius: keyframe.cornerRadius))</clipPath>"##
        svg +=
            ##"<g transform="matrix(\##(formatted(t.a)) \##(formatted(t.b)) \##(formatted(t.c)) \##(formatted(t.d)) \##(formatted(e)) \##(formatted(f)))" opacity="\##(formatted(opacity))"><g clip-path="url(#\##(id))">"##
        if let (url, drawn) = image {
            svg += ##"<path d="\##(pathData(painted))\##(pathData(drawn))" fill-rule="evenodd" \##(fill)/>"##
            svg +=
                ##"<image href="\##(url.replacingAmpersands())" x="\##(formatted(drawn.x))" y="\##(formatted(drawn.y))" width="\##(formatted(drawn.width))" height="\##(formatted(drawn.height))" preserveAspectRatio="none"/>"##
        } else {
            svg += rect(painted, fill)
        }
        if diagonals {
            svg +=
                ##"<path d="M\##(formatted(frame.x)) \##(formatted(frame.y))L\##(formatted(frame.maxX)) \##(formatted(frame.maxY))M\##(formatted(frame.maxX)) \##(formatted(frame.y))L\##(formatted(frame.x)) \##(formatted(frame.maxY))" stroke="#fff" stroke-opacity="0.6" fill="none"/>"##
        }
        return svg + inside + "</g></g>"
    }

    /// A rect as SVG path data, `M x y H … V … H … Z`.
    private static func pathData(_ rect: Rect) -> String {
        "M\(formatted(rect.x)) \(formatted(rect.y))H\(formatted(rect.maxX))V\(formatted(rect.maxY))H\(formatted(rect.x))Z"
    }

    /// A colour as SVG fill attributes.
    private static func paint(_ color: Color) -> String {
        ##"fill="\##(ExportPalette.hex(color))" fill-opacity="\##(formatted(color.a))""##
    }

    private static func rect(_ rect: Rect, _ attributes: String, radius: Double = 0) -> String {
        let corner = radius > 0 ? ##" rx="\##(formatted(radius))""## : ""
        return
            ##"<rect x="\##(formatted(rect.x))" y="\##(formatted(rect.y))" width="\##(formatted(rect.width))" height="\##(formatted(rect.height))"\##(corner) \##(attributes)/>"##
    }

    /// A number to 2 decimals (4 below 10, for scale factors and times), integers without a fraction:
    /// small, deterministic output.
    private static func formatted(_ value: Double) -> String {
        describeNumber(value, places: value.magnitude < 10 ? 4 : 2)
    }
}

/// The body of `POST /v1/plans/filmstrip.svg`: a `/v1/plans` body plus an optional `frames`.
struct FilmstripRequest: JSONDecodable {
    /// The plan request (its own sampling and precision are checked, then replaced).
    var plan: PlanRequest
    /// Panels to draw.
    var frames: Int

    init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        frames = try reader.integer("frames", rangeRule: Filmstrip.framesRule) ?? Filmstrip.defaultFrames
        plan = try PlanRequest(json: .object(reader.members.filter { $0.key != "frames" }), path: path)
    }
}
