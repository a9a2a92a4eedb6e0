/// The flights the styles are made of, built from a validated request.
enum Scene {
    /// An image flight whose content is the image as the destination displays it, drawn into `layer`;
    /// it starts from the part of the source the user sees and follows the request's path.
    static func imageFlight(
        _ validated: ValidatedPlanRequest, layer: Rect, clipEnd: Rect, radiusEnd: Double, opacityEnd: Double
    ) -> FlightTrack {
        let imageSize = validated.imageSize
        let source = validated.request.source, destination = validated.request.destination
        let imageEnd = destination.contentMode.displayedRect(of: imageSize, in: destination.contentFrame)
        let clipStart = validated.visibleSource
        return FlightTrack(
            layer: layer,
            content: imageEnd.offsetBy(dx: -layer.x, dy: -layer.y),
            imageStart: source.contentMode.displayedRect(of: imageSize, in: source.frame),
            imageEnd: imageEnd,
            clipStart: clipStart,
            clipEnd: clipEnd,
            radiusStart: min(source.cornerRadius, clipStart.maxCornerRadius),
            radiusEnd: min(radiusEnd, clipEnd.maxCornerRadius),
            uniformScale: source.contentMode.preservesAspect && destination.contentMode.preservesAspect,
            opacityEnd: opacityEnd,
            bend: bend(validated.request, from: clipStart, to: clipEnd))
    }

    /// The bend of the request's path between two rects: Material's arc, or none for a straight path.
    static func bend(_ request: PlanRequest, from start: Rect, to end: Rect) -> Point {
        (request.path ?? PlanDefaults.path) == .arc ? FlightTrack.arcBend(from: start, to: end) : .zero
    }

    /// A child pair: the destination child's snapshot starts filling `from` as the child's content mode says
    /// (clipped to it when `clipped`) and ends exactly on `to`.
    static func childTrack(for child: ChildPair, clipped: Bool, bend: Point) -> FlightTrack {
        let mode = child.contentMode ?? PlanDefaults.childContentMode
        let imageStart = mode.displayedRect(of: child.to.size, in: child.from)
        return FlightTrack(
            layer: child.to,
            content: Rect(x: 0, y: 0, width: child.to.width, height: child.to.height),
            imageStart: imageStart,
            imageEnd: child.to,
            clipStart: clipped ? child.from : imageStart,
            clipEnd: child.to,
            radiusStart: child.fromCornerRadius,
            radiusEnd: child.toCornerRadius,
            uniformScale: mode.preservesAspect,
            opacityEnd: 1,
            bend: bend)
    }
}
