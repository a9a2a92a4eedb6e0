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
    /// sharedFrame (seed 000): the source screen, a placeholder over the cell, the overlay, and the
    /// destination screen flying out of the cell above them all.
    mutating func addSharedFrame(_ kit: PartKit) {
        let request = kit.request, bounds = request.destination.bounds
        let flight = Scene.sharedFrameTrack(kit.validated)
        let placeholderColor = request.placeholderColor ?? PlanDefaults.placeholderColor
        let overlayColor = request.overlayColor ?? PlanDefaults.overlayColor
        let overlayOpacity = kit.validated.overlayOpacity
        parts.append(Part(id: "sourceScreen", role: .sourceScreen, frame: bounds, moves: false) { _ in TrackValues() })
        parts.append(
            Part(id: "placeholder", role: .placeholder, frame: kit.visibleSource, moves: false) { _ in
                TrackValues(color: placeholderColor)
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
                kit.geometry(of: flight, at: instant)
            })
        flyingPart = parts.count - 1
    }
}

extension Choreography {
    /// sharedFrame: the destination's image where the flying screen shows it, as its own track just above the screen
    /// and below the caller's auxiliary views (Instagram's effect: the image lands while the screen reveals around it). It follows the screen (added after
    /// any interruption has reshaped the screen's motion): the screen's transform and mask carried into its frame.
    mutating func addDestinationImage(_ kit: PartKit) {
        let destination = kit.request.destination
        let screen = parts[flyingPart], screenValues = screen.values
        let image = destination.contentMode.displayedRect(of: kit.validated.imageSize, in: destination.contentFrame)
        let carry = { (values: TrackValues) in values.carried(from: screen.frame, into: image) }
        parts.insert(
            Part(
                id: "destinationImage", role: .content, frame: image, cornerCurve: kit.cornerCurve, clip: kit.region,
                follows: (flyingPart, carry)
            ) { instant in
                carry(screenValues(instant))
            }, at: flyingPart + 1)
    }
}

extension TrackValues {
    /// Values of a layer at `outer` as they apply to a layer drawn inside it at `inner`: the same transform
    /// (about `inner`'s centre, so every point lands where the outer layer puts it), the mask moved into `inner`'s
    /// space and cut to it, its radius less how far the mask reaches beyond `inner` (a mask corner outside the
    /// inner layer does not round it), and the other values as they are.
    func carried(from outer: Rect, into inner: Rect) -> TrackValues {
        var values = self
        if let t = transform {
            let dx = inner.midX - outer.midX, dy = inner.midY - outer.midY
            values.transform = AffineTransform(
                a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx + (t.a - 1) * dx + t.c * dy, ty: t.ty + t.b * dx + (t.d - 1) * dy)
        }
        if let mask = maskFrame {
            let moved = mask.offsetBy(dx: outer.x - inner.x, dy: outer.y - inner.y)
            let bounds = Rect(x: 0, y: 0, width: inner.width, height: inner.height)
            let x0 = min(max(moved.x, 0), bounds.maxX), y0 = min(max(moved.y, 0), bounds.maxY)
            let x1 = max(min(moved.maxX, bounds.maxX), x0), y1 = max(min(moved.maxY, bounds.maxY), y0)
            let cut = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            values.maskFrame = cut
            if let radius = cornerRadius {
                let reach = max(0, -moved.x, -moved.y, moved.maxX - bounds.maxX, moved.maxY - bounds.maxY)
                values.cornerRadius = min(max(0, radius - reach), min(cut.width, cut.height) / 2)
            }
        }
        return values
    }
}
