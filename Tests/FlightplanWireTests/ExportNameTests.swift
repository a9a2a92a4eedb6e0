import FlightplanTestSupport
import Testing

@testable import FlightplanWire

/// Every name an export derives from track ids (issue 43): css classes and `@keyframes`, waapi class names, svg ids,
/// Lottie layer names and asset ids, Core Animation layer ids. Each is unique in its document (a Lottie layer name
/// within its composition) and valid in its format, for any valid request, above all for ids built to collide.
@Suite("Export names: unique and valid whatever the ids")
struct ExportNameTests {
    /// Ids built to collide: a stem, the stem with each suffix an export appends to a name (or a number it makes
    /// unique with), and the stem with a character that sanitises to `-` added or put in front.
    static func collidingIDs(using rng: inout SeededGenerator) -> [String] {
        let stem = ["x", "a b", "a-b", "stage", "<img src=x onerror=window.__pwned=1>", "é", "x content"].randomElement(using: &rng)!
        let appended = ["-region", "-paint", "-mask", "-shadow", "-2", "-3", "-2-paint", "-paint-2", " content", " content 2", ":", "_"]
        let sanitisedAlike = [" ", ":", "-", "é", "<", "\u{301}", "_", "."]
        var pool = [stem] + appended.map { stem + $0 } + sanitisedAlike.flatMap { [stem + $0, $0 + stem] }
        pool.shuffle(using: &rng)
        var seen = Set<String>()
        return pool.prefix(Int.random(in: 2...pool.count, using: &rng)).filter { seen.insert($0).inserted }
    }

    /// A random scene of any style whose child pairs and auxiliary views take colliding ids, every one with content
    /// (few keyframes: the names are what is checked, and small documents keep the debug build's scans quick).
    static func collidingPlan(using rng: inout SeededGenerator) throws -> Plan {
        var request = RandomScenes.request(using: &rng, sampling: .keyframes(.random(in: 2...5, using: &rng)))
        let screen = Size(width: request.destination.bounds.width, height: request.destination.bounds.height)
        let reference = ContentReference(url: "https://example.com/a.png")
        request.children = collidingIDs(using: &rng).prefix(PlanLimits.maximumChildren).map { id in
            ChildPair(
                id: id, from: RandomScenes.rect(in: screen, width: 20...120, height: 20...120, using: &rng),
                to: RandomScenes.rect(in: screen, width: 40...screen.width, height: 30...300, using: &rng))
        }
        request.auxiliary = collidingIDs(using: &rng).prefix(PlanLimits.maximumAuxiliaryViews).map { id in
            AuxiliaryView(id: id, frame: RandomScenes.rect(in: screen, width: 40...screen.width, height: 20...90, using: &rng), from: 1, to: 0)
        }
        let side = ContentReferences.Side(
            element: reference, screen: reference, children: Dictionary(uniqueKeysWithValues: request.children.map { ($0.id, reference) }))
        request.content = ContentReferences(source: side, destination: side)
        return try Planner.plan(for: request.validated())
    }

