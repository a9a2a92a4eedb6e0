/// A timing curve in forms other systems take, so an app can animate its own views in step with a plan.
public struct PortableEasing: Sendable, Hashable {
    /// `linear()` stops (`(x, y)`, x a fraction of the duration, y rounded to 5 decimals and x to 4 decimals of a
    /// percent, as the CSS text writes them): linear interpolation between them stays within ``cssTolerance`` of the
    /// curve at every instant, with few stops (a greedy choice over a fine grid). The wire layer writes them as text.
    public let stops: [Point]
    /// The spring's parameter sets, when the curve is a spring.
    public var spring: SpringExport?

    /// Largest error of the `linear()` form, in progress.
    public static let cssTolerance = 0.001

    /// The easing with these stops (as ``stops`` describes them).
    /// - Parameters:
    ///   - stops: The `linear()` stops, `x` rising from 0 to 1 (fractions of the duration), `y` the progress there;
    ///     used as given.
    ///   - spring: The spring's parameter sets when the curve is a spring, else nil.
    public init(stops: [Point], spring: SpringExport?) {
        self.stops = stops
        self.spring = spring
    }

    /// The portable forms of `timing`, or nil when its `linear()` form needs more than `maximumStops` stops (a spring
    /// that oscillates a hundred times needs thousands): the search gives up as soon as it has made one stop too
    /// many, so a refusal costs no more than the stops allowed.
    /// - Parameters:
    ///   - timing: The resolved timing; its duration only scales time, so the stops' `x` are fractions of it.
    ///   - maximumStops: The most stops the `linear()` form may have; below 2 every timing is refused.
    public init?(_ timing: ResolvedTiming, maximumStops: Int) {
        // A named curve's easing does not depend on the duration (x is a fraction of it): made once per process.
        let named: PortableEasing?
        switch timing.namedCurve {
        case .linear?: named = Self.linear
        case .easeIn?: named = Self.easeIn
        case .easeOut?: named = Self.easeOut
        case .easeInOut?: named = Self.easeInOut
        default: named = nil
        }
        if let named {
            guard named.stops.count <= maximumStops else { return nil }
            self = named
        } else {
            guard let stops = Self.rememberedStops(timing, maximumStops: maximumStops) else { return nil }
            self.init(stops: stops, spring: timing.spring.map { SpringExport($0) })
        }
    }

    /// The easing of a named curve, whose few stops (at most 30) need no limit.
    private init(named curve: TimingCurve) {
        self.init(stops: Self.stops(ResolvedTiming(curve: curve, duration: 1), maximumStops: .max) ?? [], spring: nil)
    }

    private static let linear = PortableEasing(named: .linear)
    private static let easeIn = PortableEasing(named: .easeIn)
    private static let easeOut = PortableEasing(named: .easeOut)
    private static let easeInOut = PortableEasing(named: .easeInOut)

    /// The stops of the curves made lately (a spring's, a Bézier's of the caller's), by curve and duration: the most
    /// a plan spent outside its sampling (a spring's took 266k instructions of a default-sampled snapshot's 1.75M).
    private static let made = CurveMemo<ResolvedTiming, [Point]>(capacity: 64)
    /// The most stops a remembered curve has: the memo then holds at most 32 768 points (512 kB).
    private static let mostRemembered = 512

    /// ``stops(_:maximumStops:)``, from ``made`` when the curve's stops were made before: a curve's stops do not depend
    /// on the limit, which only refuses them when they are more.
    private static func rememberedStops(_ timing: ResolvedTiming, maximumStops: Int) -> [Point]? {
        if let known = made.value(for: timing) { return known.count <= maximumStops ? known : nil }
        guard let stops = stops(timing, maximumStops: maximumStops) else { return nil }
        if stops.count <= mostRemembered { made.remember(stops, for: timing) }
        return stops
    }

    /// Greedy stops over a grid: the curve sampled at N evenly spaced instants, N doubled (from 256, up to 16 384)
    /// until linear interpolation between neighbours is within a tenth of the tolerance (the largest second
    /// difference ÷ 8); then from each stop, the farthest grid point whose chord — its ends rounded as the CSS text writes
    /// them — stays within the rest of the tolerance at every grid point it spans. Nil once more than `maximumStops`
    /// would be needed (every easing has at least 2, so a limit below that costs nothing).
    static func stops(_ timing: ResolvedTiming, maximumStops: Int) -> [Point]? {
        guard maximumStops >= 2 else { return nil }
        let duration = timing.duration
        var count = 256
        var samples = (0...count).map { timing.progress(atTime: duration * Double($0) / Double(count)) }
        while true {
            var curvature = 0.0
            for index in 1..<count { curvature = max(curvature, abs(samples[index - 1] - 2 * samples[index] + samples[index + 1])) }
            if curvature / 8 <= cssTolerance * 0.1 || count >= 16_384 { break }
            // Doubling keeps every sample (2i / 2n is the same fraction as i / n, to the bit) and adds the midpoints.
            count *= 2
            samples = (0...count).map { index in
                index % 2 == 0 ? samples[index / 2] : timing.progress(atTime: duration * Double(index) / Double(count))
            }
        }
        // A stop as the CSS text writes it and reads it back, so the two agree to the bit: the text is the rounded
        // value's shortest round-trip form, which reads back as that value (and −0 rounds to 0).
        func stop(_ index: Int) -> Point {
            index == count
                ? Point(x: 1, y: 1)
                : Point(x: KeyframeRounding.round(Double(index) / Double(count) * 100, 4) / 100, y: KeyframeRounding.round(samples[index], 5))
        }
        let allowed = cssTolerance * 0.85
        func fits(_ from: Int, _ to: Int) -> Bool {
            let a = stop(from), b = stop(to)
            for index in (from + 1)..<to {
                let x = Double(index) / Double(count)
                if abs(a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x) - samples[index]) > allowed { return false }
            }
            return true
        }
        var indices = [0]
        while indices.last! < count {
            let from = indices.last!
            var step = max(1, (indices.count > 1 ? from - indices[indices.count - 2] : count / 16))
            var good = from + 1, bad: Int?
            // Double the reach until a chord fails, then bisect between the last that fitted and the first that failed.
            while bad == nil {
                let candidate = min(count, from + step)
                if fits(from, candidate) {
                    good = candidate
                    if candidate == count { break }
                    step *= 2
                } else {
                    bad = candidate
                }
            }
            if var high = bad {
                var low = good
                while high - low > 1 {
                    let middle = (low + high) / 2
                    if fits(from, middle) { low = middle } else { high = middle }
                }
                good = low
            }
            indices.append(good)
            if indices.count > maximumStops { return nil }
        }
        return indices.map(stop)
    }
}

