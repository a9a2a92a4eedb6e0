extension Scene {
    /// reveal: the source element grows about its centre to the exact minimal scale at which its
    /// rounded shape covers `destination.bounds`, then the destination fades in.
    static func reveal(_ request: PlanRequest) -> Scene {
        let source = request.source
        let scale = RevealTrack.minimalCoveringScale(
            of: source.frame, cornerRadius: source.cornerRadius, toCover: request.destination.bounds)
        let track = RevealTrack(
            layer: source.frame, cornerRadius: source.cornerRadius, finalScale: scale,
            fadeFraction: request.timing.fadeFraction ?? 0.5)
        return Scene(role: .expandingElement, main: track)
    }
}
