extension Scene {
    /// zoom's flight, which a dismissal drag also starts from: the layer is the image at its final frame
    /// (fitted into `destination.frame` per the destination's content mode). It starts covering the cell as
    /// the cell shows the image, clipped to the cell, and ends at identity clipped to `destination.frame`.
    static func zoomTrack(_ validated: ValidatedPlanRequest) -> FlightTrack {
        let destination = validated.request.destination
        let imageFrame = destination.contentMode.displayedRect(of: validated.imageSize, in: destination.contentFrame)
        let clipEnd = imageFrame.intersection(destination.contentFrame) ?? imageFrame
        return imageFlight(validated, layer: imageFrame, clipEnd: clipEnd, radiusEnd: destination.cornerRadius, opacityEnd: 1)
    }
}
