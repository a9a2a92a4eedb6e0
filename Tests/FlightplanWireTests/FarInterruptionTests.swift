import FlightplanCore
import FlightplanWire
import Foundation
import Testing

@Suite("An interruption far from the origin")
struct FarInterruptionTests {
    /// schemathesis's request: a pop from a client state 10⁵ pt out whose velocity shrinks a 2 pt clip hard. The extent
    /// eases down to e⁻³⁰ of its floor, below the rounding of edges that far out, and the masks came out −10⁻¹² tall.
    @Test("masks and radii never come out below 0")
    func masksStayNonNegative() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/far-interruption-request.json")
        let plan = try Plan(jsonBytes: try Endpoint.plan.answer(Array(try Data(contentsOf: fixture))).result.get())
        var masks = 0
        for track in plan.tracks {
            for values in [track.base] + track.keyframes.map(\.values) {
                if let mask = values.maskFrame {
                    #expect(mask.width >= 0 && mask.height >= 0, "\(track.id): \(mask)")
                    masks += 1
                }
                if let radius = values.cornerRadius { #expect(radius >= 0, "\(track.id): radius \(radius)") }
            }
        }
        #expect(masks > 100)
    }
}
