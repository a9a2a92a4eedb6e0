/// The flights the styles are made of, built from a validated request.
enum Scene {
    /// An image flight whose content is the image as the destination displays it, drawn into `layer`;
    /// it starts from the part of the source the user sees (`clipStart`, else ``ValidatedPlanRequest/visibleSource``)
    /// and follows the request's path.
    static func imageFlight(
        _ validated: ValidatedPlanRequest, layer: Rect, clipStart: Rect? = nil, clipEnd: Rect, radiusEnd: Double, opacityEnd: Double
    ) -> FlightTrack {
        let imageSize = validated.imageSize
        let source = validated.request.source, destination = validated.request.destination
        let imageEnd = destination.contentMode.displayedRect(of: imageSize, in: destination.contentFrame)
        let clipStart = clipStart ?? validated.visibleSource
        let radiusStart = min(source.cornerRadius, clipStart.maxCornerRadius), radiusEnd = min(radiusEnd, clipEnd.maxCornerRadius)
        let shadowed = drawsShadow(validated.request)
        return FlightTrack(
            layer: layer,
            content: imageEnd.offsetBy(dx: -layer.x, dy: -layer.y),
            imageStart: source.contentMode.displayedRect(of: imageSize, in: source.frame),
            imageEnd: imageEnd,
            clipStart: clipStart,
            clipEnd: clipEnd,
            radiusStart: radiusStart,
            radiusEnd: radiusEnd,
            scaling: scaling(
                preservesAspect: source.contentMode.preservesAspect && destination.contentMode.preservesAspect,
                rounded: radiusStart > 0 || radiusEnd > 0, shadowed: shadowed),
            opacityEnd: opacityEnd,
            bend: bend(validated.request, from: clipStart, to: clipEnd))
    }

    /// Whether the flight draws a shadow: one is given and the style draws it (sharedFrame's flying screen does not).
    static func drawsShadow(_ request: PlanRequest) -> Bool {
        request.style != .sharedFrame && (request.source.shadow != nil || request.destination.shadow != nil)
    }

    /// The bend of the request's path between two rects: Material's arc, or none for a straight path.
    static func bend(_ request: PlanRequest, from start: Rect, to end: Rect) -> Point {
        (request.path ?? PlanDefaults.path) == .arc ? FlightTrack.arcBend(from: start, to: end) : .zero
    }

    /// How a flight scales: uniformly when both ends keep the image's aspect, and also when a stretch would
    /// distort what must stay in points (a rounded corner, a shadow): the content then covers its rect, cropped.
    static func scaling(preservesAspect: Bool, rounded: Bool, shadowed: Bool) -> FlightScaling {
        preservesAspect || rounded || shadowed ? .uniform : .stretch
    }

    /// A child pair's two snapshots, as the seed nests a snapshot transition for each pair: the destination child's
    /// (`incoming`) starts filling `from` as the child's content mode says and ends exactly on `to`; the source
    /// child's (`outgoing`) starts exactly on `from` and ends filling `to` the same way. Each is clipped to the
    /// pair's moving frame when `clipped`.
    static func childTracks(for child: ChildPair, clipped: Bool, bend: Point) -> (incoming: FlightTrack, outgoing: FlightTrack) {
        let mode = child.contentMode ?? PlanDefaults.childContentMode
        let scaling = scaling(preservesAspect: mode.preservesAspect, rounded: child.fromCornerRadius > 0 || child.toCornerRadius > 0, shadowed: false)
        func snapshot(of layer: Rect, from imageStart: Rect, to imageEnd: Rect) -> FlightTrack {
            FlightTrack(
                layer: layer,
                content: Rect(x: 0, y: 0, width: layer.width, height: layer.height),
                imageStart: imageStart,
                imageEnd: imageEnd,
                clipStart: clipped ? child.from : imageStart,
                clipEnd: clipped ? child.to : imageEnd,
                radiusStart: child.fromCornerRadius,
                radiusEnd: child.toCornerRadius,
                scaling: scaling,
                opacityEnd: 1,
                bend: bend)
        }
        return (
            snapshot(of: child.to, from: mode.displayedRect(of: child.to.size, in: child.from), to: child.to),
            snapshot(of: child.from, from: child.from, to: mode.displayedRect(of: child.from.size, in: child.to))
        )
    }
}
