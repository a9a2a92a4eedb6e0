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
        // Under a snapshot whose image leaves part of its frame uncovered (an aspect-fitted image's letterbox), the other
        // one, held opaque by a dip-free pair (or by a fade `in` or `out`), would show there at the end it leaves: such a pair
        // fades each snapshot on its own channel (a fade `in` or `out` becomes `cross`, with a warning; `through` holds
        // neither), over the screens (which fade alike, so what shows through the fade's middle is a screen, not the page).
        func fills(_ role: TrackRole, _ frame: Rect) -> Bool {
            guard let size = request.content?.reference(for: role, id: role.rawValue, style: .snapshot)?.size,
                let mode = request.contentMode(laying: role, id: role.rawValue)
            else { return true }
            let drawn = mode.displayedRect(of: size, in: frame), slack = 1e-9 * max(frame.width, frame.height)
            return drawn.x <= frame.x + slack && drawn.y <= frame.y + slack && drawn.maxX >= frame.maxX - slack && drawn.maxY >= frame.maxY - slack
        }
        let filled = fills(.outgoingSnapshot, frame) && fills(.incomingSnapshot, request.destination.contentFrame)
        var pairKit = kit
        if !filled && (kit.fadeMode == .in || kit.fadeMode == .out) {
            pairKit.fadeMode = .cross
            warnings.append(
                PlanWarning(
                    field: "timing.fadeMode",
                    message: "\"\(kit.fadeMode.rawValue)\" would hold one snapshot opaque under the other, whose image leaves "
                        + "part of its frame uncovered (its content mode's letterbox), so the held one would show there: the "
                        + "snapshots cross-fade instead; use \"cross\" or \"through\", or a content mode that fills the frame"))
        }
        parts += pairKit.snapshots(
            incoming: (TrackRole.incomingSnapshot.rawValue, .incomingSnapshot, incomingFlight),
            outgoing: (TrackRole.outgoingSnapshot.rawValue, .outgoingSnapshot, outgoingFlight), sharedShape: filled)
        flyingPart = parts.firstIndex { $0.role == .incomingSnapshot }!
        fadingPart = flyingPart
        hides = ["sourceElement", "destinationElement"]
    }
}
