import FlightplanTestSupport
import Testing

@testable import FlightplanGeometry

@Suite("Interpolation beyond 0…1, where springs overshoot")
struct InterpolationTests {
    @Test("an extent continues past both ends with the same value and slope, and stays positive however far")
    func extentContinues() {
        var rng = SeededGenerator(seed: 0x0E5)
        var cases = 0
        for _ in 0..<500 {
            let a = Double.random(in: 0.01...2_000, using: &rng), b = Double.random(in: 0.01...2_000, using: &rng)
            let slope = b - a, h = 1e-7
            for end in [0.0, 1.0] {
                // Value: the linear form's at the end. Slope: (b − a) on both sides (one-sided differences).
                expectClose(Interpolation.extent(a, b, end), end == 0 ? a : b, relative: 1e-12, scale: a + b, "value at \(end), \(a) → \(b)")
                let outside = end == 0 ? -h : h
                // A second-order one-sided difference: the continuation curves as fast as (b − a)²/b.
                let f = { (step: Double) in Interpolation.extent(a, b, end + step * outside) }
                let outwardSlope = (-3 * f(0) + 4 * f(1) - f(2)) / (2 * outside)
                expectClose(outwardSlope, slope, relative: 1e-5, scale: abs(slope) + a + b, "slope past \(end), \(a) → \(b)")
            }
            for p in [-50.0, -2, -0.3, 1.3, 3, 50] {
                let value = Interpolation.extent(a, b, p)
                #expect(value > 0 && value.isFinite, "\(a) → \(b) at \(p): \(value)")
                // Past 1 a growing extent keeps growing and a shrinking one keeps shrinking (and mirror-wise before 0).
                let direction = p > 1 ? b - a : a - b
                let end = p > 1 ? b : a
                if direction > 0 {
                    #expect(value >= end, "\(a) → \(b) at \(p)")
                } else if direction < 0 {
                    #expect(value <= end, "\(a) → \(b) at \(p)")
                }
            }
            cases += 1
        }
        #expect(cases == 500)
    }
}
