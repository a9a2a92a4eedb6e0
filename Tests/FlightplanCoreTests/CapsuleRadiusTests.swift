import FlightplanCore
import FlightplanTestSupport
import Testing

@Suite("Radii past half the shorter side: drawn as a capsule, with a warning")
struct CapsuleRadiusTests {
    @Test("a radius past a capsule plans exactly as the capsule's radius, and the plan says so per field")
    func clampedLikeRenderers() throws {
        try forAllScenes(count: 200, seed: 0xCA75) { rng, replay in
            var capsule = RandomScenes.request(using: &rng)
            capsule.source.cornerRadius = capsule.source.frame.maxCornerRadius
            capsule.destination.cornerRadius = capsule.destination.contentFrame.maxCornerRadius
            for index in capsule.children.indices { capsule.children[index].toCornerRadius = capsule.children[index].to.maxCornerRadius }
            var past = capsule
            let factor = Double.random(in: 1.0001...50, using: &rng)
            past.source.cornerRadius *= factor
            past.destination.cornerRadius *= factor
            for index in past.children.indices { past.children[index].toCornerRadius *= factor }
            guard past.source.cornerRadius <= PlanLimits.maximumRadius, past.destination.cornerRadius <= PlanLimits.maximumRadius else {
                throw SceneSkipped()
            }

            var expected = try Planner.plan(for: capsule.validated())
            var planned = try Planner.plan(for: past.validated())
            let isRadius: (PlanWarning) -> Bool = { $0.field.hasSuffix("adius") }
            let warnings = (planned.warnings ?? []).filter(isRadius)
            #expect((planned.warnings ?? []).filter { !isRadius($0) } == (expected.warnings ?? []), "the motion warns alike, \(replay)")
            let expectedRadiusWarnings = (expected.warnings ?? []).filter(isRadius)
            planned.warnings = nil
            expected.warnings = nil
            #expect(planned == expected, "\(replay)")
            let fields = Set(warnings.map(\.field))
            var named: Set = ["source.cornerRadius", "destination.cornerRadius"]
            for index in past.children.indices { named.insert("children[\(index)].toCornerRadius") }
            #expect(fields == named, "\(fields) ≠ \(named), \(replay)")
            #expect(warnings.allSatisfy { $0.message.contains("drawn as a capsule") }, "\(replay)")
            #expect(expectedRadiusWarnings.isEmpty, "a capsule itself warns of nothing, \(replay)")
        }
    }

    @Test("a reveal from an element with an over-large radius grows as the capsule does (the covering scale stays exact)")
    func revealCapsule() throws {
        var rng = SeededGenerator(seed: 5)
        var request = RandomScenes.request(using: &rng, style: .reveal)
        request.source.cornerRadius = request.source.frame.maxCornerRadius * 10
        let plan = try Planner.plan(for: request.validated())
        request.source.cornerRadius = request.source.frame.maxCornerRadius
        #expect(plan.tracks == (try Planner.plan(for: request.validated())).tracks)
        #expect(plan.warnings?.map(\.field).filter { $0.hasSuffix("adius") } == ["source.cornerRadius"])
    }
}
