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
        let incoming = Part(
            id: "incomingSnapshot", role: .incomingSnapshot, frame: incomingFlight.layer, cornerCurve: kit.cornerCurve, clip: kit.region,
            flight: Flight(incomingFlight)
        ) { instant in
            var values = kit.geometry(of: incomingFlight, at: instant)
            values.opacity = kit.fadeMode == .out ? 1 : kit.incoming(instant)
            return values
        }
        let outgoing = Part(
            id: "outgoingSnapshot", role: .outgoingSnapshot, frame: outgoingFlight.layer, cornerCurve: kit.cornerCurve, clip: kit.region,
            flight: Flight(outgoingFlight)
        ) { instant in
            var values = kit.geometry(of: outgoingFlight, at: instant)
            values.opacity = kit.fadeMode == .in ? 1 : kit.outgoing(instant)
            return values
        }
        parts += kit.fadeMode == .out ? [incoming, outgoing] : [outgoing, incoming]
        legacyGeometry = parts.firstIndex { $0.role == .incomingSnapshot }!
        legacyOpacity = legacyGeometry
        legacyRole = .container
        legacyFrame = incomingFlight.layer
        hides = ["sourceElement", "destinationElement"] + request.children.map { "child:\($0.id)" }
    }
}
