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

    @Test("input echoed in a problem is bounded: a 900 kB field name or enum value comes back as 200 characters")
    func boundedEcho() throws {
        let long = String(repeating: "k", count: 900_000)
        let geometry =
            #""source": {"frame": {"x": 0, "y": 0, "width": 10, "height": 10}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}"#
        for body in [#"{\#(geometry), "\#(long)": 1}"#, #"{"style": "\#(long)", \#(geometry)}"#] {
            guard case .failure(let problem) = Endpoint.plan.answer(Array(body.utf8)).result else {
                Issue.record("accepted")
                continue
            }
            #expect(problem.jsonBytes.count < 1_000 && problem.detail.contains("(truncated, 900000 characters)"), "\(problem.jsonBytes.count) bytes")
        }
    }

    @Test("a field path spells its steps as dotted members and bracketed indices, however deep, keys bounded")
    func fieldPaths() throws {
        try forAllScenes(count: 300) { rng, replay in
            var path: FieldPath = ""
            var expected = ""
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                if !expected.isEmpty && Bool.random(using: &rng) {
                    let index = Int.random(in: 0...10_000, using: &rng)
                    path = path.index(index)
                    expected += "[" + String(index) + "]"
                } else {
                    let key = String(repeating: "k", count: [1, 15, 16, 200, 201].randomElement(using: &rng)!)
                    path = path.member(key)
                    let echoed = key.count > 200 ? String(key.prefix(200)) + "… (truncated, \(key.count) characters)" : key
                    expected += (expected.isEmpty ? "" : ".") + echoed
                }
            }
            #expect(path.description == expected, "\(replay)")
        }
    }
}
