import FlightplanTestSupport
import FlightplanWire
import Foundation
import Testing

@Suite("JSON forms of the model")
struct FormTests {
    @Test("plans and requests survive a round trip through their JSON form")
    func modelRoundTrip() throws {
        try forAllScenes(count: 100) { rng, replay in
            let request = RandomScenes.request(using: &rng)
            #expect(try PlanRequest(jsonBytes: request.jsonBytes) == request, "\(replay)")
            let plan = try Planner.plan(for: request.validated())
            #expect(try Plan(jsonBytes: plan.jsonBytes) == plan, "\(replay)")
        }
    }

    @Test("the same request gives byte-identical JSON")
    func deterministic() throws {
        try forAllScenes(count: 100) { rng, replay in
            let request = RandomScenes.request(using: &rng)
            let first = Endpoint.plan.answer(request.jsonBytes).result
            let second = Endpoint.plan.answer(try PlanRequest(jsonBytes: request.jsonBytes).jsonBytes).result
            #expect(first == second, "\(replay)")
        }
    }
}
