extension Choreography {
    /// The parts at `sampled` (moving ones) as the sampler measures them: each one's frame, whether it sets any
    /// geometry, and its form (a flight's only where its geometric channels share one clock, a share of the plan's
    /// progress: ``form(of:)``). A part's values set the same properties at every instant (as a track assumes): one
    /// that sets no geometry at the start only ever fades.
    func sampledLayers(_ sampled: [Int]) -> [SampledLayer] {
        let first = ChannelInstant(time: 0, clocks: clocks)
        return sampled.map { index in
            let values = parts[index].values(first)
            return SampledLayer(
                frame: parts[index].frame, movesGeometry: values.transform != nil || values.maskFrame != nil || values.cornerRadius != nil,
                form: form(of: index))
        }
    }

    /// The form the progress bound reads the part at `index` in: its own, but a flight's where its geometric channels
    /// share neither one clock that is a share of the plan's progress nor the one window of time every channel it reads
    /// runs on (its form's kinks are then no kinks of its motion's progress), which is measured.
    private func form(of index: Int) -> SampledLayer.Form {
        guard parts[index].form == .flight, !clocks.geometryFollowsOneShare else { return parts[index].form }
        return clocks.window(readBy: parts[index].reads) != nil && parts[index].reads.isSuperset(of: .geometry) ? .flight : .measured
    }

    /// The form beyond the plan's progress 1 (``FlightOvershoot``) of the part at `index`, where it is read as a flight and
    /// its geometric channels' one clock goes on there or holds.
    private func overshoot(of index: Int) -> FlightOvershoot? {
        guard form(of: index) == .flight, let flight = parts[index].formFlight, let beyond = clocks.geometryBeyondOne else { return nil }
        return FlightOvershoot(flight, start: beyond.start, slope: beyond.slope)
    }

    /// Writes the keyframes of the parts at `slots` of `sampled` at each of `progresses` (the plan's, or `onWindow`, their
    /// one window's: ``ChannelInstant/init(window:clocks:)``) where `keyframes` points, one a part
    /// (`[point * sampled.count + slot]`, over what is there: a `Keyframe` holds only doubles); the other slots are left as
    /// they are (the progress bound reads those parts otherwise). Part by part: each part's values function is read once
    /// for all the progresses, not retained and released again for each one.
    func write(
        _ sampled: [Int], slots: [Int], atProgresses progresses: UnsafeBufferPointer<Double>, onWindow: Bool = false,
        to keyframes: UnsafeMutablePointer<Keyframe>
    ) {
        let tracks = sampled.count
        for slot in slots {
            let index = sampled[slot], values = parts[index].values, frame = parts[index].frame
            for (point, progress) in progresses.enumerated() {
                let instant = onWindow ? ChannelInstant(window: progress, clocks: clocks) : ChannelInstant(progress: progress, clocks: clocks)
                keyframes[point * tracks + slot] = values(instant).keyframe(time: instant.time, progress: instant.progress, in: frame)
            }
        }
    }

    /// The keyframe of the part at `index` at `instant`.
    func keyframe(of index: Int, at instant: ChannelInstant) -> Keyframe {
        parts[index].values(instant).keyframe(time: instant.time, progress: instant.progress, in: parts[index].frame)
    }

    /// Whether the part at `index` is a function of the plan's progress alone: it reads no channel on a window of time
    /// (``Part/reads``) and has no clock of its own (``Part/ownClock``).
    func followsPlanProgress(_ index: Int) -> Bool { !parts[index].ownClock && clocks.followPlanProgress(parts[index].reads) }

    /// Those of the parts at `sampled` that are a function of the plan's progress (``followsPlanProgress(_:)``) as a
    /// ``ProgressMotion`` whose ``ProgressMotion/tracks`` are their places in `sampled`, on a `timing` whose progress
    /// stays inside 0…1 or is a spring's that turns at most 64 times; nil where none is or the timing is neither. Its
    /// kinks are the clocks' shares' and the flights' own (``Part/formKinks``, wherever the geometric channels share a
    /// clock).
    func progressMotion(of sampled: [Int], timing: ResolvedTiming) -> ProgressMotion? {
        var tracks: [Int] = []
        tracks.reserveCapacity(sampled.count)
        for (slot, index) in sampled.enumerated() where followsPlanProgress(index) { tracks.append(slot) }
        guard !tracks.isEmpty,
            let curve = timing.boundedBezier.map(ProgressMotion.Curve.bezier)
                ?? timing.spring.flatMap(SpringProgress.init).map(ProgressMotion.Curve.spring)
        else { return nil }
        let covered = tracks.count == sampled.count ? sampled : tracks.map { sampled[$0] }
        let clockKinks = clocks.progressKinks
        var kinks = clockKinks
        for index in covered where !parts[index].formKinks.isEmpty {
            kinks += clocks.planProgresses(atGeometric: parts[index].formKinks) ?? []
        }
        if kinks.count > clockKinks.count { kinks = kinks.ascendingDistinct }
        var motion = ProgressMotion(
            curve: curve, tracks: tracks, kinks: kinks,
            states: { progresses, slots, keyframes in write(covered, slots: slots, atProgresses: progresses, to: keyframes) },
            trackState: { track, progress in keyframe(of: covered[track], at: ChannelInstant(progress: progress, clocks: clocks)) })
        if motion.range.high > 1 { motion.overshoots = covered.map(overshoot) }
        return motion
    }

    /// The parts at `sampled` that are no function of the plan's progress but of one window of time's
    /// (``ChannelClocks/window(readBy:)``: every channel they read runs on it, and they have no clock of their own), as a
    /// ``ProgressMotion`` a window on its curve over its time (``ProgressMotion/window``), with their places in `sampled`
    /// as its tracks; none where no part is.
    func windowMotions(of sampled: [Int]) -> [ProgressMotion] {
        guard clocks.hasWindows else { return [] }
        var motions: [ProgressMotion] = []
        var windows: [(start: Double, end: Double, timing: ResolvedTiming)] = [], members: [[Int]] = []
        for (slot, index) in sampled.enumerated() where !parts[index].ownClock {
            guard let window = clocks.window(readBy: parts[index].reads) else { continue }
            if let known = windows.firstIndex(where: { $0.start == window.start && $0.end == window.end && $0.timing == window.timing }) {
                members[known].append(slot)
            } else {
                windows.append(window)
                members.append([slot])
            }
        }
        for (window, tracks) in zip(windows, members) {
            // On a Bézier whose progress stays inside 0…1 or a spring that turns at most 64 times, as the plan's motion.
            guard
                let curve = window.timing.boundedBezier.map(ProgressMotion.Curve.bezier)
                    ?? window.timing.spring.flatMap(SpringProgress.init).map(ProgressMotion.Curve.spring)
            else { continue }
            let covered = tracks.map { sampled[$0] }
            // A flight's corners, at its geometric channels' progress: the window's, or along a pop its complement.
            var kinks: [Double] = []
            for index in covered where form(of: index) == .flight {
                kinks += parts[index].formKinks.map { clocks.direction == .push ? $0 : 1 - $0 }.filter { $0 > 0 && $0 < 1 }
            }
            var motion = ProgressMotion(
                curve: curve, tracks: tracks, kinks: kinks.ascendingDistinct,
                states: { progresses, slots, keyframes in
                    write(covered, slots: slots, atProgresses: progresses, onWindow: true, to: keyframes)
                },
                trackState: { track, progress in keyframe(of: covered[track], at: ChannelInstant(window: progress, clocks: clocks)) })
            motion.window = (window.start, window.end)
            motions.append(motion)
        }
        return motions
    }
}
