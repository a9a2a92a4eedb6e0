extension Scene {
    /// sharedFrame's flight, which a dismissal drag also starts from: the whole destination screen is the
    /// layer. It starts scaled and moved so the image as the destination shows it lands where the cell
    /// shows it, masked to the cell; it ends at identity, masked to the screen with the screen's corner radius.
    static func sharedFrameTrack(_ validated: ValidatedPlanRequest) -> FlightTrack {
        let screen = validated.request.destination.bounds
        return imageFlight(
            validated, layer: screen, clipEnd: screen, radiusEnd: validated.request.destination.screenCornerRadius,
            opacityEnd: validated.overlayOpacity)
    }
}

extension Choreography {
    /// sharedFrame (seed 000): the source screen, a placeholder over the cell (with the cell's corners), the overlay, and the
    /// destination screen flying out of the cell above them all.
    mutating func addSharedFrame(_ kit: PartKit, _ validated: ValidatedPlanRequest) {
        let request = validated.request, bounds = request.destination.bounds
        let flight = Scene.sharedFrameTrack(validated)
        let placeholderColor = request.placeholderColor ?? PlanDefaults.placeholderColor
        let overlayColor = request.overlayColor ?? PlanDefaults.overlayColor
        let overlayOpacity = validated.overlayOpacity
        parts.append(Part(id: "sourceScreen", role: .sourceScreen, frame: bounds, moves: false) { _ in TrackValues() })
        // The placeholder covers the cell as the flight starts from it: a rounded cell's corners stay the source screen's.
        let cell = flight.clipStart, rounded = flight.radiusStart > 0
        parts.append(
            Part(id: "placeholder", role: .placeholder, frame: cell, cornerCurve: kit.cornerCurve, moves: false) { _ in
                TrackValues(
                    maskFrame: rounded ? Rect(x: 0, y: 0, width: cell.width, height: cell.height) : nil,
                    cornerRadius: rounded ? flight.radiusStart : nil, color: placeholderColor)
            })
        parts.append(
            Part(id: "overlay", role: .overlay, frame: bounds) { instant in
                TrackValues(opacity: overlayOpacity * instant(.overlay), color: overlayColor)
            })
        fadingPart = parts.count - 1
        parts.append(
            Part(
                id: "destinationScreen", role: .destinationScreen, frame: bounds, cornerCurve: kit.cornerCurve, clip: kit.region,
                flight: Flight(flight)
            ) { instant in
                PartKit.geometry(of: flight, at: instant)
            })
        flyingPart = parts.count - 1
    }
}

extension Choreography {
    /// sharedFrame: the destination's image as its own track, drawn inside the flying screen's layer just above what
    /// the screen paints and below the caller's auxiliary views (Instagram's effect: the image lands while the screen
    /// reveals around it). The screen's transform, mask and clip carry it, so it holds no motion of its own (added
    /// after any interruption has reshaped the screen's motion, which then moves it too). The track is the
    /// destination's frame, masked to it with its corners, and the image is drawn in it as its content mode lays it
    /// out: an aspect-filled image is cropped to the frame, an aspect-fitted one leaves the screen showing beside it.
    mutating func addDestinationImage(_ validated: ValidatedPlanRequest) {
        let destination = validated.request.destination
        let screen = parts[flyingPart].frame, frame = destination.contentFrame
        let whole = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        let image = destination.contentMode.displayedRect(of: validated.imageSize, in: whole)
        let radius = destination.cornerRadius
        var part = Part(
            id: "destinationImage", role: .content, frame: frame.offsetBy(dx: -screen.x, dy: -screen.y), moves: false,
            parent: parts[flyingPart].id
        ) { _ in
            image.width > whole.width || image.height > whole.height || radius > 0
                ? TrackValues(maskFrame: whole, cornerRadius: radius > 0 ? radius : nil) : TrackValues()
        }
        if image != whole { part.contentFrame = image }
        parts.insert(part, at: flyingPart + 1)
    }
}
