/// Turns a ``ValidatedPlanRequest`` into a ``Plan``: choreography, timing and sampling.
public enum Planner {
    /// Plans one transition.
    /// - Parameter validated: The request, checked and with every default resolved by ``PlanRequest/validated()``.
    /// - Returns: The plan: its tracks, the caller's views to hide, the portable easing and any warnings.
    /// - Throws: a ``ValidationError`` naming `sampling.tolerance` (or `timing.curve`, for the easing's stops) when
    ///   the plan would emit more than ``PlanLimits/maximumOutputPoints``, or the field that carries its geometry
    ///   beyond ``PlanLimits/maximumReach`` (the only checks that need the plan itself).
    public static func plan(for validated: ValidatedPlanRequest) throws(ValidationError) -> Plan {
        var budget = PlanLimits.samplingBudget
        return try plan(for: validated, spending: &budget)
    }

    /// Plans one transition with what is left of a budget several plans share (a batch's), spending from it: the
    /// keyframes of every track and the stops of the easing.
    /// - Throws: a ``ValidationError`` naming `sampling.tolerance` when the keyframes would need more than is left, or
    ///   `timing.curve` when the easing's stops would.
    package static func plan(for validated: ValidatedPlanRequest, spending budget: inout SamplingBudget) throws(ValidationError) -> Plan {
        let choreography = validated.choreography
        let parts = choreography.parts
        let sampled = choreography.movingParts
        var progressMotion: ProgressMotion?, windowMotions: [ProgressMotion] = []
        var sampling = validated.request.sampling
        // A tolerance-sampled plan without `precision` is searched within all but a share of its tolerance, and its
        // numbers rounded within that share.
        var roundingBudget: Double?
        if case .tolerance(let tolerance) = sampling {
            progressMotion = choreography.progressMotion(of: sampled, timing: validated.timing)
            windowMotions = choreography.windowMotions(of: sampled, timing: validated.timing)
            try checkReachBeforeSearch(validated, choreography: choreography, sampled: sampled, motion: progressMotion)
            if validated.request.precision == nil {
                roundingBudget = tolerance * KeyframeRounding.toleranceShare
                sampling = .tolerance(tolerance - tolerance * KeyframeRounding.toleranceShare)
            }
        }
        let times: KeyframeTimes
        do {
            times = try Sampler.times(
                for: sampling, duration: validated.timing.duration,
                state: { track, time in choreography.keyframe(of: sampled[track], at: ChannelInstant(time: time, clocks: choreography.clocks)) },
                tracks: sampled.count, layers: choreography.sampledLayers(sampled), progressMotion: progressMotion,
                windowMotions: windowMotions, budget: &budget)
        } catch {
            throw ValidationError(error)
        }
        // Each moving part's instants (made again only where its times differ from the previous part's: tolerance
        // sampling may give each its own), then its whole values in one pass over them, made where its track keeps them
        // (its keyframes, trimmed in place to what it animates): its closure read once, not once per keyframe, and each
        // value written once rather than copied from an array of values into the keyframes.
        var keyframes = [[TrackKeyframe]](repeating: [], count: parts.count)
        var instants: [ChannelInstant] = [], instantTimes: [Double] = []
        for (slot, index) in sampled.enumerated() {
            let partTimes = times.times[slot]
            if slot == 0 || partTimes != instantTimes {
                // At the progresses the bound's search reached, where it gives them: the timing curve need not be solved
                // again for each time.
                if let progresses = times.progresses(ofTrack: slot) {
                    instants = partTimes.indices.map {
                        ChannelInstant(time: partTimes[$0], progress: progresses[$0], clocks: choreography.clocks)
                    }
                } else {
                    instants = partTimes.map { ChannelInstant(time: $0, clocks: choreography.clocks) }
                }
                instantTimes = partTimes
            }
            let values = parts[index].values
            keyframes[index] = partTimes.indices.map { TrackKeyframe(time: partTimes[$0], values: values(instants[$0])) }
        }
        for index in sampled { try PlanReach.check(keyframes[index], layer: parts[index].frame, cause: validated.reachCause) }
        let warnings =
            validated.warnings + choreography.warnings
            + PlanWarning.motionWarnings(validated, choreography: choreography, flying: keyframes[choreography.flyingPart])
        for index in sampled {
            let frame = parts[index].frame
            let rounding: KeyframeRounding? =
                if let precision = validated.request.precision {
                    KeyframeRounding(decimals: precision, layer: frame)
                } else if let roundingBudget {
                    KeyframeRounding(
                        within: roundingBudget, keyframes: keyframes[index].map { $0.values.keyframe(time: $0.time, progress: 0, in: frame) },
                        layer: frame)
                } else {
                    nil
                }
            guard let rounding else { continue }
            for keyframe in keyframes[index].indices { rounding.round(&keyframes[index][keyframe].values) }
        }
        // A held part's track keeps only its values at the start (it has no keyframes).
        let firstInstant = ChannelInstant(time: 0, clocks: choreography.clocks)
        let tracks = parts.indices.map { index in
            let first = parts[index].moves ? keyframes[index][0].values : parts[index].values(firstInstant)
            return track(of: parts, at: index, first: first, keyframes: &keyframes[index])
        }

        // The easing's stops are emitted as the keyframes are, so they spend from the same budget: what the keyframes
        // (and a batch's earlier plans) left of it.
        guard let easing = PortableEasing(validated.timing, maximumStops: budget.totalKeyframes) else {
            throw ValidationError.easingOverBudget(left: budget.totalKeyframes)
        }
        budget.totalKeyframes -= easing.stops.count
        return Plan(
            style: validated.request.style, direction: validated.request.direction, duration: validated.timing.duration,
            stage: validated.request.destination.bounds,
            tracks: tracks, hides: choreography.hides, easing: easing, warnings: warnings.isEmpty ? nil : warnings)
    }

