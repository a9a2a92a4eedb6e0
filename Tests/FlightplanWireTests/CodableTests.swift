import FlightplanTestSupport
import FlightplanWire
import Foundation
import Testing

/// The JSON text `JSONEncoder` writes for a value, parsed, with object members sorted (its key order is its own).
private func foundationJSON(_ value: some Encodable) throws -> JSONValue {
    sortedMembers(try JSONParser.parse(Array(try JSONEncoder().encode(value))))
}

/// Our writer's JSON for a value, parsed the same way.
private func wireJSON(_ value: some JSONEncodable) throws -> JSONValue {
    sortedMembers(try JSONParser.parse(value.jsonBytes))
}

private func sortedMembers(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let members): return .object(members.map { JSONMember(key: $0.key, value: sortedMembers($0.value)) }.sorted { $0.key < $1.key })
    case .array(let items): return .array(items.map(sortedMembers))
    default: return value
    }
}

@Suite("Codable: what a Swift app's own coders see is the wire form")
struct CodableTests {
    @Test("JSONEncoder writes requests and plans as the server does, and JSONDecoder reads the server's bytes back")
    func sameShapes() throws {
        try forAllScenes(count: 150) { rng, replay in
            var request = RandomScenes.request(using: &rng, curve: RandomScenes.curve(using: &rng))
            if Bool.random(using: &rng) { request = RandomScenes.choreographed(request, using: &rng) }
            #expect(try foundationJSON(request) == wireJSON(request), "request, \(replay)")
            #expect(try JSONDecoder().decode(PlanRequest.self, from: Data(request.jsonBytes)) == request, "\(replay)")
            let plan = try Planner.plan(for: request.validated())
            #expect(try foundationJSON(plan) == wireJSON(plan), "plan, \(replay)")
            #expect(try JSONDecoder().decode(Plan.self, from: Data(plan.jsonBytes)) == plan, "\(replay)")
        }
    }

    @Test("dismissal samples and answers (what is left out while dragging included) have the wire's shapes")
    func dismissalShapes() throws {
        try forAllScenes(count: 80) { rng, replay in
            let request = RandomScenes.dismissRequest(using: &rng)
            #expect(try foundationJSON(request) == wireJSON(request), "request, \(replay)")
            #expect(try JSONDecoder().decode(DismissRequest.self, from: Data(request.jsonBytes)) == request, "\(replay)")
            let dismissal = try DismissPlanner.dismiss(for: request.validated())
            #expect(try foundationJSON(dismissal) == wireJSON(dismissal), "answer, \(replay)")
            #expect(try JSONDecoder().decode(Dismissal.self, from: Data(dismissal.jsonBytes)) == dismissal, "\(replay)")
        }
    }

    @Test("left-out fields take the same defaults through JSONDecoder as through the server's reader")
    func defaults() throws {
        let body =
            #"{"source": {"frame": {"x": 16, "y": 220, "width": 120, "height": 160}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}, "timing": {"curve": {"spring": {"dampingRatio": 0.8}}}, "children": [{"id": "a", "from": {"x": 0, "y": 0, "width": 10, "height": 10}, "to": {"x": 5, "y": 5, "width": 20, "height": 20}}]}"#
        #expect(try JSONDecoder().decode(PlanRequest.self, from: Data(body.utf8)) == PlanRequest(jsonBytes: Array(body.utf8)))
    }

    @Test("an app can embed plans in its own Codable types")
    func embedding() throws {
        struct Saved: Codable, Equatable {
            var name: String
            var plan: Plan
        }
        var rng = SeededGenerator(seed: 3)
        let saved = Saved(name: "cell 12", plan: try Planner.plan(for: RandomScenes.request(using: &rng).validated()))
        #expect(try JSONDecoder().decode(Saved.self, from: JSONEncoder().encode(saved)) == saved)
    }
}
