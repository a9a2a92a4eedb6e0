public import FlightplanWire

extension Plan {
    /// Every track's values at `time`, by track id, as a linear renderer shows them (what is on screen).
    public func state(at time: Double) -> [String: TrackValues] {
        Dictionary((tracks ?? []).map { ($0.id, $0.values(at: time)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Every moving track's rate of change at `time`, by track id: the slope of the keyframe segment that holds it
    /// (the one that starts there, at a keyframe), per second, for the properties the track animates.
    public func velocity(at time: Double) -> [String: TrackValues] {
        var rates: [String: TrackValues] = [:]
        for track in tracks ?? [] where track.keyframes.count >= 2 {
            let keyframes = track.keyframes
            let index = min(max(0, (keyframes.lastIndex { $0.time <= time } ?? 0)), keyframes.count - 2)
            let a = keyframes[index], b = keyframes[index + 1]
            rates[track.id] = b.values.subtracting(a.values, over: b.time - a.time)
        }
        return rates
    }

    /// Keyframe times divided by the duration: 0 … 1, for `CAKeyframeAnimation.keyTimes` or CSS offsets.
    public var keyTimes: [Double] {
        keyframes.map { duration > 0 ? $0.time / duration : 0 }
    }

    /// What a renderer that interpolates every field linearly between keyframes (Core Animation, CSS)
    /// shows at `time` seconds; clamped to the first and last keyframes outside 0 … duration.
    public func sample(at time: Double) -> Keyframe {
        Self.sample(keyframes, at: time)
    }

    /// ``sample(at:)`` for any track's keyframes (a child's, say).
    public static func sample(_ keyframes: [Keyframe], at time: Double) -> Keyframe {
        guard let first = keyframes.first, let last = keyframes.last else {
            preconditionFailure("a plan always has at least two keyframes")
        }
        if time <= first.time { return first }
        if time >= last.time { return last }
        // The last keyframe whose time is at most `time` (binary search; times strictly increase).
        var low = 0, high = keyframes.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if keyframes[middle].time <= time { low = middle } else { high = middle }
        }
        let start = keyframes[low], end = keyframes[high]
        return start.interpolated(to: end, fraction: (time - start.time) / (end.time - start.time))
    }
}

/// A track's keyframes as the per-property value arrays a Core Animation keyframe animation wants
/// (`keyTimes` plus one `values` array per animated key path), in platform-neutral types.
///
/// The mask is a sublayer with the default anchor point (0.5, 0.5) placed in the animated layer's
/// own coordinates: its `bounds` is the mask's size at the origin and its `position` the mask's centre.
public struct CoreAnimationTracks: Sendable, Hashable {
    /// Normalised times, 0 … 1.
    public var keyTimes: [Double]
    /// `transform` (the layer's affine transform, about its centre).
    public var transform: [AffineTransform]
    /// The mask layer's `bounds`.
    public var maskBounds: [Rect]
    /// The mask layer's `position`.
    public var maskPosition: [Point]
    /// The mask layer's `cornerRadius`.
    public var cornerRadius: [Double]
    /// The style's opacity channel.
    public var opacity: [Double]

    /// The tracks of `keyframes` over `duration` seconds.
    public init(keyframes: [Keyframe], duration: Double) {
        keyTimes = keyframes.map { duration > 0 ? $0.time / duration : 0 }
        transform = keyframes.map(\.transform)
        maskBounds = keyframes.map { Rect(x: 0, y: 0, width: $0.maskFrame.width, height: $0.maskFrame.height) }
        maskPosition = keyframes.map { $0.maskFrame.center }
        cornerRadius = keyframes.map(\.cornerRadius)
        opacity = keyframes.map(\.opacity)
    }
}

extension Plan {
    /// The main layer's Core Animation tracks.
    public var coreAnimationTracks: CoreAnimationTracks {
        CoreAnimationTracks(keyframes: keyframes, duration: duration)
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
