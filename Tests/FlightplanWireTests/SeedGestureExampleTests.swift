import FlightplanTestSupport
import FlightplanWire
import Foundation
import Testing

/// The committed seed 001 gesture requests (`examples/gestures/seed-001-*.json`) reproduce the tutorial's
/// pan-to-dismiss controller (`../shared/seeds/LINKED-SOURCES.md`). Expected values are its formulas worked by
/// hand for this scene: an 844 pt tall view; the 4:3 photo fitted to 390 × 292.5 at y = 275.75 (centre y 422).
@Suite("Seed 001's pan-to-dismiss, as committed")
struct SeedGestureExampleTests {
    static func sample(_ name: String) throws -> DismissRequest {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try DismissRequest(jsonBytes: Array(try Data(contentsOf: root.appendingPathComponent("examples/gestures/\(name).json"))))
    }

    static func tabBar(_ dismissal: Dismissal) throws -> Double? {
        try #require(dismissal.tracks?.first { $0.id == "auxiliary:tabBar" }).base.opacity
    }

    /// d = 105.5: alpha = 1 − min(d ÷ (844 ÷ 4), 1) = 0.5; scale = 1 − 0.5 × min(d ÷ (844 ÷ 2), 1) = 0.875; the tab
    /// bar's alpha = 1 − alpha = 0.5; the image's centre = its start (195, 422) + the translation (0, 105.5), moved up
    /// by its height × (1 − scale) ÷ 2 = 292.5 × 0.125 ÷ 2 = 18.28125, so (195, 509.21875); its size 341.25 × 255.9375.
    @Test("while dragging: alpha, scale, the tab bar and the image's place are the controller's")
    func drag() throws {
        let dismissal = try DismissPlanner.dismiss(for: try Self.sample("seed-001-drag").validated())
        expectClose(dismissal.state.opacity, 0.5, "background alpha")
        expectClose(dismissal.state.transform.a, 0.875, "scale")
        expectClose(try #require(try Self.tabBar(dismissal)), 0.5, "tab bar alpha")
        let clip = dismissal.state.visibleClip(in: dismissal.layer.frame)
        expectClose(clip.midX, 195, "centre x")
        expectClose(clip.midY, 509.21875, "centre y")
        expectClose(clip.width, 341.25, "width")
        expectClose(clip.height, 255.9375, "height")
        #expect(dismissal.decision == nil && dismissal.plan == nil)
    }

    /// Released 300 pt down moving down: finish with a 0.25 s keyframe animation (ease-in-out, from rest) — alpha 0,
    /// the image onto the cell (0, 211, 129, 129), the tab bar back to 1. Moving up instead: cancel with a 0.5 s spring
    /// of damping 0.9 from rest — alpha 1, the image back to its fitted frame, the tab bar at 0.
    @Test("the release rule, the 0.25 s finish and the 0.5 s / 0.9 cancel, both from rest")
    func release() throws {
        var request = try Self.sample("seed-001-release")
        let finish = try DismissPlanner.dismiss(for: request.validated())
        #expect(finish.decision == .finish && finish.spring == nil)
        let finishPlan = try #require(finish.plan)
        #expect(finishPlan.duration == 0.25)
        let finishLayer = try finishPlan.flyingTrack().frame, finishKeyframes = try finishPlan.flyingKeyframes()
        let landed = try #require(finishKeyframes.last)
        #expect(isClose(landed.visibleClip(in: finishLayer), Rect(x: 0, y: 211, width: 129, height: 129)))
        expectClose(landed.opacity, 0, "background alpha at the end")
        let tabBarTrack = try finishPlan.track("auxiliary:tabBar")
        expectClose(try #require(tabBarTrack.values(at: finishPlan.duration).opacity), 1, "the tab bar comes back")
        // Ease-in-out from rest: the first step moves by a tiny fraction of the way (no velocity carried).
        let first = finishKeyframes[0].visibleClip(in: finishLayer), second = finishKeyframes[1].visibleClip(in: finishLayer)
        #expect(abs(second.midY - first.midY) < 0.05 * abs(landed.visibleClip(in: finishLayer).midY - first.midY))

        request.velocity = Point(x: 0, y: -10)
        let cancel = try DismissPlanner.dismiss(for: request.validated())
        #expect(cancel.decision == .cancel && cancel.reason == .movingBack)
        let spring = try #require(cancel.spring)
        #expect(spring.dampingRatio == 0.9 && spring.initialVelocity == .zero && spring.progressVelocity == 0)
        let cancelPlan = try #require(cancel.plan)
        #expect(cancelPlan.duration == 0.5)
        let back = try #require(try cancelPlan.flyingKeyframes().last)
        #expect(isClose(back.visibleClip(in: try cancelPlan.flyingTrack().frame), Rect(x: 0, y: 275.75, width: 390, height: 292.5)))
        expectClose(back.opacity, 1, "background back")
        let tabBar = try cancelPlan.track("auxiliary:tabBar")
        expectClose(try #require(tabBar.values(at: cancelPlan.duration).opacity), 0, "the tab bar hides again")
    }
}
