/// The tracks of one transition before sampling: the main layer, child pairs and placeholder.
struct Scene: Sendable {
    var role: LayerRole
    var main: any LayerTrack
    var children: [(id: String, track: FlightTrack)]
    var placeholder: Rect?

    /// Builds the scene for a validated request.
    init(for validated: ValidatedPlanRequest) {
        let request = validated.request
        switch request.style {
        case .sharedFrame: self = .sharedFrame(validated)
        case .zoom: self = .zoom(validated)
        case .reveal: self = .reveal(validated)
        case .morph: self = .morph(validated)
        case .snapshot: self = .snapshot(validated)
        }
        children = request.children.map { ($0.id, Self.childTrack(for: $0)) }
    }

    init(role: LayerRole, main: any LayerTrack, placeholder: Rect? = nil) {
        self.role = role
        self.main = main
        self.children = []
        self.placeholder = placeholder
    }

    /// An image flight whose content is the image as the destination displays it, drawn into `layer`.
    static func imageFlight(
        _ validated: ValidatedPlanRequest, layer: Rect, clipEnd: Rect, radiusEnd: Double, opacityEnd: Double
    ) -> FlightTrack {
        let imageSize = validated.imageSize
        let source = validated.request.source, destination = validated.request.destination
        let imageEnd = destination.contentMode.displayedRect(of: imageSize, in: destination.contentFrame)
        return FlightTrack(
            layer: layer,
            content: imageEnd.offsetBy(dx: -layer.x, dy: -layer.y),
            imageStart: source.contentMode.displayedRect(of: imageSize, in: source.frame),
            imageEnd: imageEnd,
            clipStart: source.frame,
            clipEnd: clipEnd,
            radiusStart: source.cornerRadius,
            radiusEnd: min(radiusEnd, clipEnd.maxCornerRadius),
            uniformScale: source.contentMode.preservesAspect && destination.contentMode.preservesAspect,
            opacityEnd: opacityEnd)
    }

    /// A child pair: the destination child's snapshot starts covering `from` (uniformly scaled,
    /// clipped to it) and ends exactly on `to`.
    static func childTrack(for child: ChildPair) -> FlightTrack {
        FlightTrack(
            layer: child.to,
            content: Rect(x: 0, y: 0, width: child.to.width, height: child.to.height),
            imageStart: ContentMode.aspectFill.displayedRect(of: child.to.size, in: child.from),
            imageEnd: child.to,
            clipStart: child.from,
            clipEnd: child.to,
            radiusStart: child.fromCornerRadius,
            radiusEnd: child.toCornerRadius,
            uniformScale: true,
            opacityEnd: 1)
    }
}
