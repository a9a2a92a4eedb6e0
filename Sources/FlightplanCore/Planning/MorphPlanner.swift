extension Scene {
    /// morph: the element flies from `source.frame` to `destination.frame`, its visible radius going
    /// from the source's to the destination's; the content is only ever scaled uniformly and masked.
    static func morph(_ request: PlanRequest) -> Scene {
        Scene(role: .element, main: elementFlight(request))
    }

    /// The element at `destination.frame` flying from `source.frame`: morph's and snapshot's layer.
    static func elementFlight(_ request: PlanRequest) -> FlightTrack {
        let frame = request.destination.contentFrame
        return imageFlight(request, layer: frame, clipEnd: frame, radiusEnd: request.destination.cornerRadius, opacityEnd: 1)
    }
}
