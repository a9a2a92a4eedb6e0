import FlightplanJSON
import FlightplanTestSupport
import FlightplanWire
import Foundation
import Testing

/// Requests drawn from the whole documented ranges, bounds included, as a hostile client sends them: every
/// answer, in every format and through the batch and dismissal endpoints, is a 200 carrying only finite numbers
/// or a 400/422, and nothing traps. `FLIGHTPLAN_HOSTILE_CASES` raises the count for a run by hand.
@Suite("Hostile but documented requests: never a trap, never a non-finite number")
struct HostileRequestTests {
    /// Cases per run: a few hundred in CI (the sanitizer runs repeat them), more by hand.
    static let cases = EnvironmentCount.value(of: "FLIGHTPLAN_HOSTILE_CASES") ?? 300

    /// The crash of record: a 241-byte request whose spring's overshoot scaled the content to 10²⁹ and trapped the
    /// CSS, SVG and WAAPI number printer.
    static let overshootingSpring =
        #"{"source":{"frame":{"x":16,"y":220,"width":120,"height":160}},"destination":{"bounds":{"x":0,"y":0,"width":390,"height":844}},"timing":{"duration":60,"curve":{"spring":{"dampingRatio":0.3,"initialVelocity":100}}},"sampling":{"keyframes":50}}"#

