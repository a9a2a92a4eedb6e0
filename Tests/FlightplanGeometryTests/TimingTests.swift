import FlightplanTestSupport
import Testing

@testable import FlightplanCore

@Suite("Timing curves and springs")
struct TimingTests {
    /// The Bézier's y at x by bisection on the parametric curve, independent of the core's solver.
    static func referenceBezier(_ curve: CubicBezier, at x: Double) -> Double {
        func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if coordinate(mid, curve.x1, curve.x2) < x { low = mid } else { high = mid }
        }
        return coordinate((low + high) / 2, curve.y1, curve.y2)
    }

    @Test("cubic Béziers match a reference solver and hit their ends exactly")
    func bezier() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0..<200 {
            let curve = CubicBezier(
                x1: .random(in: 0...1, using: &rng), y1: .random(in: -2...2, using: &rng),
                x2: .random(in: 0...1, using: &rng), y2: .random(in: -2...2, using: &rng))
            #expect(curve.value(at: 0) == 0 && curve.value(at: 1) == 1)
            for x in stride(from: 0.01, to: 1, by: 0.07) {
                expectClose(curve.value(at: x), Self.referenceBezier(curve, at: x), relative: 1e-9, scale: 1, "\(curve) at \(x)")
            }
        }
    }

    /// Integrates a unit mass on a spring towards 1, `x'' = -k(x - 1) - cx'`, with RK4, independently of the closed form.
    static func integrate(stiffness k: Double, damping c: Double, velocity: Double, until end: Double) -> Double {
        var x = 0.0, v = velocity
        let steps = 20_000, h = end / Double(steps)
        func acceleration(_ x: Double, _ v: Double) -> Double { -c * v - k * (x - 1) }
        for _ in 0..<steps {
            let k1x = v, k1v = acceleration(x, v)
            let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    @Test("springs follow the damped oscillator, start with their velocity and end exactly at 1")
    func springs() {
        var rng = SeededGenerator(seed: 11)
        for index in 0..<60 {
            let zeta = [0.2, 0.5, 0.8, 1.0, 1.6][index % 5]
            let velocity = Double.random(in: -3...5, using: &rng)
            let motion =
                index % 2 == 0
                ? SpringMotion(settlingAt: .random(in: 0.2...1.5, using: &rng), dampingRatio: zeta, initialVelocity: velocity)
                : SpringMotion(response: .random(in: 0.2...1, using: &rng), dampingRatio: zeta, initialVelocity: velocity)
            let label = "ζ=\(zeta) v=\(velocity) T=\(motion.duration)"
            #expect(motion.value(at: 0) == 0 && motion.value(at: motion.duration) == 1, "\(label)")
            // Second-order one-sided difference: the curve starts at 0, so nothing lies before it.
            let h = motion.duration * 1e-5
            let slope = (-3 * motion.value(at: 0) + 4 * motion.value(at: h) - motion.value(at: 2 * h)) / (2 * h)
            expectClose(slope, velocity, relative: 1e-3, scale: 1, "initial velocity \(label)")
            for fraction in [0.1, 0.3, 0.6, 0.9] {
                let t = motion.duration * fraction
                let omega = motion.angularFrequency
                let reference = Self.integrate(stiffness: omega * omega, damping: 2 * zeta * omega, velocity: velocity, until: t)
                // The closed form differs from the ODE only by the end-residual blend (≤ the settling threshold).
                #expect(abs(motion.value(at: t) - reference) <= SpringMotion.settlingThreshold * 1.01, "\(label) at \(t)")
            }
            let settle = SpringMotion.settlingTime(omega: motion.angularFrequency, zeta: zeta, velocity: velocity)
            expectClose(settle, motion.duration, relative: 1e-6, scale: 1, "settles at its duration, \(label)")
        }
    }

    @Test(
        "a spring given a response moves as SwiftUI's: unit mass, stiffness (2π/response)², damping 4π·dampingFraction/response",
        arguments: zip([0.5, 0.15], [0.825, 0.86]))
    func swiftUIMeaning(response: Double, dampingFraction: Double) {
        // The arguments are Apple's documented defaults of Animation.spring(response:dampingFraction:) and
        // interactiveSpring(response:dampingFraction:); the mass, stiffness and damping are SwiftUI's conversion of them
        // (WWDC23 "Animate with springs"), not the core's angular frequency, so a wrong response or damping law moves the
        // curve away from this oscillator.
        let stiffness = (2 * Double.pi / response) * (2 * Double.pi / response)
        let damping = 4 * Double.pi * dampingFraction / response
        let motion = SpringMotion(response: response, dampingRatio: dampingFraction, initialVelocity: 0)
        for fraction in [0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1] {
            let t = motion.duration * fraction
            let reference = Self.integrate(stiffness: stiffness, damping: damping, velocity: 0, until: t)
            // Within the settling threshold: the closed form blends in the residual left at its duration.
            #expect(abs(motion.value(at: t) - reference) <= SpringMotion.settlingThreshold * 1.01, "at \(t) s of \(motion.duration)")
        }
    }

    @Test("only springs and out-of-range Béziers can overshoot")
    func overshoot() {
        #expect(!TimingCurve.easeInOut.canOvershoot)
        #expect(TimingCurve.cubicBezier(CubicBezier(x1: 0.3, y1: 1.4, x2: 0.6, y2: 1)).canOvershoot)
        #expect(TimingCurve.spring(SpringParameters(dampingRatio: 1)).canOvershoot)
    }
}
