extension Scene {
    /// sharedFrame's flight, which a dismissal drag also starts from: the whole destination screen is the
    /// layer. It starts scaled and moved so the image as the destination shows it lands where the cell
    /// shows it, masked to what the cell shows of it (the cell, or an aspect-fitted image within it: the letterbox
    /// shows the source screen, not the destination's); it ends at identity, masked to the screen with the screen's
    /// corner radius.
    static func sharedFrameTrack(_ validated: ValidatedPlanRequest) -> FlightTrack {
        let request = validated.request, screen = request.destination.bounds
        let shown = request.source.contentMode.displayedRect(of: validated.imageSize, in: request.source.frame)
        return imageFlight(
            validated, layer: screen, clipStart: shown.intersection(validated.visibleSource) ?? validated.visibleSource, clipEnd: screen,
            radiusEnd: request.destination.screenCornerRadius, opacityEnd: validated.overlayOpacity)
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
        parts.append(Part(id: "sourceScreen", role: .sourceScreen, frame: bounds, moves: false, reads: []) { _ in TrackValues() })
        // The placeholder covers the cell as the flight starts from it: a rounded cell's corners stay the source screen's.
        let cell = flight.clipStart, rounded = flight.radiusStart > 0
        parts.append(
            Part(id: "placeholder", role: .placeholder, frame: cell, cornerCurve: kit.cornerCurve, moves: false, reads: []) { _ in
                TrackValues(
                    maskFrame: rounded ? Rect(x: 0, y: 0, width: cell.width, height: cell.height) : nil,
                    cornerRadius: rounded ? flight.radiusStart : nil, color: placeholderColor)
            })
        parts.append(
            Part(id: "overlay", role: .overlay, frame: bounds, form: .linear, reads: ChannelSet(.overlay)) { instant in
                TrackValues(opacity: overlayOpacity * instant(.overlay), color: overlayColor)
            })
        fadingPart = parts.count - 1
        parts.append(
            Part(
                id: "destinationScreen", role: .destinationScreen, frame: bounds, cornerCurve: kit.cornerCurve, clip: kit.region,
                flight: Flight(flight), form: .flight, formKinks: flight.kinks, formFlight: flight, reads: .geometry
            ) { instant in
                PartKit.geometry(of: flight, at: instant)
            })
        flyingPart = parts.count - 1
    }
}

extension Choreography {
    /// sharedFrame: the destination's image as its own track, drawn inside the flying screen's layer just above what
    /// the screen paints and below the caller's auxiliary views (Instagram's effect: the image lands while the screen
    /// reveals around it). The screen's transform, mask and clip carry it (an interruption reshapes the screen's
    /// motion, which then moves it too, and continues its own mask from where the running plan left it). The track is
    /// the destination's frame and the image is drawn in
    /// it as its content mode lays it out. Its own mask moves, on the mask's channel, from what the cell shows of the
    /// image (the screen's own mask as the flight starts, so that the first frame is the cell's picture: the whole
    /// of an aspect-fitted image, a cell's own crop of an aspect-filled one) to the destination's frame with its
    /// corners (an aspect-filled image cropped to it, an aspect-fitted one leaving the screen showing beside it).
    mutating func addDestinationImage(_ validated: ValidatedPlanRequest) {
        let destination = validated.request.destination
        let screen = parts[flyingPart].frame, frame = destination.contentFrame
        let whole = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
        let image = destination.contentMode.displayedRect(of: validated.imageSize, in: whole)
        let radius = destination.cornerRadius
        // What the cell shows, in the track's space: the screen's first mask (the frame itself, to the rounding of that
        // mapping, when the cell shows what the destination shows).
        let start = Scene.sharedFrameTrack(validated).state(at: 0).maskFrame.offsetBy(dx: screen.x - frame.x, dy: screen.y - frame.y)
        let drift = max(abs(start.x), abs(start.y), abs(start.maxX - whole.maxX), abs(start.maxY - whole.maxY))
        let moves = drift > 1e-9 * max(whole.width, whole.height)
        let resting =
            image.width > whole.width || image.height > whole.height || radius > 0
            ? TrackValues(maskFrame: whole, cornerRadius: radius > 0 ? radius : nil) : TrackValues()
        var part = Part(
            id: "destinationImage", role: .content, frame: frame.offsetBy(dx: -screen.x, dy: -screen.y), moves: moves,
            parent: parts[flyingPart].id, form: .linear, reads: .geometry
        ) { instant in
            guard moves else { return resting }
            // Held at either end while the flight overshoots it: the screen's own mask goes on past the cell or the screen.
            let progress = instant.geometry
            func unit(_ value: Double) -> Double { min(max(value, 0), 1) }
            return TrackValues(
                maskFrame: Interpolation.rect(start, whole, unit(progress.maskFrame)),
                cornerRadius: Interpolation.linear(0, radius, unit(progress.cornerRadius)))
        }
        if image != whole { part.contentFrame = image }
        parts.insert(part, at: flyingPart + 1)
    }
}
