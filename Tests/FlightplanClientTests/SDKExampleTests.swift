import FlightplanClient
import FlightplanWire
import Foundation
import Testing

/// The README's "Using the SDK" example, kept here so that it compiles and runs.
enum SDKExample {
    // README example begins
    static func planThumbnailPush(server: URL?) async throws -> Plan {
        let request = PlanRequest(
            style: .sharedFrame,
            source: SourceElement(frame: Rect(x: 16, y: 220, width: 120, height: 160), cornerRadius: 8),
            destination: DestinationLayout(
                bounds: Rect(x: 0, y: 0, width: 390, height: 844),
                frame: Rect(x: 0, y: 120, width: 390, height: 520), screenCornerRadius: 39),
            imageSize: Size(width: 3024, height: 4032),
            sampling: .tolerance(0.5))
        // The same plan either way: on the device, or from a Flightplan server.
        let planner: any TransitionPlanner = server.map { RemotePlanner(baseURL: $0, headers: ["Authorization": "Bearer …"]) }
            ?? LocalPlanner()
        let plan = try await planner.plan(request)
        // Play it: Core Animation key times and values, or the state at any instant.
        let tracks = plan.coreAnimationTracks
        print(tracks.keyTimes.count, "keyframes; halfway:", plan.sample(at: plan.duration / 2).transform)
        return plan
    }
    // README example ends
}

@Suite("The README's SDK example")
struct SDKExampleTests {
    @Test("runs locally and matches the local planner")
    func runs() async throws {
        let plan = try await SDKExample.planThumbnailPush(server: nil)
        #expect(plan.style == .sharedFrame && plan.keyframes.first?.time == 0 && plan.keyframes.last?.time == plan.duration)
    }

    @Test("the README shows exactly this example")
    func readmeIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(source.range(of: "    // README example begins\n"))
        let end = try #require(source.range(of: "    // README example ends"))
        let example = source[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.dropFirst(4) }.joined(separator: "\n")
        #expect(readme.contains(example), "README.md's SDK example differs from Tests/FlightplanClientTests/SDKExampleTests.swift")
    }
}
