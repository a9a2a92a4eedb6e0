extension Scene {
    /// snapshot: the destination container's snapshot goes from `source.frame` to `destination.frame`
    /// (as morph's element does) while each child pair flies on its own track; opacity cross-fades.
    static func snapshot(_ validated: ValidatedPlanRequest) -> Scene {
        Scene(role: .container, main: elementFlight(validated))
    }
}
