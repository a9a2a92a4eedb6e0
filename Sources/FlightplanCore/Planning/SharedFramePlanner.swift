extension Scene {
    /// sharedFrame: the whole destination screen is the layer. It starts scaled and moved so the
    /// image as the destination shows it lands where the cell shows it, masked to the cell; it ends
    /// at identity, masked to the screen with the screen's corner radius. Opacity is the overlay's.
    static func sharedFrame(_ request: PlanRequest) -> Scene {
        Scene(role: .destinationScreen, main: sharedFrameTrack(request), placeholder: request.source.frame)
    }

    /// sharedFrame's screen flight, which a dismissal drag also starts from.
    static func sharedFrameTrack(_ request: PlanRequest) -> FlightTrack {
        let screen = request.destination.bounds
        return imageFlight(
            request, layer: screen, clipEnd: screen, radiusEnd: request.destination.screenCornerRadius,
            opacityEnd: request.overlayOpacity ?? 0.5)
    }
}
