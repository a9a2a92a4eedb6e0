extension Choreography {
    /// reveal (seed 002): the element grows above the source screen, then the destination fades in over it
    /// (or, fading `out`, the source screen and the element fade off the destination). With a colour (the element's
    /// solid background, as the seed strips its button to "a simple circle button with solid background"), the
    /// colour grows and the element's image is a sublayer above it (`contentImage`) that fades out over the first
    /// ``PlanDefaults/revealImageFadeShare`` of the growth, rather than blown up to cover the screen.
    mutating func addReveal(_ kit: PartKit, _ validated: ValidatedPlanRequest) {
        let request = validated.request, source = request.source
        let scale = RevealTrack.minimalCoveringScale(of: source.frame, cornerRadius: source.cornerRadius, toCover: request.destination.bounds)
        let track = RevealTrack(layer: source.frame, cornerRadius: source.cornerRadius, finalScale: scale)
        let fadesOut = kit.fadeMode == .out
        let whole = Rect(x: 0, y: 0, width: source.frame.width, height: source.frame.height)
        let growsColour = kit.color != nil
        let element = Part(
            id: "content", role: .content, frame: source.frame, cornerCurve: kit.cornerCurve, clip: kit.region,
            flight: Flight(layer: source.frame, content: whole, scaling: .uniform), paintsContent: !growsColour, form: .flight,
            reads: ChannelSet(.transform).union(fadesOut ? ChannelSet(.fadeOut) : []).union(kit.paintReads)
        ) { instant in
            let state = track.state(growth: instant(.transform))
            var values = TrackValues(
                transform: state.transform, maskFrame: state.maskFrame, cornerRadius: state.cornerRadius,
                opacity: fadesOut ? kit.outgoing(instant) : nil)
            kit.paint(&values, at: instant)
            return values
        }
        addScreens(kit, validated)
        let sourceIndex = parts.firstIndex { $0.role == .sourceScreen }!
        parts.insert(element, at: sourceIndex + 1)
        if growsColour {
            let fadeShare = PlanDefaults.revealImageFadeShare
            parts.insert(
                Part(
                    id: "contentImage", role: .content, frame: whole, parent: element.id, form: .linear, formKinks: [fadeShare],
                    reads: ChannelSet(.transform)
                ) { instant in
                    TrackValues(opacity: 1 - min(max(instant(.transform) / fadeShare, 0), 1))
                }, at: sourceIndex + 2)
        }
        flyingPart = sourceIndex + 1
        fadingPart = fadesOut ? nil : parts.firstIndex { $0.role == .destinationScreen }
        hides = ["sourceElement"]
    }
}