/// A spring as SwiftUI, UIKit and Core Animation take it; the same motion in each.
public struct SpringExport: Sendable, Hashable {
    /// SwiftUI `.spring(response:dampingFraction:blendDuration:)` (and its initial velocity, for
    /// `.interpolatingSpring`).
    public struct SwiftUI: Sendable, Hashable {
        /// Seconds per undamped oscillation, 2π ÷ ω.
        public var response: Double
        /// The damping ratio ζ.
        public var dampingFraction: Double
        /// Progress per second at the start.
        public var initialVelocity: Double

        /// Creates SwiftUI's parameters.
        /// - Parameters:
        ///   - response: Seconds per undamped oscillation, 2π ÷ ω.
        ///   - dampingFraction: The damping ratio ζ: 1 critically damped, below 1 oscillating.
        ///   - initialVelocity: Progress (fractions of the whole distance) per second at the start.
        public init(response: Double, dampingFraction: Double, initialVelocity: Double) {
            self.response = response
            self.dampingFraction = dampingFraction
            self.initialVelocity = initialVelocity
        }
    }

    /// UIKit `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`.
    public struct UIKit: Sendable, Hashable {
        /// Seconds (the spring has settled within 0.1 % by then).
        public var duration: Double
        /// The damping ratio ζ.
        public var dampingRatio: Double
        /// Progress per second at the start.
        public var initialSpringVelocity: Double

        /// Creates UIKit's parameters.
        /// - Parameters:
        ///   - duration: Seconds until the spring has settled within 0.1 %.
        ///   - dampingRatio: The damping ratio ζ.
        ///   - initialSpringVelocity: Progress (fractions of the whole distance) per second at the start.
        public init(duration: Double, dampingRatio: Double, initialSpringVelocity: Double) {
            self.duration = duration
            self.dampingRatio = dampingRatio
            self.initialSpringVelocity = initialSpringVelocity
        }
    }

    /// `CASpringAnimation`.
    public struct CoreAnimation: Sendable, Hashable {
        /// Always 1.
        public var mass: Double
        /// ω².
        public var stiffness: Double
        /// 2ζω.
        public var damping: Double
        /// Progress per second at the start.
        public var initialVelocity: Double
        /// The plan's duration.
        public var settlingDuration: Double

        /// Creates Core Animation's parameters.
        /// - Parameters:
        ///   - mass: The mass; 1 for the plan's springs.
        ///   - stiffness: ω², per second squared.
        ///   - damping: 2ζω, per second.
        ///   - initialVelocity: Progress (fractions of the whole distance) per second at the start.
        ///   - settlingDuration: Seconds until settled: the plan's duration.
        public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, settlingDuration: Double) {
            self.mass = mass
            self.stiffness = stiffness
            self.damping = damping
            self.initialVelocity = initialVelocity
            self.settlingDuration = settlingDuration
        }
    }

    /// SwiftUI's parameters.
    public var swiftUI: SwiftUI
    /// UIKit's parameters.
    public var uiKit: UIKit
    /// Core Animation's parameters.
    public var coreAnimation: CoreAnimation

    /// Creates the parameter sets from their parts.
    /// - Parameters:
    ///   - swiftUI: SwiftUI's parameters.
    ///   - uiKit: UIKit's parameters.
    ///   - coreAnimation: Core Animation's parameters; all three should describe the same motion.
    public init(swiftUI: SwiftUI, uiKit: UIKit, coreAnimation: CoreAnimation) {
        self.swiftUI = swiftUI
        self.uiKit = uiKit
        self.coreAnimation = coreAnimation
    }

    /// The parameter sets of a spring motion.
    /// - Parameter motion: The resolved spring; its angular frequency ω, damping ratio ζ, initial velocity and duration
    ///   fill every set.
    public init(_ motion: SpringMotion) {
        let omega = motion.angularFrequency, zeta = motion.dampingRatio
        swiftUI = SwiftUI(response: 2 * Double.pi / omega, dampingFraction: zeta, initialVelocity: motion.initialVelocity)
        uiKit = UIKit(duration: motion.duration, dampingRatio: zeta, initialSpringVelocity: motion.initialVelocity)
        coreAnimation = CoreAnimation(
            mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, initialVelocity: motion.initialVelocity,
            settlingDuration: motion.duration)
    }
}
