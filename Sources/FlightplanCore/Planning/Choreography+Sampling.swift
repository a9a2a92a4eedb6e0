extension Choreography {
    /// The parts at `sampled` (moving ones) as the sampler measures them: each one's frame, and whether it sets any
    /// geometry. A part's values set the same properties at every instant (as a track assumes): one that sets no
    /// geometry at the start only ever fades.
    func sampledLayers(_ sampled: [Int]) -> [SampledLayer] {
        let first = ChannelInstant(time: 0, clocks: clocks)
        return sampled.map { index in
            let values = parts[index].values(first)
            return SampledLayer(
                frame: parts[index].frame, movesGeometry: values.transform != nil || values.maskFrame != nil || values.cornerRadius != nil,
                isLinear: parts[index].isLinear)
        }
    }

    /// Writes the keyframes of the parts at `sampled` at `instant` over `keyframes`, in place once it has their
    /// count: the tolerance search hands the same arrays back thousands of times (emptying and appending again cost
    /// 4 % of it).
    func write(_ sampled: [Int], at instant: ChannelInstant, into keyframes: inout [Keyframe]) {
        guard keyframes.count == sampled.count else {
            keyframes = sampled.map { keyframe(of: $0, at: instant) }
            return
        }
        keyframes.withUnsafeMutableBufferPointer { buffer in
            for (slot, index) in sampled.enumerated() { buffer[slot] = keyframe(of: index, at: instant) }
        }
    }

    /// Writes the keyframes of the parts at `sampled` at each of `progresses` where `keyframes` points, one a part
    /// (`[point * sampled.count + slot]`, over what is there: a `Keyframe` holds only doubles), but a linear part's
    /// (``Part/isLinear``: the progress bound reads it at its pieces' ends alone, and leaves its slots unread). Part by
    /// part: each part's values function is read once for all the progresses, not retained and released again for each
    /// one.
    func write(_ sampled: [Int], atProgresses progresses: UnsafeBufferPointer<Double>, to keyframes: UnsafeMutablePointer<Keyframe>) {
        let tracks = sampled.count
        for (slot, index) in sampled.enumerated() where !parts[index].isLinear {
            let values = parts[index].values, frame = parts[index].frame
            for (point, progress) in progresses.enumerated() {
                let instant = ChannelInstant(progress: progress, clocks: clocks)
                keyframes[point * tracks + slot] = values(instant).keyframe(time: instant.time, progress: instant.progress, in: frame)
            }
        }
    }

    /// The keyframe of the part at `index` at `instant`.
    func keyframe(of index: Int, at instant: ChannelInstant) -> Keyframe {
        parts[index].values(instant).keyframe(time: instant.time, progress: instant.progress, in: parts[index].frame)
    }

    /// The parts at `sampled` as a function of the plan's progress, when they are one (every part follows the plan's
    /// progress, no channel runs on a window of time) on a `timing` whose progress stays inside 0…1 or is a spring's
    /// that turns at most 64 times; else nil.
    func progressMotion(of sampled: [Int], timing: ResolvedTiming) -> ProgressMotion? {
        guard followsPlanProgress, let kinks = clocks.progressKinks,
            let curve = timing.boundedBezier.map(ProgressMotion.Curve.bezier)
                ?? timing.spring.flatMap(SpringProgress.init).map(ProgressMotion.Curve.spring)
        else { return nil }
        return ProgressMotion(
            curve: curve, kinks: kinks,
            states: { progresses, keyframes in write(sampled, atProgresses: progresses, to: keyframes) },
            trackState: { track, progress in keyframe(of: sampled[track], at: ChannelInstant(progress: progress, clocks: clocks)) })
    }
}
