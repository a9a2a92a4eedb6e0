extension Scene {
    /// reveal: the source element grows about its centre to the exact minimal scale at which its
    /// rounded shape covers `destination.bounds`, then the destination fades in.
    static func reveal(_ validated: ValidatedPlanRequest) -> Scene {
        let request = validated.request, source = request.source
        let scale = RevealTrack.minimalCoveringScale(
            of: source.frame, cornerRadius: source.cornerRadius, toCover: request.destination.bounds)
        let track = RevealTrack(
            layer: source.frame, cornerRadius: source.cornerRadius, finalScale: scale,
            fadeFraction: validated.fadeFraction)
        return Scene(role: .expandingElement, main: track)
    }
}
