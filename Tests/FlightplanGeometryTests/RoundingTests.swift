import FlightplanTestSupport
import Testing

@testable import FlightplanGeometry

@Suite("Keyframe rounding")
struct RoundingTests {
    @Test("rounding to d places is the schoolbook rule (half away from zero) on value × 10ᵈ, halves and huge values included")
    func schoolbook() {
        var rng = SeededGenerator(seed: 0x0D5)
        for index in 0..<200_000 {
            let decimals = Int.random(in: 0...15, using: &rng)
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let value: Double
            switch index % 4 {
            case 0: value = .random(in: -5000...5000, using: &rng)
            case 1: value = (Double(Int.random(in: -1_000_000...1_000_000, using: &rng)) + 0.5) / scale  // ties
            case 2:
                value = Double(
                    sign: Bool.random(using: &rng) ? .minus : .plus, exponent: .random(in: -60...60, using: &rng),
                    significand: .random(in: 1..<2, using: &rng))
            default: value = .random(in: -1...1, using: &rng) * 9.5e15 / scale  // around the limit where it stops rounding
            }
            let scaled = (value * scale).rounded()
            let expected = abs(scaled) < 9e15 ? (scaled / scale == 0 ? 0 : scaled / scale) : value
            let rounded = KeyframeRounding.round(value, decimals)
            #expect(rounded.bitPattern == expected.bitPattern, "\(value) to \(decimals) places: \(rounded), expected \(expected)")
        }
    }
}
