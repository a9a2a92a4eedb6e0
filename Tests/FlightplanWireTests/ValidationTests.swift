import FlightplanTestSupport
import Testing

@testable import FlightplanWire

@Suite("Invalid requests are refused with the field named")
struct ValidationTests {
    static let valid = """
        {"source": {"frame": {"x": 16, "y": 220, "width": 120, "height": 120}},
         "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}}
        """

    /// The problem a body earns, or nil when it plans.
    static func problem(_ body: String) -> ProblemDetails? {
        if case .failure(let problem) = Endpoint.plan.answer(Array(body.utf8)).result { return problem }
        return nil
    }

    /// A request body with the given source members and extra top-level members.
    static func body(source: String = #""frame": {"x": 16, "y": 220, "width": 120, "height": 120}"#, extra: String = "") -> String {
        """
        {"source": {\(source)}, "destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}\(extra.isEmpty ? "" : ", " + extra)}
        """
    }

    @Test("fadeFraction on a style that does not fade after growing is ignored, with a warning")
    func fadeFractionElsewhere() throws {
        let plan = try Plan(jsonBytes: try Endpoint.plan.answer(Array(Self.body(extra: #""timing": {"fadeFraction": 0.5}"#).utf8)).result.get())
        let plain = try Plan(jsonBytes: try Endpoint.plan.answer(Array(Self.valid.utf8)).result.get())
        #expect(plan.warnings?.map(\.field) == ["timing.fadeFraction"])
        #expect(plan.tracks == plain.tracks)
    }

    @Test("a minimal request plans with every default")
    func minimal() throws {
        let plan = try Plan(jsonBytes: try Endpoint.plan.answer(Array(Self.valid.utf8)).result.get())
        #expect(plan.style == .sharedFrame && plan.direction == .push && plan.duration == 0.25)
        // The default sampling is error-bounded: the same plan as asking for a 0.5 pt tolerance.
        var explicit = try PlanRequest(jsonBytes: Array(Self.valid.utf8))
        explicit.sampling = .tolerance(0.5)
        #expect(plan == (try Planner.plan(for: explicit.validated())))
    }

    @Test("null means the default")
    func nullIsAbsent() throws {
        let withNulls = try Endpoint.plan.answer(Array(Self.body(extra: #""style": null, "timing": {"curve": null}, "imageSize": null"#).utf8)).result
            .get()
        let without = try Endpoint.plan.answer(Array(Self.body(extra: #""timing": {}"#).utf8)).result.get()
        #expect(withNulls == without, "null must mean the default, byte for byte")
    }

    @Test(
        "each bad field is named with what is wrong",
        arguments: [
            (
                body(source: #""frame": {"x": 16, "y": 220, "width": 0, "height": 120}"#), "source.frame.width",
                "source.frame.width must be > 0, got 0"
            ),
            (body(source: #""frame": {"x": 16, "y": 220, "width": -3, "height": 120}"#), "source.frame.width", "must be > 0, got -3"),
            (body(source: #""frame": {"x": 1e300, "y": 220, "width": 10, "height": 120}"#), "source.frame.x", "must be between"),
            (body(source: #""frame": {"x": 16, "y": 220, "width": "wide", "height": 120}"#), "source.frame.width", "must be a number, got a string"),
            (body(source: #""frame": {"x": 16, "y": 220, "width": 120}"#), "source.frame.height", "is required"),
            (
                body(source: #""frame": {"x": 16, "y": 220, "width": 120, "height": 120}, "cornerRadius": 600000"#), "source.cornerRadius",
                "between 0 and 500000"
            ),
            (
                body(source: #""frame": {"x": 16, "y": 220, "width": 120, "height": 120}, "contentMode": "fit""#), "source.contentMode",
                "must be one of"
            ),
            (body(extra: #""style": "wobble""#), "style", "must be one of \"sharedFrame\""),
            (body(extra: #""direction": "sideways""#), "direction", "must be one of"),
            (body(extra: #""timing": {"curve": "bouncy"}"#), "timing.curve", "got \"bouncy\""),
            (body(extra: #""timing": {"curve": {"cubicBezier": [0.1, 0, 2, 1]}}"#), "timing.curve.cubicBezier[2]", "between 0 and 1"),
            (body(extra: #""timing": {"curve": {"cubicBezier": [0.1, 0, 1]}}"#), "timing.curve.cubicBezier", "4 numbers"),
            (body(extra: #""timing": {"curve": {"spring": {"dampingRatio": 0}}}"#), "timing.curve.spring.dampingRatio", "between 0.01 and 10"),
            (
                body(extra: #""timing": {"duration": 0.3, "curve": {"spring": {"dampingRatio": 0.5, "response": 0.3}}}"#), "timing.duration",
                "must be left out"
            ),
            (body(extra: #""timing": {"curve": {"spring": {"dampingRatio": 0.01, "response": 10}}}"#), "timing.curve.spring", "to settle"),
            (body(extra: #""timing": {"duration": 0}"#), "timing.duration", "timing.duration must be > 0, got 0"),
            (body(extra: #""timing": {"duration": 0.0001}"#), "timing.duration", "must be between 0.001 and 60"),
            (body(extra: #""timing": {"duration": 61}"#), "timing.duration", "must be between 0.001 and 60, got 61"),
            (body(extra: #""timing": {"fadeFraction": 1.5}"#), "timing.fadeFraction", "must be > 0 and < 1"),
            (body(extra: #""sampling": {"keyframes": 1}"#), "sampling.keyframes", "between 2 and 10000, got 1"),
            (body(extra: #""sampling": {"keyframes": 10001}"#), "sampling.keyframes", "got 10001"),
            (body(extra: #""sampling": {"keyframes": 2.5}"#), "sampling.keyframes", "whole number"),
            (body(extra: #""sampling": {"keyframes": 1e300}"#), "sampling.keyframes", "between 2 and 10000"),
            (body(extra: #""sampling": {"fps": 0}"#), "sampling.fps", "must be > 0"),
            (body(extra: #""sampling": {"fps": 1000}, "timing": {"duration": 20}"#), "sampling.fps", "more than 10000"),
            (body(extra: #""sampling": {"fps": 30, "keyframes": 4}"#), "sampling", "exactly one of"),
            (body(extra: #""sampling": {"tolerance": 0}"#), "sampling.tolerance", "between 0.01"),
            (body(extra: #""overlay": {"opacity": 1.5}"#), "overlay.opacity", "between 0 and 1"),
            (body(extra: #""imageSize": {"width": 0, "height": 3}"#), "imageSize.width", "must be > 0, got 0"),
            (
                body(
                    extra: #""imageSize": {"width": 4, "height": 3}, "content": {"destination": {"element": "#
                        + #"{"url": "a.jpg", "size": {"width": 540, "height": 540}}}}"#),
                "imageSize", "is 4 × 3 (aspect 1.3333) but content.destination.element.size is 540 × 540 (aspect 1)"
            ),
            (body(extra: #""durration": 1"#), "durration", "is not a known field"),
            (body(extra: #""precision": 7"#), "precision", "whole number from 0 to 6, got 7"),
            (body(extra: #""precision": 1.5"#), "precision", "whole number from 0 to 6"),
            (body(extra: #""children": [{"id": "a", "from": {"x": 0, "y": 0, "width": 1, "height": 1}}]"#), "children[0].to", "is required"),
            (body(extra: #""children": {"id": "a"}"#), "children", "must be an array"),
            (#"{"destination": {"bounds": {"x": 0, "y": 0, "width": 390, "height": 844}}}"#, "source", "source is required"),
            ("[1, 2]", "", "must be an object")
        ])
    func namesTheField(body: String, field: String, fragment: String) throws {
        let problem = try #require(Self.problem(body), "expected a problem for \(body)")
        #expect(problem.status == 422)
        #expect((problem.field ?? "") == field, "\(problem.detail)")
        #expect(problem.detail.contains(fragment), "\(problem.detail)")
    }

    @Test("too many children are refused")
    func tooManyChildren() throws {
        func child(_ id: String) -> String {
            #"{"id": ""# + id + #"", "from": {"x": 0, "y": 0, "width": 10, "height": 10}, "to": {"x": 0, "y": 0, "width": 20, "height": 20}}"#
        }
        let children = (0..<65).map { child("c\($0)") }.joined(separator: ",")
        let problem = try #require(Self.problem(Self.body(extra: "\"children\": [\(children)]")))
        #expect(problem.field == "children" && problem.detail.contains("at most 64"))
        let duplicate = try #require(Self.problem(Self.body(extra: "\"children\": [\(child("c")), \(child("c"))]")))
        #expect(duplicate.field == "children[1].id" && duplicate.detail.contains("unique"))
    }

    @Test("plans too large or too costly to compute are refused, not computed")
    func boundedWork() throws {
        func children(_ count: Int) -> String {
            (0..<count).map {
                #"{"id": "c\#($0)", "from": {"x": 0, "y": 0, "width": 10, "height": 10}, "to": {"x": 0, "y": 0, "width": 300, "height": 20}}"#
            }
            .joined(separator: ",")
        }
        let wide = try #require(Self.problem(Self.body(extra: #""sampling": {"keyframes": 1000}, "children": [\#(children(64))]"#)))
        #expect(wide.field == "sampling.keyframes" && wide.detail.contains("more than 50000"), "\(wide.detail)")
        let oscillating = try #require(
            Self.problem(
                Self.body(
                    extra:
                        #""timing": {"duration": 60, "curve": {"spring": {"dampingRatio": 0.01}}}, "sampling": {"tolerance": 0.01}, "children": [\#(children(8))]"#
                )))
        #expect(oscillating.field == "sampling.tolerance", "\(oscillating.detail)")
    }

    @Test("malformed JSON is a 400, not a 422")
    func malformed() throws {
        let problem = try #require(Self.problem("{\"source\": "))
        #expect(problem.status == 400 && problem.detail.contains("line 1"))
    }

    @Test("no random byte soup crashes the planner", arguments: 0..<4)
    func fuzzish(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let base = Array(Self.valid.utf8)
        for _ in 0..<2000 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let index = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes.remove(at: index)
                default: bytes.insert(Array("0123456789.-e{}[]\",:".utf8).randomElement(using: &rng)!, at: index)
                }
                if bytes.isEmpty { bytes = base }
            }
            switch Endpoint.plan.answer(bytes).result {
            case .success(let output): #expect((try? JSONParser.parse(output)) != nil)
            case .failure(let problem): #expect(problem.status == 400 || problem.status == 422)
            }
        }
    }

    @Test("every echo is bounded in bytes: a key of one letter and 20 000 combining accents (one Character), an overflowing 100 000-digit number")
    func boundedEchoBytes() throws {
        let accents = "e" + String(repeating: "\u{301}", count: 20_000)
        let bodies = [
            Self.body(extra: #""\#(accents)": 1"#),
            Self.body(extra: #""style": "\#(accents)""#),
            Self.body(extra: #""precision": 1\#(String(repeating: "0", count: 100_000))"#),
            #"{"a": 1, "\#(accents)": 1, "\#(accents)": 2}"#
        ]
        for body in bodies {
            let problem = try #require(Self.problem(body))
            #expect(
                problem.jsonBytes.count < 2_000 && problem.detail.contains("(truncated, "),
                "\(problem.jsonBytes.count) bytes: \(problem.detail.prefix(80))")
        }
    }
}
