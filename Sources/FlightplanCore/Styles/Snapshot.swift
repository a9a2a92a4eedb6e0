extension Choreography {
    /// snapshot (seed 004): the source screen stays behind (the seed's list); above it the container flies as a
    /// view whose `frame` animates (no transform: its mask carries the size, so its radius and shadow stay in
    /// points), with its colour and shadow; the source's and the destination's snapshots fill it, fading as the fade
    /// mode says, and the children's snapshot pairs fly above.
    mutating func addSnapshot(_ kit: PartKit, _ validated: ValidatedPlanRequest) {
        let request = validated.request
        let incomingFlight = Scene.elementFlight(validated)
        let frame = request.source.frame
        func flight(layer: Rect, scaling: FlightScaling) -> FlightTrack {
            FlightTrack(
                layer: layer, content: Rect(x: 0, y: 0, width: layer.width, height: layer.height),
                imageStart: incomingFlight.clipStart, imageEnd: incomingFlight.clipEnd,
                clipStart: incomingFlight.clipStart, clipEnd: incomingFlight.clipEnd,
                radiusStart: incomingFlight.radiusStart, radiusEnd: incomingFlight.radiusEnd,
                scaling: scaling, opacityEnd: 1, bend: incomingFlight.bend)
        }
        parts.append(Part(id: "sourceScreen", role: .sourceScreen, frame: request.destination.bounds, moves: false) { _ in TrackValues() })
        parts.append(kit.content(flight(layer: incomingFlight.layer, scaling: .none)))
        let outgoingFlight = flight(layer: frame, scaling: incomingFlight.scaling)
        parts += kit.snapshots(
            incoming: (TrackRole.incomingSnapshot.rawValue, .incomingSnapshot, incomingFlight),
            outgoing: (TrackRole.outgoingSnapshot.rawValue, .outgoingSnapshot, outgoingFlight), sharedShape: true)
        flyingPart = parts.firstIndex { $0.role == .incomingSnapshot }!
        fadingPart = flyingPart
        hides = ["sourceElement", "destinationElement"]
    }
}
