public import FlightplanWire

#if canImport(QuartzCore)
public import QuartzCore
#endif

extension Plan {
    /// Every track's values at `time`, by track id, as a linear renderer shows them (what is on screen); a child's are
    /// in its parent's own space (`stageRect(_:in:at:)` puts them on the stage).
    /// - Parameter time: Seconds from the start of the plan; clamped to the first and last keyframes.
    /// - Returns: Each track's values (`base` with the animated properties sampled), by track id.
    public func state(at time: Double) -> [String: TrackValues] {
        Dictionary(tracks.map { ($0.id, $0.values(at: time)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every moving track's rate of change at `time`, by track id: the slope of the keyframe segment that holds it
    /// (the one that starts there, at a keyframe), per second, for the properties the track animates.
    /// - Parameter time: Seconds from the start of the plan.
    /// - Returns: Each moving track's rates (changes per second, in `TrackValues` shape), by track id.
    public func velocity(at time: Double) -> [String: TrackValues] {
        var rates: [String: TrackValues] = [:]
        for track in tracks where track.keyframes.count >= 2 {
            let keyframes = track.keyframes
            let index = min(max(0, (keyframes.lastIndex { $0.time <= time } ?? 0)), keyframes.count - 2)
            let a = keyframes[index], b = keyframes[index + 1]
            rates[track.id] = b.values.subtracting(a.values, over: b.time - a.time)
        }
        return rates
    }
}

#if canImport(QuartzCore)
extension Plan {
    /// Builds every track's Core Animation layers (``Track/coreAnimationLayers(stage:duration:holdsChildren:beginTime:)``)
    /// and nests them as the plan does: a track's ``CoreAnimationLayers/root`` goes into `stage`, a child's into its
    /// parent's ``CoreAnimationLayers/clip`` (in the parent layer's coordinates, above the parent's content, inside its
    /// mask, transform, content region and opacity).
    /// - Parameters:
    ///   - stage: A layer at the plan's `stage` rect.
    ///   - beginTime: When the animations start, in the layers' time (`CACurrentMediaTime()` for now, the default).
    /// - Returns: Every track's layers, by track id: put each track's content in its `content ?? clip ?? layer`.
    @discardableResult
    public func addCoreAnimationLayers(to stage: CALayer, beginTime: CFTimeInterval = CACurrentMediaTime()) -> [String: CoreAnimationLayers] {
        let parents = Set(tracks.compactMap(\.parent))
        var built: [String: CoreAnimationLayers] = [:]
        // Parents come before their children, so a child's parent is built by the time the child is.
        for track in tracks {
            let layers = track.coreAnimationLayers(
                stage: self.stage, duration: duration, holdsChildren: parents.contains(track.id), beginTime: beginTime)
            if let parent = track.parent.flatMap({ built[$0] }) {
                (parent.clip ?? parent.layer).addSublayer(layers.root)
            } else {
                stage.addSublayer(layers.root)
            }
            built[track.id] = layers
        }
        return built
    }
}
#endif

extension TrackValues {
    /// Field by field `(self − other) ÷ span` for the properties both set (colours component-wise, straight alpha).
    fileprivate func subtracting(_ other: TrackValues, over span: Double) -> TrackValues {
        func rate(_ a: Double, _ b: Double) -> Double { (a - b) / span }
        var result = pairedNumbers(with: other, rate)
        if let a = color, let b = other.color { result.color = Color(r: rate(a.r, b.r), g: rate(a.g, b.g), b: rate(a.b, b.b), a: rate(a.a, b.a)) }
        return result
    }
}
