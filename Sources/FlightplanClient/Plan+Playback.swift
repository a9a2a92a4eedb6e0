public import FlightplanWire

extension Plan {
    /// Every track's values at `time`, by track id, as a linear renderer shows them (what is on screen).
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

extension TrackValues {
    /// Field by field `(self − other) ÷ span` for the properties both set (colours component-wise, straight alpha).
    fileprivate func subtracting(_ other: TrackValues, over span: Double) -> TrackValues {
        func rate(_ a: Double, _ b: Double) -> Double { (a - b) / span }
        var result = pairedNumbers(with: other, rate)
        if let a = color, let b = other.color { result.color = Color(r: rate(a.r, b.r), g: rate(a.g, b.g), b: rate(a.b, b.b), a: rate(a.a, b.a)) }
        return result
    }
}
