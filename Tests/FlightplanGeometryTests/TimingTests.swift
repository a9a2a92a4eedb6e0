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

    /// Integrates `x'' = -2ζω₀x' - ω₀²(x - 1)` with RK4, independently of the closed form.
    static func integrate(omega: Double, zeta: Double, velocity: Double, until end: Double) -> Double {
        var x = 0.0, v = velocity
        let steps = 20_000, h = end / Double(steps)
        func acceleration(_ x: Double, _ v: Double) -> Double { -2 * zeta * omega * v - omega * omega * (x - 1) }
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
                let reference = Self.integrate(omega: motion.angularFrequency, zeta: zeta, velocity: velocity, until: t)
                // The closed form differs from the ODE only by the end-residual blend (≤ the settling threshold).
                #expect(abs(motion.value(at: t) - reference) <= SpringMotion.settlingThreshold * 1.01, "\(label) at \(t)")
            }
            let settle = SpringMotion.settlingTime(omega: motion.angularFrequency, zeta: zeta, velocity: velocity)
            expectClose(settle, motion.duration, relative: 1e-6, scale: 1, "settles at its duration, \(label)")
        }
    }

    @Test("a SwiftUI spring's stiffness is (2π/response)²")
    func swiftUIMeaning() {
        let motion = SpringMotion(response: 0.5, dampingRatio: 0.8, initialVelocity: 0)
        expectClose(motion.angularFrequency * motion.angularFrequency, (2 * Double.pi / 0.5) * (2 * Double.pi / 0.5), scale: 1, "stiffness")
    }

    @Test("only springs and out-of-range Béziers can overshoot")
    func overshoot() {
        #expect(!TimingCurve.easeInOut.canOvershoot)
        #expect(TimingCurve.cubicBezier(CubicBezier(x1: 0.3, y1: 1.4, x2: 0.6, y2: 1)).canOvershoot)
        #expect(TimingCurve.spring(SpringParameters(dampingRatio: 1)).canOvershoot)
    }
}