    /// Instants at which a tolerance-sampled plan whose curve swings far is checked for its reach before its search.
    private static let reachProbes = 64
    /// Whether each curve met lately leaves -2…3 at one of the ``reachProbes`` instants.
    private static let swingingFar = CurveMemo<ResolvedTiming, Bool>(capacity: 64)

    /// Refuses, before the tolerance search, a plan whose curve carries its geometry past ``PlanLimits/maximumReach``
    /// at one of ``reachProbes`` evenly spaced instants: the search would spend its whole budget on such a motion (0.1 s
    /// of CPU for a 60 s spring with an initial velocity of 100) before the plan was refused for its reach anyway. Only
    /// a curve whose progress leaves -2…3 at one of those instants is probed (no plan within the limit is refused
    /// here that its keyframes would not refuse: they stay within the tolerance of the same motion).
    private static func checkReachBeforeSearch(
        _ validated: ValidatedPlanRequest, choreography: Choreography, sampled: [Int], motion: ProgressMotion?
    ) throws(ValidationError) {
        let timing = validated.timing, duration = timing.duration
        func probe(_ index: Int) -> Double { duration * Double(index) / Double(reachProbes) }
        // A Bézier whose progress stays inside 0…1 never does (known without the memo, whose key costs more to hash), nor
        // does a spring whose turns stay inside -2…3 (found for the search's progress `motion`, where it has one).
        if let spring = timing.spring {
            let shape: SpringProgress? = if case .spring(let progress)? = motion?.curve { progress } else { SpringProgress(spring) }
            if let shape, shape.range.low >= -2, shape.range.high <= 3 { return }
        }
        guard timing.boundedBezier == nil,
            swingingFar.value(for: timing, making: { (0...reachProbes).contains { !(-2...3).contains(timing.progress(atTime: probe($0))) } })
        else { return }
        let times = (0...reachProbes).map(probe)
        for index in sampled {
            let part = choreography.parts[index]
            let probes = times.map { TrackKeyframe(time: $0, values: part.values(ChannelInstant(time: $0, clocks: choreography.clocks))) }
            try PlanReach.check(probes, layer: part.frame, cause: validated.reachCause)
        }
    }

    /// The tracks of a motion that is not the plan's own (a dismissal's completion): the flying track follows
    /// `keyframes`' geometry, the style's faded track their opacity, and every other track sits at the level
    /// `level(keyframe)` along the push (0 collapsed, 1 expanded), as a drag holds them.
    package static func tracks(
        of validated: ValidatedPlanRequest, following keyframes: [Keyframe], level: (Keyframe) -> Double
    ) -> (tracks: [Track], hides: [String]) {
        let choreography = validated.choreography
        let expanded = ChannelInstant(level: 1, clocks: choreography.clocks)
        let main = choreography.parts[choreography.flyingPart]
        let mainRest = main.values(expanded).keyframe(time: 0, progress: 1, in: main.frame).visibleClip(in: main.frame)
        var computed: [[TrackKeyframe]] = []
        for index in choreography.parts.indices {
            let part = choreography.parts[index]
            let rest = part.flight.map { $0.visible(part.values(expanded)) }
            computed.append(
                keyframes.map { keyframe in
                    // The geometry is replaced below: the shadow is kept in points meanwhile.
                    var values = part.values(ChannelInstant(level: level(keyframe), clocks: choreography.clocks)).withShadowOnScreen
                    if index == choreography.flyingPart {
                        values.transform = keyframe.transform
                        values.maskFrame = keyframe.maskFrame
                        values.cornerRadius = keyframe.cornerRadius
                    } else if let flight = part.flight, let rest {
                        // Another flying track (a snapshot's snapshots, a child) follows the main one: the same scale and
                        // move that take the main track's resting clip to where it is now.
                        let now = keyframe.visibleClip(in: main.frame)
                        let scaleX = now.width / mainRest.width, scaleY = now.height / mainRest.height
                        func follow(_ rect: Rect) -> Rect {
                            Rect(
                                x: now.x + (rect.x - mainRest.x) * scaleX, y: now.y + (rect.y - mainRest.y) * scaleY, width: rect.width * scaleX,
                                height: rect.height * scaleY)
                        }
                        let state = LayerState(
                            layer: flight.layer, content: flight.content, scaling: flight.scaling, image: follow(rest.image),
                            clip: follow(rest.clip), visibleRadius: rest.radius * min(scaleX, scaleY), opacity: 1)
                        values.transform = state.transform
                        values.maskFrame = state.maskFrame
                        values.cornerRadius = state.cornerRadius
                    }
                    if index == choreography.fadingPart { values.opacity = keyframe.opacity }
                    return TrackKeyframe(time: keyframe.time, values: values.withShadowInLayerSpace)
                })
        }
        let tracks = choreography.parts.indices.map { index in
            track(of: choreography.parts, at: index, first: computed[index][0].values, keyframes: &computed[index])
        }
        return (tracks, choreography.hides)
    }