    /// Whether `name` is a CSS identifier and an XML id as they are written: a letter, then letters, digits, `-`, `_`.
    static func isIdentifier(_ name: Substring) -> Bool {
        name.wholeMatch(of: #/[A-Za-z][A-Za-z0-9_-]*/#) != nil
    }

    /// The names in `names` used more than once.
    static func repeated(_ names: [Substring]) -> [Substring] {
        var seen = Set<Substring>()
        return names.filter { !seen.insert($0).inserted }
    }

    /// A string member of a JSON object.
    static func string(_ value: JSONValue?, _ key: String) -> Substring? {
        if case .string(let text)? = LottieExportTests.member(value, key) { text[...] } else { nil }
    }

    @Test("css and waapi: every class and @keyframes name is unique and an identifier")
    func webNames() throws {
        try forAllScenes(count: 60) { rng, replay in
            let plan = try Self.collidingPlan(using: &rng)
            let css = String(decoding: PlanFormat.css.export(plan), as: UTF8.self)
            let rules = css.split(separator: "\n").filter { $0.hasPrefix(".") }.map { $0.dropFirst().prefix { $0 != " " } }
            let keyframes = css.matches(of: #/@keyframes ([^ ]+) \{/#).map(\.output.1)
            #expect(Self.repeated(rules).isEmpty && Self.repeated(keyframes).isEmpty, "css: \(Self.repeated(rules + keyframes)) \(replay)")
            #expect((rules + keyframes).allSatisfy(Self.isIdentifier), "\(replay)")
            #expect(rules.count > 2 * plan.tracks.count, "\(replay)")

            let waapi = try JSONParser.parse(PlanFormat.waapi.export(plan))
            let elements = LottieExportTests.member(waapi, "elements")?.items ?? []
            let classes = elements.flatMap { element in
                [element, LottieExportTests.member(element, "region"), LottieExportTests.member(element, "paint")].compactMap {
                    Self.string($0, "className")
                }
            }
            #expect(Self.repeated(classes).isEmpty, "waapi: \(Self.repeated(classes)) \(replay)")
            #expect(classes.allSatisfy(Self.isIdentifier) && elements.count == plan.tracks.count, "\(replay)")
            // The style sheet and the document name the same boxes.
            #expect(Set(classes) == Set(rules.filter { $0 != "fp-stage" }), "\(replay)")
        }
    }

    @Test("svg: every id is unique and an XML id, and every url(#…) names one")
    func svgIDs() throws {
        try forAllScenes(count: 60) { rng, replay in
            let plan = try Self.collidingPlan(using: &rng)
            let svg = String(decoding: PlanFormat.svg.export(plan), as: UTF8.self)
            let ids = svg.matches(of: #/ id="([^"]*)"/#).map(\.output.1)
            #expect(Self.repeated(ids).isEmpty, "\(Self.repeated(ids)) \(replay)")
            #expect(ids.allSatisfy(Self.isIdentifier) && ids.count >= plan.tracks.count, "\(replay)")
            let references = Set(svg.matches(of: #/url\(#([^)]*)\)/#).map(\.output.1))
            #expect(references.isSubset(of: ids), "\(references.subtracting(ids)) \(replay)")
        }
    }

    @Test("lottie: layer names unique in each composition, asset ids unique, every refId an asset; core-animation: layer ids unique")
    func lottieAndCoreAnimationNames() throws {
        try forAllScenes(count: 60) { rng, replay in
            let plan = try Self.collidingPlan(using: &rng)
            let lottie = try JSONParser.parse(PlanFormat.lottie.export(plan))
            let assets = LottieExportTests.member(lottie, "assets")?.items ?? []
            let assetIDs = assets.compactMap { Self.string($0, "id") }
            #expect(Self.repeated(assetIDs).isEmpty && assetIDs.count == assets.count, "\(Self.repeated(assetIDs)) \(replay)")
            let compositions =
                [LottieExportTests.member(lottie, "layers")?.items ?? []] + assets.compactMap { LottieExportTests.member($0, "layers")?.items }
            for layers in compositions {
                // (A content composition's image layer has no name.)
                let names = layers.compactMap { Self.string($0, "nm") }
                #expect(Self.repeated(names).isEmpty, "\(Self.repeated(names)) \(replay)")
                let references = layers.compactMap { Self.string($0, "refId") }
                #expect(Set(references).isSubset(of: assetIDs), "\(replay)")
            }
            #expect(compositions.joined().contains { Self.string($0, "nm")?.hasSuffix(" content") == true }, "\(replay)")

            let coreAnimation = try JSONParser.parse(PlanFormat.coreAnimation.export(plan))
            let ids = (LottieExportTests.member(coreAnimation, "layers")?.items ?? []).compactMap { Self.string($0, "id") }
            #expect(Self.repeated(ids).isEmpty && ids.count == plan.tracks.count, "\(replay)")
        }
    }
}
