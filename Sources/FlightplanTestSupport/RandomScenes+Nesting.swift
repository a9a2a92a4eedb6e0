public import FlightplanCore

extension RandomScenes {
    /// `plan` with one track moved inside an earlier one (its frame read in that one's own space, its values its
    /// own): a child that moves, masks, fades and casts a shadow by itself, in a parent that may be masked or not,
    /// moving or not, and itself a child.
    public static func nesting(_ plan: Plan, using rng: inout SeededGenerator) -> Plan {
        var plan = plan
        guard plan.tracks.count >= 2 else { return plan }
        let child = Int.random(in: 1..<plan.tracks.count, using: &rng), parent = Int.random(in: 0..<child, using: &rng)
        let holder = plan.tracks[parent].frame
        plan.tracks[child].parent = plan.tracks[parent].id
        plan.tracks[child].frame = plan.tracks[child].frame.offsetBy(dx: -holder.x, dy: -holder.y)
        plan.tracks[child].clip = nil
        return plan
    }

    /// `plan` somewhere else in the window: its stage, and every track on it with its clip, moved by one random offset
    /// (a child keeps its place in its parent).
    public static func moved(_ plan: Plan, using rng: inout SeededGenerator) -> Plan {
        var plan = plan
        let dx = Double.random(in: -300...300, using: &rng), dy = Double.random(in: -300...300, using: &rng)
        plan.stage = plan.stage.offsetBy(dx: dx, dy: dy)
        for index in plan.tracks.indices where plan.tracks[index].parent == nil {
            plan.tracks[index].frame = plan.tracks[index].frame.offsetBy(dx: dx, dy: dy)
            plan.tracks[index].clip = plan.tracks[index].clip?.offsetBy(dx: dx, dy: dy)
        }
        return plan
    }
}
