extension Choreography {
    /// snapshot (seed 004): the screens behind, the destination's fading in over the source's (the seed's list) as the
    /// incoming snapshot does (the seed adds the destination view to the container and shows it when the snapshots are
    /// gone; fading it with them leaves no jump where `destination.frame` is not the whole screen); above them the
    /// container flies as a view whose `frame` animates (no transform: its mask carries the size, so its radius and shadow stay in
    /// points), with its colour and shadow; the source's and the destination's snapshots fill it, fading as the fade
    /// mode says, and the children's snapshot pairs fly above.
    mutating func addSnapshot(_ kit: PartKit, _ validated: ValidatedPlanRequest) {
        let request = validated.request
        let incomingFlight = Scene.elementFlight(validated)
        let frame = request.source.frame
        func flight(layer: Rect, scaling: FlightScaling) -> FlightTrack {
            FlightTrack(
                layer: layer, content: Rect(x: 0, y: 0, width: layer.width, height: layer.height),
                imageStart: frame, imageEnd: incomingFlight.clipEnd,
                clipStart: incomingFlight.clipStart, clipEnd: incomingFlight.clipEnd,
                radiusStart: incomingFlight.radiusStart, radiusEnd: incomingFlight.radiusEnd,
                scaling: scaling, opacityEnd: 1, bend: incomingFlight.bend)
        }
        addScreens(kit, validated)
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
