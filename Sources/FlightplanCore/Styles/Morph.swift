extension Scene {
    /// morph's and snapshot's flight: the element at `destination.frame` flying from `source.frame`, its
    /// visible radius going from the source's to the destination's; the content is only ever scaled
    /// uniformly and masked (unless both content modes stretch, as seed 004's snapshots do).
    static func elementFlight(_ validated: ValidatedPlanRequest) -> FlightTrack {
        let frame = validated.request.destination.contentFrame
        return imageFlight(validated, layer: frame, clipEnd: frame, radiusEnd: validated.request.destination.cornerRadius, opacityEnd: 1)
    }
}
