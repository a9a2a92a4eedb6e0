import FlightplanTestSupport
import Testing

@testable import FlightplanCore

/// The tolerance-sampled plans that `EncoderFingerprintTests` pins (its random requests, made from the same seeds),
/// checked against the exact plan: the ones whose keyframes come from the progress bound, at
/// ``ProgressBoundTests/checksPerSegment`` instants of every segment. A change to the bound's search that moves their
/// keyframes regenerates the fingerprints; this says each moved plan still keeps its tolerance, and prints them all.
@Suite("The fingerprinted tolerance-sampled plans stay within their tolerance")
struct FingerprintPlansToleranceTests {
    @Test("every fingerprinted plan the progress bound samples keeps its tolerance at dense instants")
    func fingerprintedPlansHold() throws {
        var taken = 0, worst = 0.0
        for index in 0..<240 {
            let request = RandomScenes.fingerprinted(index)
            guard case .tolerance(let tolerance) = request.sampling, let scene = try? BoundScene(request),
                let times = scene.boundTimes(tolerance: tolerance)
            else { continue }
            let error = scene.expectWithinTolerance(times, tolerance: tolerance, "plan/\(index)")
            print("plan/\(index): \(times.map(\.count)) keyframes at \(tolerance) pt, worst error \(error) of the tolerance")
            taken += 1
            worst = max(worst, error)
        }
        #expect(taken > 20)
        print("\(taken) fingerprinted plans take the bound; worst error \(worst) of the tolerance")
    }

    @Test("every fingerprinted plan sampled to a tolerance without precision, as planned (its numbers rounded), keeps it")
    func fingerprintedRoundedPlansHold() throws {
        var checked = 0, worst = 0.0
        for index in 0..<240 {
            let request = RandomScenes.fingerprinted(index)
            guard case .tolerance(let tolerance) = request.sampling, request.precision == nil else { continue }
            let plan = try Planner.plan(for: request.validated())
            let error = try SamplingAndRevealTests.expectWithinTolerance(
                plan, of: request, tolerance: tolerance, samples: 1500, replay: "plan/\(index)")
            print("plan/\(index) as planned: worst error \(error) of its \(tolerance) pt")
            checked += 1
            worst = max(worst, error)
        }
        #expect(checked > 20)
        print("\(checked) fingerprinted plans sampled to a tolerance without precision; worst error \(worst) of the tolerance")
    }
}
