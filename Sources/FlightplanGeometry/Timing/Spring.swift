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
        let key = SpringParameters(dampingRatio: dampingRatio, response: response, initialVelocity: initialVelocity)
        self.init(
            angularFrequency: omega, dampingRatio: dampingRatio, initialVelocity: initialVelocity,
            duration: Self.responseSettlingTimes.value(for: key) { Self.settlingTime(omega: omega, zeta: dampingRatio, velocity: initialVelocity) })
    }

    /// The settling times of SwiftUI's springs found lately: each is a search of its own (a bisection of the envelope,
    /// some 15 000 instructions), and every request made from one example shares its spring.
    private static let responseSettlingTimes = CurveMemo<SpringParameters, Double>(capacity: 64)

    /// Resolves a spring with UIKit's meaning: tuned to settle exactly at `duration`.
    /// - Parameters:
    ///   - duration: Seconds at which the spring has settled to within ``settlingThreshold``; must be positive.
    ///   - dampingRatio: ζ; must be positive.
    ///   - initialVelocity: Progress (fractions of the whole distance) per second at the start.
    public init(settlingAt duration: Double, dampingRatio: Double, initialVelocity: Double) {
        let settling = Settling(duration: duration, dampingRatio: dampingRatio, initialVelocity: initialVelocity)
        let omega = Self.settlingFrequencies.value(for: settling) { settling.angularFrequency }
        self.init(angularFrequency: omega, dampingRatio: dampingRatio, initialVelocity: initialVelocity, duration: duration)
    }

    /// A spring asked to settle at a duration: the key of the frequencies fitted lately.
    private struct Settling: Hashable, Sendable {
        let duration: Double
        let dampingRatio: Double
        let initialVelocity: Double

        /// The angular frequency that settles at ``duration``, found as a fixed point (each step one settling time, a
        /// search of its own: tens of thousands of instructions in all). Settling time scales as 1/ω₀ when the velocity
        /// is zero, so it converges in one step then; a velocity only perturbs it slightly.
        var angularFrequency: Double {
            var omega = 1.0
            for _ in 0..<64 {
                let settle = SpringMotion.settlingTime(omega: omega, zeta: dampingRatio, velocity: initialVelocity)
                let next = omega * settle / duration
                if abs(next - omega) <= 1e-13 * omega { return next }
                omega = next
            }
            return omega
        }
    }

    /// The frequencies fitted lately: validation and planning resolve a request's curve, and every request made from
    /// one example shares its spring.
    private static let settlingFrequencies = CurveMemo<Settling, Double>(capacity: 64)

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

    /// The progress's rate at `t` seconds, inside `0 ≤ t < duration`, per second.
    package func rate(at t: Double) -> Double {
        Oscillator(omega: angularFrequency, zeta: dampingRatio, displacement: -1, velocity: initialVelocity).derivative(1, at: t)
            + 3 * residual * t * t / (duration * duration * duration)
    }

    /// What the progress bound's search reads of the spring (see ``BoundSearch``): made once a plan (an underdamped
    /// spring's table of its rotation is remembered, ``rotations``).
    package var boundSearch: BoundSearch { BoundSearch(spring: self) }

    /// The tables of the underdamped springs searched lately (a few kilobytes each, 64 at most; nil for a spring whose
    /// table would be too long).
    private static let rotations = CurveMemo<SpringMotion, DampedRotation?>(capacity: 64)

    /// The spring as the progress bound's search reads it, again and again for each candidate: its progress and second
    /// derivative at a time, and a bound of the second derivative over a span. The oscillator is solved once for the whole
    /// search, and each span's start decay once for every candidate end tried from it (``Span``). An underdamped spring
    /// is read from its ``DampedRotation`` table, not from exp, sin and cos: the same values within a few units in the
    /// last place.
    package struct BoundSearch {
        /// The spring's displacement from its target.
        private let oscillator: Oscillator
        /// `e^{λt}` of an underdamped oscillator, whose displacement is `c1·re + c2·im` of it.
        private let rotation: DampedRotation?
        /// The displacement's second derivative is `p2·re + q2·im` of the rotation.
        private let p2: Double, q2: Double
        /// The spring's duration, and the residual its settling ramp blends in.
        private let duration: Double, residual: Double

        /// The search over `spring`.
        init(spring: SpringMotion) {
            oscillator = Oscillator(omega: spring.angularFrequency, zeta: spring.dampingRatio, displacement: -1, velocity: spring.initialVelocity)
            duration = spring.duration
            residual = spring.residual
            if case .under(let dampedOmega) = oscillator.regime {
                let decay = -oscillator.zeta * oscillator.omega
                rotation = SpringMotion.rotations.value(for: spring) {
                    DampedRotation(decay: decay, frequency: dampedOmega, duration: spring.duration)
                }
                (p2, q2) = oscillator.secondDerivativeFactors(dampedOmega: dampedOmega)
            } else {
                rotation = nil
                (p2, q2) = (0, 0)
            }
        }

        /// The spring at one time as the search reads it.
        package struct Reading {
            /// The progress.
            package let value: Double
            /// The progress's second derivative.
            package let acceleration: Double
            /// `e^{λt}` from the table, whose magnitude is the envelope a span from this time starts with (zero for a
            /// spring not read from a table).
            let rotation: (re: Double, im: Double)
        }

        /// The spring at `t` seconds, inside `0 ≤ t ≤ duration`: the progress exactly 1 at the duration, as
        /// ``SpringMotion/value(at:)`` gives it, and the second derivative there as the motion reaches it.
        package func reading(at t: Double) -> Reading {
            let displacement: Double, acceleration: Double, rotated: (re: Double, im: Double)
            if let rotation {
                rotated = rotation.value(at: t)
                (displacement, acceleration) = (oscillator.c1 * rotated.re + oscillator.c2 * rotated.im, p2 * rotated.re + q2 * rotated.im)
            } else {
                rotated = (0, 0)
                (displacement, acceleration) = oscillator.displacementAndAcceleration(at: t)
            }
            let ramp = t / duration
            return Reading(
                value: t < duration ? 1 + displacement + residual * ramp * ramp * ramp : 1,
                acceleration: acceleration + 6 * residual * ramp / (duration * duration), rotation: rotated)
        }

        /// The spans starting at `start` seconds, where the spring reads `reading`.
        package func span(from start: Double, reading: Reading) -> Span {
            let derivatives: Oscillator.DerivativeBounds
            if rotation != nil {
                // The envelope e^{−ζω₀t} is the rotation's magnitude.
                let (re, im) = reading.rotation
                derivatives = oscillator.underdampedDerivativeBounds(envelope: (re * re + im * im).squareRoot())
            } else {
                derivatives = oscillator.derivativeBounds(from: start)
            }
            return Span(start: start, acceleration: reading.acceleration, derivatives: derivatives, residual: abs(residual), duration: duration)
        }

        /// Spans from one start, each bounded up to the end a candidate gives it.
        package struct Span {
            /// Where the spans start, in seconds.
            let start: Double
            /// The progress's second derivative at ``start``.
            let acceleration: Double
            /// The displacement's derivative bounds from ``start`` on.
            let derivatives: Oscillator.DerivativeBounds
            /// The residual's magnitude and the spring's duration.
            let residual: Double, duration: Double

            /// An upper bound of the progress's second derivative's magnitude from the start to `end` seconds (inside
            /// `0…duration`), given its value there: the larger of its magnitudes at the two ends, plus what its own second
            /// derivative (the displacement's fourth: the ramp's vanishes) lets it gain between them, at most the
            /// envelope's bound of it over the span.
            package func accelerationBound(to end: Double, acceleration endAcceleration: Double) -> Double {
                let length = end - start
                let (second, fourth) = derivatives.upTo(end)
                let between = max(abs(acceleration), abs(endAcceleration)) + length * length / 8 * fourth
                return min(between, second + 6 * residual * end / (duration * duration * duration))
            }
        }
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

    /// The displacement's derivative of `order` (0 for the displacement itself) at `t`.
    package func derivative(_ order: Int, at t: Double) -> Double {
        switch regime {
        case .under(let dampedOmega):
            // Each derivative of e^{at}(p cos wt + q sin wt) is e^{at}((ap + wq) cos wt + (aq − wp) sin wt).
            let decay = -zeta * omega
            var (p, q) = (c1, c2)
            for _ in 0..<order { (p, q) = (decay * p + dampedOmega * q, decay * q - dampedOmega * p) }
            return Double.exp(decay * t) * (p * Double.cos(dampedOmega * t) + q * Double.sin(dampedOmega * t))
        case .critical:
            // e^{−ω₀t} ((−ω₀)ⁿ (c1 + c2 t) + n (−ω₀)ⁿ⁻¹ c2).
            let previous = (0..<max(0, order - 1)).reduce(1.0) { product, _ in -omega * product }
            let power = order == 0 ? 1 : -omega * previous
            return Double.exp(-omega * t) * (power * (c1 + c2 * t) + (order == 0 ? 0 : Double(order) * previous * c2))
        case .over(let fast, let slow):
            let slowPower = (0..<order).reduce(1.0) { product, _ in product * slow }
            let fastPower = (0..<order).reduce(1.0) { product, _ in product * fast }
            return (c1 - c2) * slowPower * Double.exp(slow * t) + c2 * fastPower * Double.exp(fast * t)
        }
    }

    /// Underdamped, the second derivative's factors of the cosine and the sine under the envelope: as in
    /// ``derivative(_:at:)``, each derivative maps the cosine's and sine's factors (p, q) alike.
    func secondDerivativeFactors(dampedOmega: Double) -> (p2: Double, q2: Double) {
        let decay = -zeta * omega
        let (p1, q1) = (decay * c1 + dampedOmega * c2, decay * c2 - dampedOmega * c1)
        return (decay * p1 + dampedOmega * q1, decay * q1 - dampedOmega * p1)
    }

    /// The displacement and its second derivative at `t`, sharing the exponentials (and the sine and cosine).
    func displacementAndAcceleration(at t: Double) -> (displacement: Double, acceleration: Double) {
        switch regime {
        case .under(let dampedOmega):
            let decay = -zeta * omega
            let (p2, q2) = secondDerivativeFactors(dampedOmega: dampedOmega)
            let envelope = Double.exp(decay * t), cosine = Double.cos(dampedOmega * t), sine = Double.sin(dampedOmega * t)
            return (envelope * (c1 * cosine + c2 * sine), envelope * (p2 * cosine + q2 * sine))
        case .critical:
            let envelope = Double.exp(-omega * t)
            return (envelope * (c1 + c2 * t), envelope * (omega * omega * (c1 + c2 * t) - 2 * omega * c2))
        case .over(let fast, let slow):
            let slowTerm = (c1 - c2) * Double.exp(slow * t), fastTerm = c2 * Double.exp(fast * t)
            return (slowTerm + fastTerm, slow * slow * slowTerm + fast * fast * fastTerm)
        }
    }

    /// Upper bounds of the magnitudes of the displacement's second and fourth derivatives over spans from `start` on, up
    /// to any end (both at least 0): each term's decay taken at `start`, once for every end, and its growth at the end.
    /// Underdamped, the displacement is the real part of `C e^{λt}` with `|C|² = c1² + c2²` and `|λ| = ω₀`; critically
    /// damped, its derivatives are `e^{−ω₀t}` times `(−ω₀)ⁿ (c1 + c2 t) + n (−ω₀)ⁿ⁻¹ c2`; overdamped, each exponential's
    /// rate to the power n.
    func derivativeBounds(from start: Double) -> DerivativeBounds {
        switch regime {
        case .under:
            return underdampedDerivativeBounds(envelope: Double.exp(-zeta * omega * start))
        case .critical:
            return .growing(envelope: Double.exp(-omega * start), omega: omega, c1: abs(c1), c2: abs(c2))
        case .over(let fast, let slow):
            let slowTerm = abs(c1 - c2) * slow * slow * Double.exp(slow * start), fastTerm = abs(c2) * fast * fast * Double.exp(fast * start)
            return .constant(second: slowTerm + fastTerm, fourth: slow * slow * slowTerm + fast * fast * fastTerm)
        }
    }

    /// Underdamped, ``derivativeBounds(from:)`` from the envelope `e^{−ζω₀t}` at the start.
    func underdampedDerivativeBounds(envelope: Double) -> DerivativeBounds {
        let squared = omega * omega
        let second = (c1 * c1 + c2 * c2).squareRoot() * squared * envelope
        return .constant(second: second, fourth: second * squared)
    }

    /// Bounds of the displacement's second and fourth derivatives' magnitudes over spans from one start
    /// (``derivativeBounds(from:)``).
    enum DerivativeBounds {
        /// Bounds that hold up to any end: underdamped and overdamped, every term only decays.
        case constant(second: Double, fourth: Double)
        /// Critically damped: the start's `e^{−ω₀t}`, times a factor that grows with the end (`|c1|` and `|c2|` its
        /// coefficients' magnitudes).
        case growing(envelope: Double, omega: Double, c1: Double, c2: Double)

        /// The bounds over the span from the start to `end`.
        func upTo(_ end: Double) -> (second: Double, fourth: Double) {
            switch self {
            case .constant(let second, let fourth):
                return (second, fourth)
            case .growing(let envelope, let omega, let c1, let c2):
                let squared = omega * omega, reach = c1 + c2 * end
                return (envelope * (squared * reach + 2 * omega * c2), envelope * (squared * squared * reach + 4 * squared * omega * c2))
            }
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

/// A spring's progress as the progress bound reads it: where it turns, the lowest and highest progress it reaches, and
/// when it crosses a level.
package struct SpringProgress {
    /// The spring.
    package let spring: SpringMotion
    /// The times strictly inside the duration where the progress turns (its rate changes sign), ascending: between two
    /// of them (and the start and the end) it is monotone.
    package let turns: [Double]
    /// The lowest and the highest progress over the duration, at least 0…1.
    package let range: (low: Double, high: Double)

    /// Finds the spring's turns: its rate is sampled at ``scanSteps(of:)`` even steps, and each change of sign between
    /// two of them bisected to the spacing of doubles. Nil for a spring that turns more than 64 times over its duration
    /// (an eighth of a half period per step would take more than ``maximumScanSteps``): finding and spanning its turns
    /// costs more than the time search, which such a plan goes to, with its work budget. Found once per spring, then
    /// remembered (``shapes``).
    package init?(_ spring: SpringMotion) {
        guard let steps = Self.scanSteps(of: spring) else { return nil }
        self.spring = spring
        if let known = Self.shapes.value(for: spring) {
            (turns, range) = (known.turns, known.range)
            return
        }
        let duration = spring.duration
        var turns: [Double] = []
        var previous = (time: 0.0, rate: spring.rate(at: 0))
        for step in 1...steps {
            let time = duration * Double(step) / Double(steps)
            let rate = spring.rate(at: time)
            if (previous.rate < 0) != (rate < 0) {
                turns.append(Self.bisect(previous.time, time) { spring.rate(at: $0) < 0 })
            }
            previous = (time, rate)
        }
        self.turns = turns
        var low = 0.0, high = 1.0
        for turn in turns {
            let progress = spring.value(at: turn)
            low = min(low, progress)
            high = max(high, progress)
        }
        range = (low, high)
        Self.shapes.remember(Shape(turns: turns, range: range), for: spring)
    }

    /// What ``init(_:)`` finds of a spring: its turns and its range.
    private struct Shape: Sendable {
        let turns: [Double]
        let range: (low: Double, high: Double)
    }

    /// The shapes of the springs found lately (each of at most 64 turns).
    private static let shapes = CurveMemo<SpringMotion, Shape>(capacity: 64)

    /// A level a spring crosses: the key of the crossings found lately.
    private struct Level: Hashable, Sendable {
        let spring: SpringMotion
        let level: Double
    }

    /// The crossings found lately: every track of a plan asks for the same kinks', and every plan on the same spring.
    private static let crossingsFound = CurveMemo<Level, [Double]>(capacity: 256)

    /// How many even steps the turns are looked for in: at least 32, and an eighth of a damped half period at most (the
    /// displacement turns once a half period, so a step holds at most one turn; the settling ramp only nudges them).
    private static func scanSteps(of spring: SpringMotion) -> Int? {
        let damping = spring.dampingRatio
        guard damping < 1 else { return 32 }
        let dampedOmega = spring.angularFrequency * (1 - damping * damping).squareRoot()
        let steps = (spring.duration * dampedOmega * 8 / Double.pi).rounded(.up)
        return steps <= Double(maximumScanSteps) ? max(32, Int(steps)) : nil
    }

    /// The most steps the turns are looked for in: 64 turns (half periods), eight steps each.
    private static let maximumScanSteps = 512

    /// The time in `low…high` where `isLow` stops holding (it holds at `low` and not at `high`), to the spacing of doubles.
    private static func bisect(_ low: Double, _ high: Double, isLow: (Double) -> Bool) -> Double {
        var low = low, high = high
        while true {
            let middle = (low + high) / 2
            guard middle > low, middle < high else { return high }
            if isLow(middle) { low = middle } else { high = middle }
        }
    }

    /// The times strictly inside the duration at which the progress crosses `level`, ascending: at most one between two
    /// turns, where the progress is monotone. Found once per spring and level, then remembered (``crossingsFound``).
    package func crossings(of level: Double) -> [Double] {
        Self.crossingsFound.value(for: Level(spring: spring, level: level)) {
            let ends = [0] + turns + [spring.duration]
            var crossings: [Double] = []
            for (start, end) in zip(ends, ends.dropFirst()) {
                let startsBelow = spring.value(at: start) < level
                guard startsBelow != (spring.value(at: end) < level) else { continue }
                crossings.append(Self.bisect(start, end) { (spring.value(at: $0) < level) == startsBelow })
            }
            return crossings
        }
    }
}
