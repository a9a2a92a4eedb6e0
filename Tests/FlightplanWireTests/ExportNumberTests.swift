import FlightplanJSON
import FlightplanTestSupport
import Foundation
import Testing

@testable import FlightplanWire

/// The exports' numbers (CSS, SVG, Lottie): six decimals, written into the JSON writer's buffer.
@Suite("Export numbers: six decimals, as their String-built specification")
struct ExportNumberTests {
    /// A number to six decimals as the exports first wrote it, through `String`: the specification of
    /// `JSONWriter.sixDecimals(_:)`.
    static func sixDecimals(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let scaled = (value * 1_000_000).rounded()
        guard abs(scaled) < 9e17 else { return abs(value) < 9e15 ? String(Int64(value.rounded())) : value.description }
        let micro = Int64(scaled)
        if micro == 0 { return "0" }
        let sign = micro < 0 ? "-" : "", magnitude = micro.magnitude
        let whole = magnitude / 1_000_000, fraction = magnitude % 1_000_000
        guard fraction > 0 else { return "\(sign)\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(whole).\(digits)"
    }

    @Test("numbers to six decimals match their String-built specification: any bits, repeats, halves, bounds")
    func sixDecimals() {
        var rng = SeededGenerator(seed: 0x6D)
        var values: [Double] = [
            0, -0.0, 5e-7, -5e-7, 4.9999999e-7, 1.5e-6, 2.5e-6, -2.5e-6, 0.1, 0.125, 1e-7, 390, -844, 12.5, 0.999_999_5, 8.999_999e9,
            9e9, 9e11, -9e11, 9.5e11, 9e15, 1e21, -1e21, .infinity, -.infinity, .nan, .ulpOfOne, Double(Int64.max), 0.49999999999999994
        ]
        for _ in 0..<20_000 {
            let magnitude = Double.random(in: -7...12, using: &rng)
            var value = (Bool.random(using: &rng) ? -1 : 1) * Double.random(in: 1...10, using: &rng) * pow(10, magnitude.rounded(.down))
            // Values on a millionth's half, and whole ones, where rounding and the whole-number path are decided.
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: value = ((value * 1_000_000).rounded(.down) + 0.5) / 1_000_000
            case 1: value = value.rounded()
            default: break
            }
            values.append(value)
        }
        // Any bit pattern; every binary exponent from 2⁻³⁰ to 2⁶⁰ (tiny fractions up to the whole and description
        // paths); negatives that round to -0; and the neighbours of each bound between the paths.
        for _ in 0..<20_000 {
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng)))
            values.append(Double(bitPattern: UInt64.random(in: 993...1083, using: &rng) << 52 | UInt64.random(in: 0..<(1 << 52), using: &rng)))
            values.append(-Double.random(in: 0..<5e-7, using: &rng))
        }
        for bound in [5e-7, 1e-6, 0.5, 1, 9e9, 9e11, 9e15, 0x1p53 / 1_000_000] {
            var below = bound, above = bound
            for _ in 0..<8 {
                values += [below, above, -below, -above]
                below = below.nextDown
                above = above.nextUp
            }
        }
        var writer = JSONWriter(capacity: 1)
        var expected = ""
        for (index, value) in (values + values.shuffled(using: &rng)).enumerated() {
            if index > 0 { writer.fragment(";"); expected += ";" }
            writer.sixDecimals(value)
            expected += Self.sixDecimals(value)
        }
        #expect(writer.text == expected)
    }

    @Test("past a writer's limit, six-decimal numbers (remembered by place) are written on and the writer gives up")
    func sixDecimalsPastLimit() {
        var rng = SeededGenerator(seed: 0x1417)
        for _ in 0..<50 {
            let limit = Int.random(in: 64...4096, using: &rng)
            var writer = JSONWriter(capacity: 64, limit: limit)
            for _ in 0..<2000 { writer.sixDecimals(Double(Int.random(in: -40...40, using: &rng)) / 7) }
            let gaveUp = writer.exceededLimit
            #expect(gaveUp)
        }
    }
}
