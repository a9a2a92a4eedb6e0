import FlightplanTestSupport
import Foundation
import Testing

@testable import FlightplanCore

@Suite("A default-sampled plan's numbers, rounded within a share of its tolerance")
struct RoundingWithinToleranceTests {
    /// A random state of a layer at `layer`: scales from 1/50 to 40 (mirrored at times), a shear now and then, far
    /// translations, masks that may reach past the layer, any radius.
    static func keyframe(in layer: Rect, using rng: inout SeededGenerator) -> Keyframe {
        func scale() -> Double { (Bool.random(using: &rng) ? 1 : -1) * exp(.random(in: log(0.02)...log(40), using: &rng)) }
        func shear() -> Double { Int.random(in: 0..<4, using: &rng) == 0 ? .random(in: -2...2, using: &rng) : 0 }
        let width = Double.random(in: 0...1.5 * layer.width, using: &rng), height = Double.random(in: 0...1.5 * layer.height, using: &rng)
        return Keyframe(
            time: 0, progress: 0,
            transform: AffineTransform(
                a: scale(), b: shear(), c: shear(), d: scale(), tx: .random(in: -3000...3000, using: &rng), ty: .random(in: -3000...3000, using: &rng)
            ),
            maskFrame: Rect(
                x: .random(in: -0.25 * layer.width...layer.width, using: &rng), y: .random(in: -0.25 * layer.height...layer.height, using: &rng),
                width: width, height: height),
            cornerRadius: .random(in: 0...200, using: &rng), opacity: .random(in: 0...1, using: &rng))
    }

    @Test("rounded keyframes, and every mix of two of them, stay within the rounding's share of the tolerance", arguments: [0.1, 0.5, 2])
    func roundingKeepsItsShare(tolerance: Double) throws {
        let budget = tolerance * KeyframeRounding.toleranceShare
        var worst = 0.0
        try forAllScenes(count: 400, seed: 0x20_0D) { rng, replay in
            let layer = Rect(
                x: .random(in: -500...500, using: &rng), y: .random(in: -500...500, using: &rng), width: .random(in: 1...2500, using: &rng),
                height: .random(in: 1...2500, using: &rng))
            let keyframes = (0..<Int.random(in: 2...6, using: &rng)).map { _ in Self.keyframe(in: layer, using: &rng) }
            let rounding = try #require(KeyframeRounding(within: budget, keyframes: keyframes, layer: layer), "\(replay)")
            let rounded = keyframes.map(rounding.round)
            #expect(zip(rounded, keyframes).allSatisfy { $0.opacity == $1.opacity }, "opacities stay exact, \(replay)")
            for first in keyframes.indices {
                for second in keyframes.indices {
                    for step in 0...8 {
                        let fraction = Double(step) / 8
                        let exact = keyframes[first].interpolated(to: keyframes[second], fraction: fraction)
                        let shown = rounded[first].interpolated(to: rounded[second], fraction: fraction)
                        let distance = shown.renderedDistance(to: exact, in: layer)
                        #expect(distance <= budget, "off by \(distance) pt of \(budget) at \(fraction) from \(first) to \(second), \(replay)")
                        worst = max(worst, distance / budget)
                    }
                }
            }
        }
        print("rounding at \(tolerance) pt: worst error \(worst) of its share")
    }

    /// The decimal places of `value` as it prints (shortest round trip): `12.3456` 4, `1e-05` 5, `2.5e-07` 8.
    static func places(_ value: Double) -> Int {
        let text = "\(value)"
        let parts = text.split(separator: "e")
        let mantissa = parts[0].split(separator: ".")
        let fraction = mantissa.count > 1 && mantissa[1] != "0" ? mantissa[1].count : 0
        return max(0, fraction - (parts.count > 1 ? Int(parts[1])! : 0))
    }

    @Test("a plan sampled to a tolerance without precision keeps the points of its moving tracks to few places")
    func defaultSampledPlansAreRounded() throws {
        var rounded = 0, checked = 0
        try forAllScenes(count: 60, seed: 0x20_0E) { rng, _ in
            let request = RandomScenes.request(using: &rng, sampling: .tolerance(.random(in: 0.1...2, using: &rng)))
            let plan = try Planner.plan(for: request.validated())
            // A held track's values are its layer's own, unsampled (and few).
            for track in plan.tracks where !track.keyframes.isEmpty {
                for keyframe in track.filledKeyframes {
                    let values = [keyframe.transform.tx, keyframe.transform.ty, keyframe.maskFrame.x, keyframe.maskFrame.width, keyframe.cornerRadius]
                    checked += values.count
                    rounded += values.filter { Self.places($0) <= 9 }.count
                }
            }
        }
        #expect(checked > 1000)
        #expect(rounded == checked, "\(checked - rounded) of \(checked) points keep more than 9 places")
    }
}
