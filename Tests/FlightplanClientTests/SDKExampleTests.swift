import FlightplanClient
import FlightplanWire
import Foundation
import Testing

/// The SDK guide's example (docs/sdk.md), kept here so that it compiles and runs.
enum SDKExample {
    // docs/sdk.md example begins
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
        let planner: any TransitionPlanner =
            server.map { RemotePlanner(baseURL: $0, headers: ["Authorization": "Bearer …"]) }
            ?? LocalPlanner()
        let plan = try await planner.plan(request).value
        // Play it: each track's keyframes, or every track's values at any instant.
        let halfway = plan.state(at: plan.duration / 2)
        print(plan.tracks.count, "tracks; the screen halfway:", halfway["destinationScreen"]?.transform ?? .identity)
        return plan
    }
    // docs/sdk.md example ends
}

@Suite("The SDK guide's example")
struct SDKExampleTests {
    @Test("runs locally and matches the local planner")
    func runs() async throws {
        let plan = try await SDKExample.planThumbnailPush(server: nil)
        let times = try #require(plan.tracks.first { $0.id == "destinationScreen" }).keyframes.map(\.time)
        #expect(plan.style == .sharedFrame && times.first == 0 && times.last == plan.duration)
    }

    @Test("docs/sdk.md shows exactly this example")
    func readmeIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let guide = try String(contentsOf: root.appendingPathComponent("docs/sdk.md"), encoding: .utf8)
        let begin = try #require(source.range(of: "    // docs/sdk.md example begins\n"))
        let end = try #require(source.range(of: "    // docs/sdk.md example ends"))
        let example = source[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.dropFirst(4) }.joined(separator: "\n")
        #expect(guide.contains(example), "docs/sdk.md's example differs from Tests/FlightplanClientTests/SDKExampleTests.swift")
    }
}