    @Test("the overshooting spring is refused in every format and in a batch, naming timing.curve")
    func overshootingSpringIsRefused() throws {
        for format in PlanFormat.allCases {
            guard case .failure(let refusal) = Endpoint.plan.answer(Array(Self.overshootingSpring.utf8), format: format).result else {
                Issue.record("\(format) answered the overshooting spring")
                continue
            }
            #expect(refusal.status == 422 && refusal.field == "timing.curve", "\(format): \(refusal.detail)")
            #expect(refusal.detail.contains("more than 100000000 pt beyond its farther end"), "\(refusal.detail)")
            let batch = Endpoint.batch.answer(Array(#"{"requests": [\#(Self.overshootingSpring)]}"#.utf8), format: format)
            guard case .success(let bytes) = batch.result else {
                Issue.record("\(format): the batch itself was refused")
                continue
            }
            let results = try JSONParser.parse(bytes).members?.first { $0.key == "results" }?.value.items
            let problem = results?.first?.members?.first { $0.key == "problem" }?.value.members
            #expect(problem?.contains(JSONMember(key: "field", value: .string("timing.curve"))) == true, "\(format)")
        }
    }

    @Test("at the default and any tolerance sampling, the overshooting spring is refused for its reach before the search spends its budget")
    func overshootingSpringIsRefusedBeforeTheSearch() {
        let fixed = #""sampling":{"keyframes":50}"#
        for sampling in ["", #","sampling":{"tolerance":0.5}"#, #","sampling":{"tolerance":0.01}"#] {
            let body = Self.overshootingSpring.replacingOccurrences(of: "," + fixed, with: sampling)
            guard case .failure(let refusal) = Endpoint.plan.answer(Array(body.utf8)).result else {
                Issue.record("\(sampling) answered the overshooting spring")
                continue
            }
            // The search used to run first: 0.1 s of CPU, then a refusal for its keyframes (sampling.tolerance).
            #expect(refusal.field == "timing.curve", "\(sampling): \(refusal.detail)")
        }
    }

    @Test("a spring response below 0.01 s is refused, directly and inside from.request (5e-324 once planned a 0 s plan of NaN)")
    func tinySpringResponse() {
        let running =
            #"{"source":{"frame":{"x":16,"y":220,"width":120,"height":160}},"destination":{"bounds":{"x":0,"y":0,"width":390,"height":844}},"timing":{"curve":{"spring":{"dampingRatio":0.3,"response":5e-324}}}}"#
        let interrupting =
            #"{"source":{"frame":{"x":16,"y":220,"width":120,"height":160}},"destination":{"bounds":{"x":0,"y":0,"width":390,"height":844}},"direction":"pop","from":{"request":\#(running),"time":0}}"#
        for (body, field) in [(running, "timing.curve.spring.response"), (interrupting, "from.request.timing.curve.spring.response")] {
            guard case .failure(let problem) = Endpoint.plan.answer(Array(body.utf8)).result else {
                Issue.record("a 5e-324 s response was planned")
                continue
            }
            #expect(problem.status == 422 && problem.field == field, "\(problem.field ?? "nil"): \(problem.detail)")
        }
    }

    @Test("random requests over the documented ranges × every format × batch and dismissal: 200 with finite numbers, or a 4xx")
    func documentedRanges() throws {
        var answered = 0, refused = 0
        try forAllScenes(count: Self.cases, seed: 0x4057_11E) { rng, replay in
            let body = HostileRequests.planRequest(using: &rng)
            // JSON and one export per case (each export is an end-to-end plan, and the cases cover every format).
            var accepted: Bool?
            for format in [PlanFormat.json, PlanFormat.allCases.dropFirst().randomElement(using: &rng)!] {
                let ok = try Self.check(
                    Endpoint.plan.answer(Array(body.utf8), format: format), isText: !format.isJSON, format: format, replay: replay)
                #expect(accepted == nil || accepted == ok, "a format disagrees on whether the request is valid: \(format), \(replay)")
                accepted = ok
            }
            if accepted == true { answered += 1 } else { refused += 1 }
            let format = PlanFormat.allCases.randomElement(using: &rng)!
            let batch = #"{"requests": [\#(body), \#(HostileRequests.planRequest(using: &rng))]}"#
            _ = try Self.check(Endpoint.batch.answer(Array(batch.utf8), format: format), format: format, replay: replay)
            let dismissal = HostileRequests.dismissRequest(plan: body, using: &rng)
            _ = try Self.check(
                Endpoint.dismiss.answer(Array(dismissal.utf8), format: format), format: format, replay: replay)
        }
        // The generator must reach the planner, not just its validation: most cases are valid.
        #expect(answered * 2 > Self.cases, "only \(answered) of \(Self.cases) requests were valid (\(refused) refused)")
    }

    /// Checks one answer: a 400 or 422 refusal, or a 200 whose numbers are all finite (no `null` anywhere
    /// in a JSON answer, no `nan`/`inf` in a text export, `isText` when the whole answer is one).
    /// Returns whether it was answered.
    static func check(
        _ answer: Endpoint.Answer, isText: Bool = false, format: PlanFormat, replay: String
    ) throws -> Bool {
        switch answer.result {
        case .failure(let problem):
            #expect(problem.status == 400 || problem.status == 422, "\(problem.status) \(problem.detail), \(replay)")
            return false
        case .success(let bytes):
            if isText {
                #expect(!NonFinite.spelled(in: String(decoding: bytes, as: UTF8.self)), "\(format) spells a non-finite number, \(replay)")
            } else {
                let json = try JSONParser.parse(bytes)
                let top = json.members ?? []
                for member in top {
                    #expect(!NonFinite.holdsNull(member.value), "\(format): \(member.key) holds null, \(replay)")
                }
                #expect(!NonFinite.spelledInStrings(json), "\(format): a text export spells a non-finite number, \(replay)")
            }
            return true
        }
    }
}

/// How a non-finite number shows in an answer: `null` in JSON (the writer's rendering of NaN), `nan` or `inf`
/// in text.
enum NonFinite {
    /// Whether the value holds a `null` anywhere.
    static func holdsNull(_ value: JSONValue) -> Bool {
        switch value {
        case .null: true
        case .array(let items): items.contains(where: holdsNull)
        case .object(let members): members.contains { holdsNull($0.value) }
        case .bool, .number, .string: false
        }
    }

    /// Whether any string in the value (a CSS or SVG export inside a batch or a dismissal) spells one.
    static func spelledInStrings(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): spelled(in: text)
        case .array(let items): items.contains(where: spelledInStrings)
        case .object(let members): members.contains { spelledInStrings($0.value) }
        case .null, .bool, .number: false
        }
    }

    /// Whether the text has `nan`, `inf` or `infinity` as a word (as Swift prints non-finite Doubles).
    static func spelled(in text: String) -> Bool {
        text.lowercased().split { !$0.isLetter }.contains { $0 == "nan" || $0 == "inf" || $0 == "infinity" }
    }
}

