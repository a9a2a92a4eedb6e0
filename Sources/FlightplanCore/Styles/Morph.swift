extension Scene {
    /// morph: the element flies from `source.frame` to `destination.frame`, its visible radius going
    /// from the source's to the destination's; the content is only ever scaled uniformly and masked.
    static func morph(_ validated: ValidatedPlanRequest) -> Scene {
        Scene(role: .element, main: elementFlight(validated))
    }

    /// The element at `destination.frame` flying from `source.frame`: morph's and snapshot's layer.
    static func elementFlight(_ validated: ValidatedPlanRequest) -> FlightTrack {
        let frame = validated.request.destination.contentFrame
        return imageFlight(validated, layer: frame, clipEnd: frame, radiusEnd: validated.request.destination.cornerRadius, opacityEnd: 1)
    }
}
