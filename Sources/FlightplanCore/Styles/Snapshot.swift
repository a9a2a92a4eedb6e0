extension Choreography {
    /// snapshot (seed 004): the container flies with its colour and shadow; inside it the source's and the
    /// destination's snapshots fade as the fade mode says, the children above.
    mutating func addSnapshot(_ kit: PartKit) {
        let request = kit.request
        let incomingFlight = Scene.elementFlight(kit.validated)
        let frame = request.source.frame
        let outgoingFlight = FlightTrack(
            layer: frame, content: Rect(x: 0, y: 0, width: frame.width, height: frame.height),
            imageStart: incomingFlight.clipStart, imageEnd: incomingFlight.clipEnd,
            clipStart: incomingFlight.clipStart, clipEnd: incomingFlight.clipEnd,
            radiusStart: incomingFlight.radiusStart, radiusEnd: incomingFlight.radiusEnd,
            uniformScale: false, opacityEnd: 1, bend: incomingFlight.bend)
        parts.append(kit.content(incomingFlight))
        // A snapshot filling the container: the flight's geometry, its opacity as the fade mode says.
        func snapshot(_ role: TrackRole, _ flight: FlightTrack, opacity: @escaping (ChannelInstant) -> Double) -> Part {
            Part(id: role.rawValue, role: role, frame: flight.layer, cornerCurve: kit.cornerCurve, clip: kit.region, flight: Flight(flight)) { instant in
                var values = kit.geometry(of: flight, at: instant)
                values.opacity = opacity(instant)
                return values
            }
        }
        let incoming = snapshot(.incomingSnapshot, incomingFlight) { kit.fadeMode == .out ? 1 : kit.incoming($0) }
        let outgoing = snapshot(.outgoingSnapshot, outgoingFlight) { kit.fadeMode == .in ? 1 : kit.outgoing($0) }
        parts += kit.fadeMode == .out ? [incoming, outgoing] : [outgoing, incoming]
        flyingPart = parts.firstIndex { $0.role == .incomingSnapshot }!
        fadingPart = flyingPart
        hides = ["sourceElement", "destinationElement"] + request.children.map { "child:\($0.id)" }
    }
}