/// A count from the environment, for property runs made longer by hand.
enum EnvironmentCount {
    /// The variable's value as a positive count, or nil.
    static func value(of name: String) -> Int? {
        guard let text = ProcessInfo.processInfo.environment[name], let count = Int(text), count > 0 else { return nil }
        return count
    }
}

/// Request bodies drawn from openapi.yaml's documented ranges, with each bound as likely as the middle.
enum HostileRequests {
    /// A number from `range`: its lower bound, its upper bound, or a random value between.
    static func number(_ range: ClosedRange<Double>, using rng: inout SeededGenerator) -> Double {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: range.lowerBound
        case 1: range.upperBound
        default: .random(in: range, using: &rng)
        }
    }

    /// A JSON number.
    static func json(_ value: Double) -> String { "\(value)" }

    /// A rect anywhere in the documented coordinates, sizes from the smallest to the largest.
    static func rect(using rng: inout SeededGenerator) -> String {
        let extent = { (rng: inout SeededGenerator) in
            [PlanLimits.minimumExtent, 1, .random(in: 20...400, using: &rng), 3024, PlanLimits.maximumExtent].randomElement(using: &rng)!
        }
        let coordinate = { (rng: inout SeededGenerator) in
            [-PlanLimits.maximumExtent, 0, .random(in: -100...900, using: &rng), PlanLimits.maximumExtent - 1].randomElement(using: &rng)!
        }
        return #"{"x":\#(json(coordinate(&rng))),"y":\#(json(coordinate(&rng))),"width":\#(json(extent(&rng))),"height":\#(json(extent(&rng)))}"#
    }

    /// A curve of every kind, parameters at their bounds; springs with a `response` only when `responseAllowed`.
    static func curve(using rng: inout SeededGenerator, responseAllowed: Bool) -> String {
        switch Int.random(in: 0..<7, using: &rng) {
        case 0: return #""linear""#
        case 1: return #""easeIn""#
        case 2: return #""easeOut""#
        case 3: return #""easeInOut""#
        case 4:
            let y = -PlanLimits.maximumBezierY...PlanLimits.maximumBezierY
            return
                #"{"cubicBezier":[\#(json(number(0...1, using: &rng))),\#(json(number(y, using: &rng))),\#(json(number(0...1, using: &rng))),\#(json(number(y, using: &rng)))]}"#
        default:
            let damping = json(number(PlanLimits.dampingRatioRange, using: &rng))
            let velocity = json(number(-PlanLimits.maximumSpringVelocity...PlanLimits.maximumSpringVelocity, using: &rng))
            if responseAllowed && Bool.random(using: &rng) {
                let response = json(number(PlanLimits.minimumSpringResponse...2, using: &rng))
                return #"{"spring":{"dampingRatio":\#(damping),"response":\#(response),"initialVelocity":\#(velocity)}}"#
            }
            return #"{"spring":{"dampingRatio":\#(damping),"initialVelocity":\#(velocity)}}"#
        }
    }

    /// A plan request of any style with fields from the documented ranges; sometimes an interruption of another.
    static func planRequest(using rng: inout SeededGenerator, depth: Int = 0) -> String {
        let style = ["sharedFrame", "zoom", "reveal", "morph", "snapshot"].randomElement(using: &rng)!
        let screen = [(390.0, 844.0), (844.0, 390.0), (1024.0, 1366.0), (PlanLimits.maximumExtent, 1)].randomElement(using: &rng)!
        let bounds = #"{"x":0,"y":0,"width":\#(json(screen.0)),"height":\#(json(screen.1))}"#
        var source = #""frame":\#(rect(using: &rng)),"cornerRadius":\#(json(number(0...PlanLimits.maximumRadius, using: &rng)))"#
        if Bool.random(using: &rng) {
            let shadow =
                #"{"color":{"r":0,"g":0,"b":0,"a":0.66},"radius":\#(json(number(0...100, using: &rng))),"offset":{"x":\#(json(number(-50...50, using: &rng))),"y":4}}"#
            source += #","shadow":\#(shadow),"color":{"r":1,"g":0,"b":0,"a":1}"#
        }
        var members = [
            #""style":"\#(style)""#, #""direction":"\#(Bool.random(using: &rng) ? "push" : "pop")""#, #""source":{\#(source)}"#,
            #""destination":{"bounds":\#(bounds)\#(Bool.random(using: &rng) ? #","frame":\#(rect(using: &rng))"# : "")}"#
        ]
        if Bool.random(using: &rng) {
            let extent = { (rng: inout SeededGenerator) in
                json([PlanLimits.minimumExtent, 3024, PlanLimits.maximumExtent].randomElement(using: &rng)!)
            }
            members.append(#""imageSize":{"width":\#(extent(&rng)),"height":\#(extent(&rng))}"#)
        }
        let planCurve = curve(using: &rng, responseAllowed: true)
        var timing = [#""curve":\#(planCurve)"#]
        if !planCurve.contains("response") && Bool.random(using: &rng) {
            timing.append(#""duration":\#(json(number(PlanLimits.minimumDuration...PlanLimits.maximumDuration, using: &rng)))"#)
        }
        if Bool.random(using: &rng) {
            let start = Double.random(in: 0...0.9, using: &rng)
            let channel = ["transform", "maskFrame", "cornerRadius", "fadeIn", "fadeOut", "overlay", "color"].randomElement(using: &rng)!
            timing.append(#""channels":{"\#(channel)":{"window":[\#(json(start)),1],"curve":\#(curve(using: &rng, responseAllowed: false))}}"#)
        }
        members.append(#""timing":{\#(timing.joined(separator: ","))}"#)
        // Samplings that keep a case within milliseconds over 60 s and 10⁶ pt scenes: the largest counts and rates,
        // and tolerance searches (which spend up to their evaluation budget on a degenerate scene), belong to the
        // budget's own tests.
        members.append(
            [
                #""sampling":{"keyframes":\#(Int.random(in: 2...60, using: &rng))}"#, #""sampling":{"keyframes":2}"#,
                #""sampling":{"fps":\#(json(number(1...8, using: &rng)))}"#
            ].randomElement(using: &rng)!)
        if Bool.random(using: &rng) { members.append(#""precision":\#(Int.random(in: PlanLimits.precisionRange, using: &rng))"#) }
        if style == "snapshot" && Bool.random(using: &rng) {
            members.append(#""children":[{"id":"a","from":\#(rect(using: &rng)),"to":\#(rect(using: &rng))}]"#)
        }
        if depth < 2 {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                let running = planRequest(using: &rng, depth: depth + 1)
                // Past the running plan's end is refused; the others start at its beginning, its middle or its end.
                let time = [0, 0.1, 0.25, 0.5, PlanLimits.maximumDuration].randomElement(using: &rng)!
                members.append(#""from":{"request":\#(running),"time":\#(json(time))}"#)
            case 1:
                let rate = PlanLimits.maximumInterruptionRate
                let velocity =
                    #"{"clip":{"x":\#(json(number(-rate...rate, using: &rng))),"y":0,"width":\#(json(number(-rate...rate, using: &rng))),"height":0},"cornerRadius":0,"opacity":\#(json(number(-5...5, using: &rng)))}"#
                members.append(#""from":{"state":{"clip":\#(rect(using: &rng)),"cornerRadius":4,"opacity":0.5},"velocity":\#(velocity)}"#)
            default:
                break
            }
        }
        return "{\(members.joined(separator: ","))}"
    }

    /// A dismissal drag over `plan`: any axis and phase, translations and velocities up to the documented bounds.
    static func dismissRequest(plan: String, using rng: inout SeededGenerator) -> String {
        let velocity = PlanLimits.maximumGestureVelocity
        let phase = ["began", "changed", "ended", "cancelled"].randomElement(using: &rng)!
        let axis = Bool.random(using: &rng) ? "vertical" : "horizontal"
        let translation = #"{"x":\#(json(number(-2000...2000, using: &rng))),"y":\#(json(number(-2000...2000, using: &rng)))}"#
        let speed = #"{"x":\#(json(number(-velocity...velocity, using: &rng))),"y":\#(json(number(-velocity...velocity, using: &rng)))}"#
        return #"{"plan":\#(plan),"translation":\#(translation),"velocity":\#(speed),"phase":"\#(phase)","axis":"\#(axis)"}"#
    }
}
