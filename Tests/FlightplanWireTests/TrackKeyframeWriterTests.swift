import FlightplanJSON
import FlightplanTestSupport
import Testing

@testable import FlightplanWire

@Suite("A keyframe's straight-line writer")
struct TrackKeyframeWriterTests {
    /// The keyframes' JSON as the description's walk writes it, in an array.
    private func walked(_ keyframes: [TrackKeyframe]) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginArray()
        for keyframe in keyframes {
            writer.beginObject()
            keyframe.writeMembers(to: &writer)
            writer.endObject()
        }
        writer.endArray()
        return writer.bytes
    }

    @Test("writes the walk's bytes for every combination of members and for zeros, whole, negative and non-finite numbers")
    func matchesTheWalk() {
        var rng = SeededGenerator(seed: 0x4B45_5946)
        let numbers: [Double] = [0, -0.0, 1, -3, 0.1, -0.25, 123.456, 1e-7, 3.5e20, .infinity, .nan, 1.0 / 3, -2.0 / 3]
        func number() -> Double { Bool.random(using: &rng) ? numbers.randomElement(using: &rng)! : Double.random(in: -1000...1000, using: &rng) }
        var keyframes: [TrackKeyframe] = []
        for members in 0..<64 {
            for _ in 0..<20 {
                var values = TrackValues()
                if members & 1 != 0 {
                    values.transform = AffineTransform(a: number(), b: number(), c: number(), d: number(), tx: number(), ty: number())
                }
                if members & 2 != 0 { values.maskFrame = Rect(x: number(), y: number(), width: number(), height: number()) }
                if members & 4 != 0 { values.cornerRadius = number() }
                if members & 8 != 0 { values.opacity = number() }
                if members & 16 != 0 { values.color = Color(r: number(), g: number(), b: number(), a: number()) }
                if members & 32 != 0 {
                    values.shadow = Shadow(color: Color(r: 0, g: 0, b: 0), radius: number(), offset: Point(x: number(), y: number()))
                }
                keyframes.append(TrackKeyframe(time: number(), values: values))
            }
        }
        var writer = JSONWriter()
        keyframes.write(to: &writer)
        #expect(writer.bytes == walked(keyframes))
        for keyframe in keyframes.prefix(200) { #expect(keyframe.jsonBytes == Array(walked([keyframe]).dropFirst().dropLast())) }
    }
}
