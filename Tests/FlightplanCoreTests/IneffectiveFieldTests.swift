import FlightplanCore
import FlightplanTestSupport
import Testing

/// Issue 45, item 5: every request field either takes effect or is named in `warnings`. Each field below, given on a
/// style where it has no effect (or, for a rect, entirely off the screen), is named by exactly one warning, and the plan
/// is the one made without it; given where it takes effect, no warning names it.
@Suite("Fields that cannot take effect are named in warnings")
struct IneffectiveFieldTests {
    /// A request field, how a test gives it, and on which styles it is warned of.
    struct Case: Sendable, CustomTestStringConvertible {
        let field: String
        /// The styles it is warned on.
        let warnedOn: Set<TransitionStyle>
        /// Whether the plan with it must be the plan without it (a field the style ignores; a rect off screen is kept).
        let ignored: Bool
        let give: @Sendable (inout PlanRequest, inout SeededGenerator) -> Void
        var testDescription: String { field }
    }

    static let allStyles = Set(TransitionStyle.allCases)

    static let cases: [Case] = [
        Case(field: "overlay", warnedOn: allStyles.subtracting([.sharedFrame]), ignored: true) { request, rng in
            request.overlayOpacity = .random(in: 0...1, using: &rng)
            if Bool.random(using: &rng) { request.overlayColor = RandomScenes.color(using: &rng) }
        },
        Case(field: "placeholder", warnedOn: allStyles.subtracting([.sharedFrame]), ignored: true) { request, rng in
            request.placeholderColor = RandomScenes.color(using: &rng)
        },
        Case(field: "source.shadow", warnedOn: [.sharedFrame], ignored: true) { request, rng in
            request.source.shadow = RandomScenes.shadow(using: &rng)
        },
        Case(field: "destination.shadow", warnedOn: [.sharedFrame], ignored: true) { request, rng in
            request.destination.shadow = RandomScenes.shadow(using: &rng)
        },
        Case(field: "source.color", warnedOn: [.sharedFrame], ignored: true) { request, rng in
            request.source.color = RandomScenes.color(using: &rng)
        },
        Case(field: "destination.color", warnedOn: [.sharedFrame], ignored: true) { request, rng in
            request.destination.color = RandomScenes.color(using: &rng)
        },
        // A path other than the default (the default, `straight`, is what a reveal does: generated clients send it).
        Case(field: "path", warnedOn: [.reveal], ignored: true) { request, _ in
            request.path = .arc
        },
        Case(field: "imageSize", warnedOn: [.reveal], ignored: true) { request, rng in
            request.imageSize = Size(width: .random(in: 100...5000, using: &rng), height: .random(in: 100...5000, using: &rng))
        },
        Case(field: "timing.fadeFraction", warnedOn: allStyles.subtracting([.reveal]), ignored: true) { request, rng in
            request.timing.fadeFraction = .random(in: 0.1...0.9, using: &rng)
        },
        Case(field: "source.frame", warnedOn: allStyles, ignored: false) { request, rng in
            // Issue 45's source at x = 5000: past the screen's right edge, or above its top.
            let bounds = request.destination.bounds
            if Bool.random(using: &rng) {
                request.source.frame.x = bounds.maxX + .random(in: 0...5000, using: &rng)
            } else {
                request.source.frame.y = bounds.y - request.source.frame.height - .random(in: 0...5000, using: &rng)
            }
        },
        Case(field: "destination.frame", warnedOn: allStyles, ignored: false) { request, rng in
            let bounds = request.destination.bounds
            var frame = request.destination.frame ?? bounds
            frame.y = bounds.maxY + .random(in: 0...5000, using: &rng)
            request.destination.frame = frame
        }
    ]

    /// A random scene of any style with a random choreography, motion not reduced, none of the cases' fields given,
    /// every rect on screen.
    static func scene(using rng: inout SeededGenerator) -> PlanRequest {
        var request = RandomScenes.choreographed(RandomScenes.request(using: &rng), using: &rng)
        request.overlayOpacity = nil
        request.overlayColor = nil
        request.placeholderColor = nil
        request.source.shadow = nil
        request.destination.shadow = nil
        request.source.color = nil
        request.destination.color = nil
        request.path = nil
        request.imageSize = nil
        request.timing.fadeFraction = nil
        request.source.visibleFrame = nil
        request.reducedMotion = nil
        return request
    }

    @Test("each field, given where it cannot take effect, is named by exactly one warning and changes nothing else", arguments: cases)
    func namedOnce(_ field: Case) throws {
        try forAllScenes(count: 120, seed: 0x45_05, atLeast: 100) { rng, replay in
            let base = Self.scene(using: &rng)
            let without = try Planner.plan(for: base.validated())
            #expect(!(without.warnings ?? []).contains { $0.field == field.field }, "\(field.field) not given, \(replay)")
            var request = base
            field.give(&request, &rng)
            // A rect moved off screen under an overshooting spring can reach too far to be planned.
            guard let with = try? Planner.plan(for: request.validated()) else { throw SceneSkipped() }
            let naming = (with.warnings ?? []).filter { $0.field == field.field }
            let warned = field.warnedOn.contains(request.style)
            #expect(naming.count == (warned ? 1 : 0), "\(field.field) on \(request.style): \(naming), \(replay)")
            if warned && field.ignored {
                var (stripped, expected) = (with, without)
                stripped.warnings = nil
                expected.warnings = nil
                #expect(
                    stripped == expected, "\(field.field) is warned of as ignored on \(request.style), so the plan is the one without it, \(replay)")
            }
        }
    }

    @Test("every field given at once on a style: one warning for each that cannot take effect, none for the others")
    func allAtOnce() throws {
        try forAllScenes(count: 150, seed: 0x45_06, atLeast: 120) { rng, replay in
            var request = Self.scene(using: &rng)
            for field in Self.cases { field.give(&request, &rng) }
            guard let plan = try? Planner.plan(for: request.validated()) else { throw SceneSkipped() }
            let fields = (plan.warnings ?? []).map(\.field)
            for field in Self.cases {
                let count = fields.filter { $0 == field.field }.count
                #expect(count == (field.warnedOn.contains(request.style) ? 1 : 0), "\(field.field) on \(request.style), \(replay)")
            }
        }
    }

    @Test("an auxiliary view's contentMode without a content size to lay out is named in warnings; with one it is not")
    func auxiliaryContentMode() throws {
        try forAllScenes(count: 120, seed: 0x45_07, atLeast: 40) { rng, replay in
            var request = Self.scene(using: &rng)
            guard !request.auxiliary.isEmpty else { throw SceneSkipped() }
            let without = try Planner.plan(for: request.validated())
            let index = Int.random(in: request.auxiliary.indices, using: &rng), id = request.auxiliary[index].id
            request.auxiliary[index].contentMode = ContentMode.allCases.randomElement(using: &rng)!
            let sized = Int.random(in: 0..<3, using: &rng)
            if sized > 0 {
                var content = request.content ?? ContentReferences()
                content.auxiliary[id] = ContentReference(url: "tabs.png", size: sized == 2 ? Size(width: 300, height: 200) : nil)
                request.content = content
            }
            let with = try Planner.plan(for: request.validated())
            let naming = (with.warnings ?? []).filter { $0.field == "auxiliary[\(index)].contentMode" }
            #expect(naming.count == (sized == 2 ? 0 : 1), "\(naming), \(replay)")
            if sized == 0 {
                var (stripped, expected) = (with, without)
                stripped.warnings = nil
                expected.warnings = nil
                #expect(stripped == expected, "the plan is the one without it, \(replay)")
            }
        }
    }
}