    /// The exact values of every track, in the plan's order, at any instant: what the keyframes sample.
    package static func exactTracks(for validated: ValidatedPlanRequest) -> (Double) -> [TrackValues] {
        let choreography = validated.choreography
        return { time in
            let instant = ChannelInstant(time: time, clocks: choreography.clocks)
            return choreography.parts.map { $0.values(instant) }
        }
    }

    /// The part at `index` of `parts` (its z) as a track: what never changes goes into `base`, the rest into the keyframes
    /// (`keyframes` holds the whole values at each time, the first of them `first`, and is trimmed in place to what the
    /// track animates; a part that does not move has only `first`, and no keyframes). The part's fields are read where
    /// they lie: a copy of the whole part retained and released every reference it holds.
    private static func track(of parts: [Choreography.Part], at index: Int, first: TrackValues, keyframes: inout [TrackKeyframe]) -> Track {
        // The properties sorted as bits: an array is made only for what the track animates.
        let properties = first.propertySet
        var animated = TrackPropertySet()
        if parts[index].moves {
            for property in TrackProperty.inOrder
            where properties.contains(property) && keyframes.contains(where: { !$0.values.same(property, as: first) }) {
                animated.insert(property)
            }
        }
        if animated.isEmpty {
            keyframes = []
        } else {
            for keyframe in keyframes.indices { keyframes[keyframe].values.keep(animated) }
        }
        return Track(
            id: parts[index].id, role: parts[index].role, z: index, frame: parts[index].frame,
            cornerCurve: first.has(.maskFrame) ? parts[index].cornerCurve : nil, clip: parts[index].clip,
            base: first.keeping(properties.subtracting(animated)), animates: animated.properties, keyframes: keyframes,
            content: parts[index].content, contentFrame: parts[index].contentFrame, parent: parts[index].parent)
    }
}

extension TrackValues {
    /// The values as the sampler measures them: a keyframe of a layer at `layer` with what is not set at
    /// its resting value (identity, the whole layer, square corners, opaque).
    package func keyframe(time: Double, progress: Double, in layer: Rect) -> Keyframe {
        Keyframe(
            time: time, progress: progress, transform: transform ?? .identity,
            maskFrame: maskFrame ?? Rect(x: 0, y: 0, width: layer.width, height: layer.height),
            cornerRadius: cornerRadius ?? 0, opacity: opacity ?? 1)
    }

    /// Whether `property` has the same value here as in `other`.
    fileprivate func same(_ property: TrackProperty, as other: TrackValues) -> Bool {
        switch property {
        case .transform: transform == other.transform
        case .maskFrame: maskFrame == other.maskFrame
        case .cornerRadius: cornerRadius == other.cornerRadius
        case .opacity: opacity == other.opacity
        case .color: color == other.color
        case .shadow: shadow == other.shadow
        }
    }
}

extension KeyframeRounding {
    /// Rounds track values in place as a keyframe's are, each that is set; colours and shadow colours like opacities.
    func round(_ values: inout TrackValues) {
        func rounded(_ color: Color) -> Color {
            Color(r: fraction(color.r), g: fraction(color.g), b: fraction(color.b), a: fraction(color.a))
        }
        if let transform = values.transform { values.transform = self.transform(transform) }
        if let maskFrame = values.maskFrame { values.maskFrame = self.maskFrame(maskFrame) }
        if let cornerRadius = values.cornerRadius { values.cornerRadius = point(cornerRadius) }
        if let opacity = values.opacity { values.opacity = fraction(opacity) }
        if let color = values.color { values.color = rounded(color) }
        if let shadow = values.shadow {
            values.shadow = Shadow(
                color: rounded(shadow.color), radius: point(shadow.radius), offset: Point(x: point(shadow.offset.x), y: point(shadow.offset.y)))
        }
    }
}
