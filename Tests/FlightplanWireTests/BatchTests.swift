import FlightplanTestSupport
import FlightplanWire
import Testing

@Suite("A batch: one request, one budget")
struct BatchTests {
    static let geometry = #""source": {"frame": {"x": 16, "y": 220, "width": 120, "height": 160}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}"#

    static func batch(_ item: String, count: Int) -> [UInt8] {
        Array(#"{"requests": [\#(Array(repeating: item, count: count).joined(separator: ","))]}"#.utf8)
    }

    @Test("fixed samplings over one plan's keyframe budget refuse the whole batch, naming requests, before planning")
    func fixedOverBudget() throws {
        // A sharedFrame plan carries keyframes on 3 tracks (the first model's layer, the overlay, the flying
        // screen): 4 × 3 × 5 000 = 60 000 > 50 000; 3 × 3 × 5 000 = 45 000 fits.
        let item = #"{\#(Self.geometry), "sampling": {"keyframes": 5000}}"#
        guard case .failure(let problem) = Endpoint.batch.answer(Self.batch(item, count: 4)).result else {
            Issue.record("a 60 000-keyframe batch was planned")
            return
        }
        #expect(problem.status == 422 && problem.field == "requests" && problem.detail.contains("60000 keyframes"), "\(problem.detail)")
        let answer = Endpoint.batch.answer(Self.batch(item, count: 3))
        #expect(answer.plannedStyles.count == 3)
        #expect(try LocalBatch.refused(Array(repeating: PlanRequest(jsonBytes: Array(item.utf8)), count: 4)) == problem.detail)
    }

    @Test("tolerance searches share what is left: once one costly item has spent the evaluations, the rest are refused at once")
    func toleranceShared() throws {
        let costly = #"{\#(Self.geometry), "timing": {"duration": 60, "curve": {"spring": {"dampingRatio": 0.01}}}, "sampling": {"tolerance": 0.01}}"#
        let cheap = #"{\#(Self.geometry), "sampling": {"keyframes": 3}}"#
        let body = Array(#"{"requests": [\#(costly), \#(cheap), \#(costly), \#(costly)]}"#.utf8)
        let results = try Batch.results(fromResponse: try Endpoint.batch.answer(body).result.get())
        try #require(results.count == 4)
        #expect((try? results[1].get()) != nil, "a fixed sampling is planned from its own counted share")
        for index in [0, 2, 3] {
            guard case .failure(let problem) = results[index] else {
                Issue.record("item \(index) was planned")
                continue
            }
            #expect(problem.field == "sampling.tolerance", "\(problem.detail)")
        }
    }
}

/// What the SDK's local planner says about a batch it refuses whole.
private enum LocalBatch {
    static func refused(_ requests: [PlanRequest]) -> String? {
        do { _ = try Batch.plans(for: requests) } catch { return ProblemDetails.validation(error).detail }
        return nil
    }
}
