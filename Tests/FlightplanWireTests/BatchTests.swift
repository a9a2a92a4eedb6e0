import FlightplanTestSupport
import FlightplanWire
import Foundation
import Testing

@Suite("A batch: one request, one budget")
struct BatchTests {
    static let geometry =
        #""source": {"frame": {"x": 16, "y": 220, "width": 120, "height": 160}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}"#

    /// `geometry` with a 3:4 destination frame under the 3:4 cell: sharedFrame's destination image shows what the cell
    /// shows, so its own mask holds still and the plan moves two tracks (the overlay and the flying screen).
    static let stillImageGeometry =
        #""source": {"frame": {"x": 16, "y": 220, "width": 120, "height": 160}}, "#
        + #""destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}, "frame": {"x": 0, "y": 100, "width": 390, "height": 520}}"#

    static func batch(_ item: String, count: Int) -> [UInt8] {
        Array(#"{"requests": [\#(Array(repeating: item, count: count).joined(separator: ","))]}"#.utf8)
    }

    @Test("fixed samplings over one plan's keyframe budget refuse the whole batch, naming requests, before planning")
    func fixedOverBudget() throws {
        // A sharedFrame plan carries keyframes on 2 tracks (the overlay and the flying screen; its destination image rides
        // the screen, its mask still): 4 × 2 × 7 000 = 56 000 > 50 000; 3 × 2 × 7 000 = 42 000 fits.
        let item = #"{\#(Self.stillImageGeometry), "sampling": {"keyframes": 7000}}"#
        guard case .failure(let problem) = Endpoint.batch.answer(Self.batch(item, count: 4)).result else {
            Issue.record("a 56 000-keyframe batch was planned")
            return
        }
        #expect(problem.status == 422 && problem.field == "requests" && problem.detail.contains("56000 keyframes"), "\(problem.detail)")
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

/// One output budget: keyframes and easing stops, per request and per batch.
@Suite("The output budget: keyframes and easing stops together")
struct OutputBudgetTests {
    /// A spring that swings about 110 times over a minute: its `easing.css` needs about 7 900 stops.
    static let swinging =
        #"{\#(BatchTests.geometry), "timing": {"duration": 60, "curve": {"spring": {"dampingRatio": 0.01, "initialVelocity": 1000}}}, "sampling": {"keyframes": 2}}"#

    /// What a plan emits against the budget: its keyframes over all tracks and its easing's stops.
    static func points(_ plan: Plan) -> Int {
        plan.tracks.reduce(0) { $0 + $1.keyframes.count } + (plan.easing?.stops.count ?? 0)
    }

    @Test(
        "a 62 kB batch of 256 two-keyframe items with 7 900-stop easings spends one budget: a few plan, the rest are timing.curve problems, the answer under 1 MB (it was 37 MB)"
    )
    func swingingBatch() throws {
        let answer = Endpoint.batch.answer(BatchTests.batch(Self.swinging, count: 256))
        let body = try answer.result.get()
        let results = try Batch.results(fromResponse: body)
        let plans = results.compactMap { try? $0.get() }
        #expect(body.count < 1_000_000 && (1...6).contains(plans.count), "\(body.count) bytes, \(plans.count) plans")
        #expect(plans.reduce(0) { $0 + Self.points($1) } <= PlanLimits.maximumOutputPoints)
        #expect(plans.allSatisfy { ($0.easing?.stops.count ?? 0) > 7_000 })
        for case .failure(let problem) in results {
            #expect(problem.status == 422 && problem.field == "timing.curve" && problem.detail.contains("output budget"), "\(problem.detail)")
        }
        #expect(try Batch.plans(for: Array(repeating: PlanRequest(jsonBytes: Array(Self.swinging.utf8)), count: 256)) == results)
    }

    @Test("one plan's keyframes and easing stops share the budget: 6 tracks × 8 300 keyframes leave no room for 1 900 stops, 6 × 7 000 enough")
    func singlePlan() throws {
        // The overlay, the flying screen and two child pairs' two snapshots each: 6 tracks that move (the destination image
        // rides the screen, its mask still).
        func request(keyframes: Int) -> String {
            let children = ["a", "b"].map { id in
                #"{"id": "\#(id)", "from": {"x": 20, "y": 230, "width": 10, "height": 10}, "to": {"x": 5, "y": 5, "width": 20, "height": 20}}"#
            }
            return
                #"{\#(BatchTests.stillImageGeometry), "timing": {"duration": 60, "curve": {"spring": {"dampingRatio": 0.01}}}, "sampling": {"keyframes": \#(keyframes)}, "#
                + #""children": [\#(children.joined(separator: ", "))]}"#
        }
        #expect(try PlanRequest(jsonBytes: Array(request(keyframes: 2).utf8)).validated().keyframeTracks == 6)
        let problem = try #require(ValidationTests.problem(request(keyframes: 8_300)))
        #expect(problem.status == 422 && problem.field == "timing.curve" && problem.detail.contains("output budget"), "\(problem.detail)")
        let plan = try Plan(jsonBytes: try Endpoint.plan.answer(Array(request(keyframes: 7_000).utf8)).result.get())
        #expect(Self.points(plan) <= PlanLimits.maximumOutputPoints && (plan.easing?.stops.count ?? 0) > 1_900)
    }
}

/// What the SDK's local planner says about a batch it refuses whole.
private enum LocalBatch {
    static func refused(_ requests: [PlanRequest]) -> String? {
        do { _ = try Batch.plans(for: requests) } catch { return ProblemDetails.validation(error).detail }
        return nil
    }
}
