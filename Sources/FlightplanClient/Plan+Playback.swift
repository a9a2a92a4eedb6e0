public import FlightplanWire

extension Plan {
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
