import RealModule

/// The parameters of a spring curve as a caller gives them.
///
/// With `response` the spring follows SwiftUI's meaning (stiffness `(2π/response)²`, damping
/// `4πζ/response`, unit mass) and the plan lasts until it has settled. Without it, the spring
/// follows UIKit's `usingSpringWithDamping` meaning: it is tuned to have settled exactly at the
/// requested duration.
public struct SpringParameters: Sendable, Hashable {
    /// ζ: 1 is critically damped, below 1 oscillates, above 1 creeps.
    public var dampingRatio: Double
    /// SwiftUI's response, seconds per (undamped) oscillation; `nil` for UIKit's meaning.
    public var response: Double?
    /// Initial velocity in units of the whole distance per second (UIKit's and SwiftUI's unit).
    public var initialVelocity: Double

    /// Creates spring parameters.
    /// - Parameters:
    ///   - dampingRatio: ζ: 1 critically damped, below 1 oscillating, above 1 creeping; must be positive.
    ///   - response: SwiftUI's response, seconds per undamped oscillation (positive); nil to settle at the requested
    ///     duration instead, UIKit's meaning.
    ///   - initialVelocity: Progress (fractions of the whole distance) per second at the start; 0 by default.
    public init(dampingRatio: Double, response: Double? = nil, initialVelocity: Double = 0) {
        self.dampingRatio = dampingRatio
        self.response = response
        self.initialVelocity = initialVelocity
    }
}

/// A resolved spring: a damped oscillator going from 0 to 1 over `duration` seconds.
///
/// "Settled" means the oscillation's envelope stays within ``SpringMotion/settlingThreshold``
/// of the target from then on. The residual left at `duration` (at most that threshold) is blended
/// in with a `(t/duration)³` ramp, which keeps the initial velocity and makes the last value exactly 1:
/// there is no jump at the end.
public struct SpringMotion: Sendable, Hashable {
    /// How close to the target (as a fraction of the distance) counts as settled.
    public static let settlingThreshold = 1e-3

    /// ω₀, the undamped angular frequency in radians per second.
    public let angularFrequency: Double
    /// ζ, the damping ratio.
    public let dampingRatio: Double
    /// Initial velocity, in distances per second.
    public let initialVelocity: Double
    /// Time until settled, in seconds: the length of the animation.
    public let duration: Double
    private let residual: Double

    /// Resolves a spring with SwiftUI's meaning; its duration is its settling time.
    /// - Parameters:
    ///   - response: Seconds per undamped oscillation (ω₀ = 2π ÷ response); must be positive.
    ///   - dampingRatio: ζ; must be positive.
    ///   - initialVelocity: Progress (fractions of the whole distance) per second at the start.
    public init(response: Double, dampingRatio: Double, initialVelocity: Double) {
        let omega = 2 * Double.pi / response
        self.init(
            angularFrequency: omega, dampingRatio: dampingRatio, initialVelocity: initialVelocity,
            duration: Self.settlingTime(omega: omega, zeta: dampingRatio, velocity: initialVelocity))
    }

    /// Resolves a spring with UIKit's meaning: tuned to settle exactly at `duration`.
    /// - Parameters:
    ///   - duration: Seconds at which the spring has settled to within ``settlingThreshold``; must be positive.
    ///   - dampingRatio: ζ; must be positive.
    ///   - initialVelocity: Progress (fractions of the whole distance) per second at the start.
    public init(settlingAt duration: Double, dampingRatio: Double, initialVelocity: Double) {
        // Settling time scales as 1/ω₀ when the velocity is zero, so this fixed point converges
        // in one step then; a velocity only perturbs it slightly.
        var omega = 1.0
        for _ in 0..<64 {
            let settle = Self.settlingTime(omega: omega, zeta: dampingRatio, velocity: initialVelocity)
            let next = omega * settle / duration
            if abs(next - omega) <= 1e-13 * omega { omega = next; break }
            omega = next
        }
        self.init(angularFrequency: omega, dampingRatio: dampingRatio, initialVelocity: initialVelocity, duration: duration)
    }

