import FlightplanTestSupport
import FlightplanWire
import Foundation
import Testing

/// What a client that tunes nothing receives: http_bench's distinct requests (`style_requests` in
/// Benchmarks/http_bench.py), an example with a random source frame and direction and no `sampling`.
@Suite("Default-sampled answers, no larger than their tolerance needs")
struct AnswerSizeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// examples/`style`.json without `sampling`, its source frame moved and resized at random within the screen (a
    /// snapshot's child pairs moving with it), in a random direction.
    static func request(_ style: String, using rng: inout SeededGenerator) throws -> [UInt8] {
        var request =
            try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("examples/\(style).json"))) as! [String: Any]
        request["sampling"] = nil
        var source = request["source"] as! [String: Any]
        let frame = source["frame"] as! [String: Double]
        let bounds = (request["destination"] as! [String: Any])["bounds"] as! [String: Double]
        let width = min(bounds["width"]!, max(24, (frame["width"]! * .random(in: 0.6...1.4, using: &rng)).rounded()))
        let height = min(bounds["height"]! - 120, max(24, (frame["height"]! * .random(in: 0.6...1.4, using: &rng)).rounded()))
        let x = Double(Int.random(in: 0...Int(bounds["width"]! - width), using: &rng))
        let y = Double(Int.random(in: 60...Int(bounds["height"]! - height - 60), using: &rng))
        if let children = request["children"] as? [[String: Any]] {
            request["children"] = children.map { child in
                var child = child, from = child["from"] as! [String: Double]
                from["x"]! += x - frame["x"]!
                from["y"]! += y - frame["y"]!
                child["from"] = from
                return child
            }
        }
        source["frame"] = ["x": x, "y": y, "width": width, "height": height]
        if let radius = source["cornerRadius"] as? Double { source["cornerRadius"] = min(radius, min(width, height) / 2) }
        request["source"] = source
        request["direction"] = Bool.random(using: &rng) ? "push" : "pop"
        return Array(try JSONSerialization.data(withJSONObject: request))
    }

    @Test("the example snapshot with random frames answers in at most 40 kB on average (issue 46)")
    func snapshotAnswers() throws {
        var rng = SeededGenerator(seed: 0x46_03)
        let sizes = try (0..<40).map { _ in try Endpoint.plan.answer(Self.request("snapshot", using: &rng)).result.get().count }
        let mean = Double(sizes.reduce(0, +)) / Double(sizes.count)
        print("default-sampled snapshot answers: mean \(mean) B, largest \(sizes.max() ?? 0) B")
        #expect(mean <= 40_000)
    }
}
