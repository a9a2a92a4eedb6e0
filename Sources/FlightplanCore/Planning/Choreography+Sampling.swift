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

    /// The form the progress bound reads the part at `index` in: its own, but a flight's, or one with corners of its own
    /// (``Part/formKinks``), where its geometric channels share neither one clock that is a share of the plan's progress
    /// nor the one window of time every channel it reads runs on (its form's kinks are then no kinks of its motion's
    /// progress), which is measured.
    private func form(of index: Int) -> SampledLayer.Form {
        let form = parts[index].form
        guard form == .flight || !parts[index].formKinks.isEmpty, !clocks.geometryFollowsOneShare else { return form }
        return clocks.window(readBy: parts[index].reads) != nil ? form : .measured
    }

    /// The form beyond the plan's progress 1 (``FlightOvershoot``) of the part at `index`, where it is read as a flight and
    /// its geometric channels' one clock goes on there or holds.
    private func overshoot(of index: Int) -> FlightOvershoot? {
        guard form(of: index) == .flight, let flight = parts[index].formFlight, let beyond = clocks.geometryBeyondOne else { return nil }
        return FlightOvershoot(flight, start: beyond.start, slope: beyond.slope)
    }

    /// Which progress a motion's states are read at: the plan's, one window of time's (``ChannelInstant/init(window:clocks:)``),
    /// or the plan's on a staggered part's own clock (its ``Stagger/values``).
    enum MotionClock {
        case plan, window, stagger
    }

    /// Writes the keyframes of the parts at `slots` of `sampled` at each of `progresses` (on `clock`) where `keyframes`
    /// points, one a part (`[point * sampled.count + slot]`, over what is there: a `Keyframe` holds only doubles); the
    /// other slots are left as they are (the progress bound reads those parts otherwise). Part by part: each part's values
    /// function is read once for all the progresses, not retained and released again for each one.
    func write(
        _ sampled: [Int], slots: [Int], atProgresses progresses: UnsafeBufferPointer<Double>, on clock: MotionClock,
        to keyframes: UnsafeMutablePointer<Keyframe>
    ) {
        let tracks = sampled.count
        for slot in slots {
            let index = sampled[slot], frame = parts[index].frame, values = self.values(of: index, on: clock)
            for (point, progress) in progresses.enumerated() {
                let instant = self.instant(at: progress, on: clock)
                keyframes[point * tracks + slot] = values(instant).keyframe(time: instant.time, progress: instant.progress, in: frame)
            }
        }
    }

    /// The keyframe of the part at `index` at `progress` on `clock` (locating a corner follows one part).
    func keyframe(of index: Int, at progress: Double, on clock: MotionClock) -> Keyframe {
        let instant = instant(at: progress, on: clock)
        return values(of: index, on: clock)(instant).keyframe(time: instant.time, progress: instant.progress, in: parts[index].frame)
    }

    /// The values function of the part at `index` on `clock`: a staggered part's on its own clock.
    private func values(of index: Int, on clock: MotionClock) -> (ChannelInstant) -> TrackValues {
        clock == .stagger ? parts[index].stagger!.values : parts[index].values
    }

    /// The instant at `progress` on `clock`.
    private func instant(at progress: Double, on clock: MotionClock) -> ChannelInstant {
        clock == .window ? ChannelInstant(window: progress, clocks: clocks) : ChannelInstant(progress: progress, clocks: clocks)
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
        guard !tracks.isEmpty, let curve = Self.progressCurve(of: timing) else { return nil }
        let covered = tracks.count == sampled.count ? sampled : tracks.map { sampled[$0] }
        var motion = self.motion(of: covered, tracks: tracks, curve: curve, kinks: planKinks(of: covered), on: .plan)
        if motion.range.high > 1 { motion.overshoots = covered.map(overshoot) }
        return motion
    }

    /// The parts at `covered` (their places in the sampled parts: `tracks`) as a ``ProgressMotion`` on `curve` with `kinks`,
    /// their states read at its progresses on `clock`.
    private func motion(of covered: [Int], tracks: [Int], curve: ProgressMotion.Curve, kinks: [Double], on clock: MotionClock) -> ProgressMotion {
        ProgressMotion(
            curve: curve, tracks: tracks, kinks: kinks,
            states: { progresses, slots, keyframes in write(covered, slots: slots, atProgresses: progresses, on: clock, to: keyframes) },
            trackState: { track, progress in keyframe(of: covered[track], at: progress, on: clock) })
    }

    /// The places in `sampled` of the parts `key` gives a key, grouped by their keys (`same` says which are one) in the
    /// order each first appears.
    private static func grouped<Key>(_ sampled: [Int], by key: (Int) -> Key?, same: (Key, Key) -> Bool) -> [(key: Key, tracks: [Int])] {
        var groups: [(key: Key, tracks: [Int])] = []
        for (slot, index) in sampled.enumerated() {
            guard let key = key(index) else { continue }
            if let known = groups.firstIndex(where: { same($0.key, key) }) {
                groups[known].tracks.append(slot)
            } else {
                groups.append((key, [slot]))
            }
        }
        return groups
    }

    /// `timing`'s curve as the progress bound reads it: a Bézier whose progress stays inside 0…1, or a spring that turns
    /// at most 64 times; else nil.
    private static func progressCurve(of timing: ResolvedTiming) -> ProgressMotion.Curve? {
        timing.boundedBezier.map(ProgressMotion.Curve.bezier) ?? timing.spring.flatMap(SpringProgress.init).map(ProgressMotion.Curve.spring)
    }

    /// The plan's progresses where the parts at `covered` may turn a corner: where a channel's share starts or ends, and the
    /// flights' own corners (``Part/formKinks``, wherever the geometric channels share a clock).
    private func planKinks(of covered: [Int]) -> [Double] {
        let clockKinks = clocks.progressKinks
        var kinks = clockKinks
        for index in covered where !parts[index].formKinks.isEmpty {
            kinks += clocks.planProgresses(atGeometric: parts[index].formKinks) ?? []
        }
        return kinks.count > clockKinks.count ? kinks.ascendingDistinct : kinks
    }

    /// The parts at `sampled` that are no function of the plan's progress but run over a span of its time, as a
    /// ``ProgressMotion`` a span (``ProgressMotion/window``) with their places in `sampled` as its tracks: those of one
    /// window of time (``ChannelClocks/window(readBy:)``: every channel they read runs on it, and they have no clock of
    /// their own) on its curve, and the staggered ones that read no window (``Part/stagger``) on the plan's `timing` over
    /// their own span; none where no part is.
    func windowMotions(of sampled: [Int], timing: ResolvedTiming) -> [ProgressMotion] {
        var motions = staggerMotions(of: sampled, timing: timing)
        guard clocks.hasWindows else { return motions }
        typealias Window = (start: Double, end: Double, timing: ResolvedTiming)
        func window(of index: Int) -> Window? { parts[index].ownClock ? nil : clocks.window(readBy: parts[index].reads) }
        func same(_ known: Window, _ window: Window) -> Bool {
            known.start == window.start && known.end == window.end && known.timing == window.timing
        }
        let windows = Self.grouped(sampled, by: window, same: same)
        for (window, tracks) in windows {
            guard let curve = Self.progressCurve(of: window.timing) else { continue }
            let covered = tracks.map { sampled[$0] }
            // A part's own corners, at its geometric channels' progress: the window's, or along a pop its complement.
            var kinks: [Double] = []
            for index in covered {
                kinks += parts[index].formKinks.map { clocks.direction == .push ? $0 : 1 - $0 }.filter { $0 > 0 && $0 < 1 }
            }
            var motion = self.motion(of: covered, tracks: tracks, curve: curve, kinks: kinks.ascendingDistinct, on: .window)
            motion.window = (window.start, window.end)
            motions.append(motion)
        }
        return motions
    }

    /// The staggered parts at `sampled` that read no window of time, a ``ProgressMotion`` a child's span: the plan's
    /// motion on `timing` (its kinks and overshoots as for the plan's own tracks), run over the span.
    private func staggerMotions(of sampled: [Int], timing: ResolvedTiming) -> [ProgressMotion] {
        typealias Span = (delay: Double, moving: Double)
        func span(of index: Int) -> Span? {
            guard parts[index].ownClock, let stagger = parts[index].stagger, clocks.followPlanProgress(parts[index].reads) else { return nil }
            return (stagger.delay, stagger.moving)
        }
        let spans = Self.grouped(sampled, by: span) { (known: Span, span: Span) in known == span }
        guard !spans.isEmpty, let curve = Self.progressCurve(of: timing) else { return [] }
        return spans.map { span, tracks in
            let covered = tracks.map { sampled[$0] }
            var motion = self.motion(of: covered, tracks: tracks, curve: curve, kinks: planKinks(of: covered), on: .stagger)
            if motion.range.high > 1 { motion.overshoots = covered.map(overshoot) }
            motion.window = (span.delay, span.delay + span.moving)
            return motion
        }
    }
}
