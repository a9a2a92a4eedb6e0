import FlightplanTestSupport
import RealModule
import Testing

@testable import FlightplanGeometry

@Suite("A spring read from its table: exp, cos and sin to a few units in the last place")
struct DampedRotationTests {
    /// How far the table may read from exp, cos and sin, in units of `2⁻⁵²` times the envelope `e^{decay·t}` and
    /// `4 + |λ|t`: rounding the argument `λt` to a double alone moves exp, cos and sin by up to `|λt|` such units (which
    /// the table, reading `kh` and `t − kh` apart, does not do), each entry is within 16 complex products of an exact
    /// one, and the series adds a few roundings. Measured over these random tables: at most 1.9.
    static let unitsPerRadian = 4.0

    /// The largest difference from exp, cos and sin allowed at `t` on a rate of magnitude `magnitude` (see
    /// ``unitsPerRadian``).
    static func tolerance(envelope: Double, magnitude: Double, at t: Double) -> Double {
        unitsPerRadian * (4 + magnitude * t) * Double.ulpOfOne * envelope
    }

    @Test("e^{λt} from the table is exp, cos and sin's, at random times and at the table's own steps and midpoints")
    func rotation() {
        var rng = SeededGenerator(seed: 0xD07A)
        var tables = 0
        for _ in 0..<300 {
            let decay = -Double.random(in: 0.05...60, using: &rng), frequency = Double.random(in: 0.5...250, using: &rng)
            let duration = Double.random(in: 0.05...3, using: &rng)
            guard let table = DampedRotation(decay: decay, frequency: frequency, duration: duration) else {
                // Only a table longer than its limit is refused.
                let magnitude = (decay * decay + frequency * frequency).squareRoot()
                #expect(
                    duration * 8 * magnitude + 2 > Double(DampedRotation.maximumEntries), "refused λ = \(decay) + \(frequency)i over \(duration) s")
                continue
            }
            tables += 1
            let step = 1 / (8 * (decay * decay + frequency * frequency).squareRoot())
            var times = (0..<64).map { _ in Double.random(in: 0...duration, using: &rng) } + [0, duration]
            times += (0..<8).flatMap { _ in
                let index = Double(Int.random(in: 0...Int(duration / step), using: &rng))
                return [index * step, (index + 0.5) * step, (index + 0.4999) * step]
            }.filter { $0 <= duration }
            for t in times {
                let (re, im) = table.value(at: t)
                let envelope = Double.exp(decay * t)
                let label = "λ = \(decay) + \(frequency)i at \(t) s of \(duration)"
                let allowed = Self.tolerance(envelope: envelope, magnitude: (decay * decay + frequency * frequency).squareRoot(), at: t)
                let worst = max(abs(re - envelope * Double.cos(frequency * t)), abs(im - envelope * Double.sin(frequency * t)))
                #expect(worst <= allowed, "\(label)")
            }
        }
        #expect(tables > 200)
    }

    @Test("the bound's search reads every spring's progress and acceleration as its closed form gives them")
    func boundSearch() {
        var rng = SeededGenerator(seed: 0x5EA7)
        for index in 0..<120 {
            let zeta = index % 6 == 0 ? 1 : Double.random(in: 0.05...1.6, using: &rng)
            let velocity = Double.random(in: -3...5, using: &rng)
            let spring =
                index % 2 == 0
                ? SpringMotion(settlingAt: .random(in: 0.2...1.5, using: &rng), dampingRatio: zeta, initialVelocity: velocity)
                : SpringMotion(response: .random(in: 0.15...1, using: &rng), dampingRatio: zeta, initialVelocity: velocity)
            let search = spring.boundSearch
            let oscillator = Oscillator(omega: spring.angularFrequency, zeta: zeta, displacement: -1, velocity: velocity)
            let residual = -oscillator.displacement(at: spring.duration)
            // The second derivative's scale: |C| ω₀² for an oscillator of unit start displacement.
            let scale = (1 + abs(velocity) / spring.angularFrequency) * spring.angularFrequency * spring.angularFrequency
            for step in 0...40 {
                let t = spring.duration * (Double(step) + (step < 40 ? Double.random(in: 0..<1, using: &rng) : 0)) / 40
                let reading = search.reading(at: t), value = reading.value, acceleration = reading.acceleration
                let ramp = t / spring.duration
                let expected = oscillator.derivative(2, at: t) + 6 * residual * ramp / (spring.duration * spring.duration)
                let label = "ζ = \(zeta), v = \(velocity), T = \(spring.duration) at \(t) s"
                #expect(abs(value - spring.value(at: t)) <= 1e-14, "progress, \(label)")
                let allowed = Self.tolerance(envelope: scale, magnitude: spring.angularFrequency, at: t)
                #expect(abs(acceleration - expected) <= allowed, "acceleration, \(label)")
            }
        }
    }
}
