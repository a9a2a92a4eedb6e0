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
