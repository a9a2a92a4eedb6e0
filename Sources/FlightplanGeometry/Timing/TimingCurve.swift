/// How progress moves over time: a named UIKit curve, a cubic Bézier, or a spring.
public enum TimingCurve: Sendable, Hashable {
    /// Constant speed.
    case linear
    /// UIKit's ease-in, `cubic-bezier(0.42, 0, 1, 1)`.
    case easeIn
    /// UIKit's ease-out, `cubic-bezier(0, 0, 0.58, 1)`.
    case easeOut
    /// UIKit's ease-in-out, `cubic-bezier(0.42, 0, 0.58, 1)`.
    case easeInOut
    /// A custom cubic Bézier timing function.
    case cubicBezier(CubicBezier)
    /// A damped spring; may overshoot.
    case spring(SpringParameters)

    /// Whether progress can leave 0…1 on the way.
    public var canOvershoot: Bool {
        switch self {
        case .linear, .easeIn, .easeOut, .easeInOut: return false
        case .cubicBezier(let bezier): return bezier.y1 < 0 || bezier.y1 > 1 || bezier.y2 < 0 || bezier.y2 > 1
        case .spring: return true
        }
    }
}

/// Duration and curve with every default filled in: a function from time to eased progress.
public struct ResolvedTiming: Sendable, Hashable {
    private enum Easing: Sendable, Hashable {
        case linear
        case bezier(CubicBezier)
        case spring(SpringMotion)
    }

    /// Length of the animation in seconds.
    public let duration: Double
    private let easing: Easing

    /// Resolves a curve; a spring with `response` sets its own duration (its settling time).
    /// - Parameters:
    ///   - curve: The curve.
    ///   - duration: Seconds, positive; ignored for a spring with a `response`, whose duration is its settling time.
    ///     A spring without one is tuned to settle at exactly this duration.
    public init(curve: TimingCurve, duration: Double) {
        switch curve {
        case .linear: easing = .linear
        case .easeIn: easing = .bezier(.easeIn)
        case .easeOut: easing = .bezier(.easeOut)
        case .easeInOut: easing = .bezier(.easeInOut)
        case .cubicBezier(let bezier): easing = .bezier(bezier)
        case .spring(let spring):
            let motion =
                spring.response.map {
                    SpringMotion(response: $0, dampingRatio: spring.dampingRatio, initialVelocity: spring.initialVelocity)
                } ?? SpringMotion(settlingAt: duration, dampingRatio: spring.dampingRatio, initialVelocity: spring.initialVelocity)
            easing = .spring(motion)
            self.duration = motion.duration
            return
        }
        self.duration = duration
    }

    /// The progress's rate where it starts, per second (infinite for a Bézier that leaves straight up).
    public var initialRate: Double {
        switch easing {
        case .linear: 1 / duration
        case .bezier(let bezier): bezier.initialSlope / duration
        case .spring(let motion): motion.initialVelocity
        }
    }

    /// The named curve this timing follows (UIKit's four), if it is one.
    public var namedCurve: TimingCurve? {
        switch easing {
        case .linear: .linear
        case .bezier(let bezier) where bezier == .easeIn: .easeIn
        case .bezier(let bezier) where bezier == .easeOut: .easeOut
        case .bezier(let bezier) where bezier == .easeInOut: .easeInOut
        default: nil
        }
    }

    /// The curve as a Bézier whose progress stays inside 0…1 (linear as the one whose time and progress both equal its
    /// parameter), or nil for a spring or an overshooting Bézier.
    package var boundedBezier: CubicBezier? {
        switch easing {
        case .linear: CubicBezier(x1: 1.0 / 3, y1: 1.0 / 3, x2: 2.0 / 3, y2: 2.0 / 3)
        case .bezier(let bezier): TimingCurve.cubicBezier(bezier).canOvershoot ? nil : bezier
        case .spring: nil
        }
    }

    /// The spring's motion, when the curve is a spring.
    public var spring: SpringMotion? {
        if case .spring(let motion) = easing { motion } else { nil }
    }

    /// Eased progress at `time` seconds: exactly 0 at 0 and exactly 1 at `duration`.
    /// - Parameter time: Seconds since the start; 0 or below gives 0, ``duration`` or above gives 1.
    /// - Returns: The eased progress; leaves 0…1 on the way only for a spring or an overshooting Bézier.
    public func progress(atTime time: Double) -> Double {
        if time <= 0 { return 0 }
        if time >= duration { return 1 }
        switch easing {
        case .linear: return time / duration
        case .bezier(let bezier): return bezier.value(at: time / duration)
        case .spring(let motion): return motion.value(at: time)
        }
    }
}