    private init(angularFrequency: Double, dampingRatio: Double, initialVelocity: Double, duration: Double) {
        self.angularFrequency = angularFrequency
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
        self.duration = duration
        let oscillator = Oscillator(omega: angularFrequency, zeta: dampingRatio, displacement: -1, velocity: initialVelocity)
        self.residual = -oscillator.displacement(at: duration)
    }

    /// The spring's progress at time `t` seconds: 0 at 0, exactly 1 from `duration` on; may overshoot.
    /// - Parameter t: Seconds since the start; 0 or below gives 0, ``duration`` or above gives 1.
    /// - Returns: The progress, 0 at the start and 1 at the end; it may go past 1 on the way (an underdamped spring
    ///   does).
    public func value(at t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= duration { return 1 }
        let oscillator = Oscillator(omega: angularFrequency, zeta: dampingRatio, displacement: -1, velocity: initialVelocity)
        let ramp = t / duration
        return 1 + oscillator.displacement(at: t) + residual * ramp * ramp * ramp
    }

    /// The time after which the envelope of the displacement stays below the threshold.
    package static func settlingTime(omega: Double, zeta: Double, velocity: Double) -> Double {
        Oscillator(omega: omega, zeta: zeta, displacement: -1, velocity: velocity).settlingTime(threshold: settlingThreshold)
    }
}

/// The closed-form solution of `y'' + 2ζω₀y' + ω₀²y = 0` with `y(0) = y₀`, `y'(0) = v`:
/// the displacement from its target of a spring released at `y₀` with velocity `v`.
package struct Oscillator {
    enum Regime { case under(dampedOmega: Double), critical, over(fast: Double, slow: Double) }
    package let omega: Double
    package let zeta: Double
    let regime: Regime
    package let c1: Double
    package let c2: Double

    package init(omega: Double, zeta: Double, displacement: Double, velocity: Double) {
        self.omega = omega
        self.zeta = zeta
        c1 = displacement
        if zeta < 1 {
            let dampedOmega = omega * (1 - zeta * zeta).squareRoot()
            regime = .under(dampedOmega: dampedOmega)
            c2 = (velocity + zeta * omega * c1) / dampedOmega
        } else if zeta == 1 {
            regime = .critical
            c2 = velocity + omega * c1
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let slow = -omega * (zeta - root), fast = -omega * (zeta + root)
            regime = .over(fast: fast, slow: slow)
            // y = a·e^{slow·t} + b·e^{fast·t} with a + b = y₀; c2 is b and a is c1 − c2.
            c2 = (velocity - slow * c1) / (fast - slow)
        }
    }

    package func displacement(at t: Double) -> Double {
        switch regime {
        case .under(let dampedOmega):
            return Double.exp(-zeta * omega * t) * (c1 * Double.cos(dampedOmega * t) + c2 * Double.sin(dampedOmega * t))
        case .critical:
            return Double.exp(-omega * t) * (c1 + c2 * t)
        case .over(let fast, let slow):
            return (c1 - c2) * Double.exp(slow * t) + c2 * Double.exp(fast * t)
        }
    }

    /// An upper bound of `|displacement(at: t)|` that decreases after ``envelopePeakTime``.
    package func envelope(at t: Double) -> Double {
        switch regime {
        case .under:
            return (c1 * c1 + c2 * c2).squareRoot() * Double.exp(-zeta * omega * t)
        case .critical:
            return (abs(c1) + abs(c2) * t) * Double.exp(-omega * t)
        case .over(let fast, let slow):
            return abs(c1 - c2) * Double.exp(slow * t) + abs(c2) * Double.exp(fast * t)
        }
    }

    package var envelopePeakTime: Double {
        if case .critical = regime, c2 != 0 { return max(0, 1 / omega - abs(c1) / abs(c2)) }
        return 0
    }

    /// The time after which the envelope stays at or below `threshold` (0 when it starts there).
    package func settlingTime(threshold: Double) -> Double {
        let low = envelopePeakTime
        if envelope(at: low) <= threshold { return low }
        var high = max(low, 1 / omega) * 2
        for _ in 0..<200 where envelope(at: high) > threshold { high *= 2 }
        var lowBound = low
        for _ in 0..<200 {
            let mid = (lowBound + high) / 2
            if mid == lowBound || mid == high { break }
            if envelope(at: mid) > threshold { lowBound = mid } else { high = mid }
        }
        return high
    }
}
