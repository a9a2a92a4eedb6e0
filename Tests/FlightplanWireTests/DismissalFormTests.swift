import FlightplanTestSupport
import FlightplanWire
import Testing

@Suite("Dismissal drags through the wire")
struct DismissalFormTests {
    @Test(
        "bodies with missing geometry, an unknown axis or a completion over its sampling budget are refused naming the field",
        arguments: [
            (#"{"translation": {"x": 0, "y": 10}}"#, "plan"),
            (
                #"{"plan": {"style": "zoom", "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}}, "translation": {"x": 0, "y": 1}}"#,
                "plan.source"
            ),
            (
                #"{"plan": {"source": {"frame": {"x": 0, "y": 0, "width": 90, "height": 90}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}}, "translation": {"x": 0, "y": 1}, "axis": "diagonal"}"#,
                "axis"
            ),
            (
                #"{"plan": {"source": {"frame": {"x": 0, "y": 0, "width": 90, "height": 90}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}}, "translation": {"x": 0, "y": 1}, "phase": "tapped"}"#,
                "phase"
            ),
            (
                #"{"plan": {"source": {"frame": {"x": 0, "y": 0, "width": 90, "height": 90}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}}, "translation": {"x": 0}}"#,
                "translation.y"
            ),
            // A completion whose tolerance sampling is over its budget: the sampling is the plan request's.
            (
                #"{"plan": {"style": "zoom", "source": {"frame": {"x": 0, "y": 0, "width": 0.001, "height": 0.001}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}}, "translation": {"x": 0, "y": 0}, "pinch": {"scale": 0.5, "velocity": 1000}, "phase": "ended"}"#,
                "plan.sampling.tolerance"
            )
        ])
    func bodyRefusals(body: String, field: String) {
        switch Endpoint.dismiss.answer(Array(body.utf8)).result {
        case .success: Issue.record("accepted \(body)")
        case .failure(let problem):
            #expect(problem.status == 422 && problem.field == field, "\(problem)")
        }
    }

    @Test("the JSON form round-trips, and the endpoint answers with the planner's bytes")
    func jsonRoundTrip() throws {
        try forAllScenes(count: 50) { rng, replay in
            let request = RandomScenes.dismissRequest(using: &rng)
            #expect(try DismissRequest(jsonBytes: request.jsonBytes) == request, "\(replay)")
            let dismissal = try DismissPlanner.dismiss(for: request.validated())
            #expect(try Dismissal(jsonBytes: dismissal.jsonBytes) == dismissal, "\(replay)")
            #expect(try Endpoint.dismiss.answer(request.jsonBytes).result.get() == OwnedBytes(dismissal.jsonBytes), "\(replay)")
        }
    }
}
