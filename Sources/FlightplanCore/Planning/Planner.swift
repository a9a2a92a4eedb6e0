/// Turns a ``ValidatedPlanRequest`` into a ``Plan``: geometry, timing and sampling.
public enum Planner {
    /// Plans one transition.
    /// - Throws: a ``ValidationError`` naming `sampling.tolerance` when the plan would cost more than
    ///   ``PlanLimits`` allow (the only check that needs the plan itself).
    public static func plan(for validated: ValidatedPlanRequest) throws(ValidationError) -> Plan {
        var budget = PlanLimits.samplingBudget
        return try plan(for: validated, spending: &budget)
    }

    /// Plans one transition with what is left of a budget several plans share (a batch's), spending from it.
    /// - Throws: a ``ValidationError`` naming `sampling.tolerance` when the plan would need more than is left.
    package static func plan(for validated: ValidatedPlanRequest, spending budget: inout SamplingBudget) throws(ValidationError) -> Plan {
        let request = validated.request, timing = validated.timing
        let scene = Scene(for: validated)
        let layers = [scene.main.layer] + scene.children.map(\.track.layer)
        let states = exactStates(scene: scene, timing: timing, direction: request.direction)

        let times: [Double]
        do {
            times = try Sampler.times(
                for: request.sampling, duration: timing.duration, state: states, layers: layers, budget: &budget)
        } catch {
            throw ValidationError(error)
        }

        var mainKeyframes: [Keyframe] = []
        mainKeyframes.reserveCapacity(times.count)
        var childKeyframes = [[Keyframe]](repeating: [], count: scene.children.count)
        for time in times {
            let frame = states(time)
            mainKeyframes.append(frame[0])
            for index in childKeyframes.indices { childKeyframes[index].append(frame[index + 1]) }
        }
        if let precision = request.precision {
            mainKeyframes = KeyframeRounding(decimals: precision, layer: scene.main.layer).round(mainKeyframes)
            for index in childKeyframes.indices {
                childKeyframes[index] = KeyframeRounding(decimals: precision, layer: scene.children[index].track.layer).round(childKeyframes[index])
            }
        }
        let children = scene.children.indices.map { index in
            ChildTrack(
                id: scene.children[index].id, layer: AnimatedLayer(role: .child, frame: scene.children[index].track.layer),
                keyframes: childKeyframes[index])
        }
        return Plan(
            style: request.style, direction: request.direction, duration: timing.duration,
            layer: AnimatedLayer(role: scene.role, frame: scene.main.layer), keyframes: mainKeyframes,
            children: children.isEmpty ? nil : children, placeholder: scene.placeholder, warnings: validated.warnings.isEmpty ? nil : validated.warnings)
    }

    /// The exact keyframes of every track (main first, then children) at any instant; pop plays
    /// the push geometry backwards.
    static func exactStates(scene: Scene, timing: ResolvedTiming, direction: Direction) -> (Double) -> [Keyframe] {
        let tracks: [any LayerTrack] = [scene.main] + scene.children.map(\.track)
        return { time in
            let progress = timing.progress(atTime: time)
            let geometric = direction == .push ? progress : 1 - progress
            return tracks.map { track in
                let state = track.state(at: geometric)
                return Keyframe(
                    time: time, progress: progress, transform: state.transform, maskFrame: state.maskFrame,
                    cornerRadius: state.cornerRadius, opacity: state.opacity)
            }
        }
    }
}
