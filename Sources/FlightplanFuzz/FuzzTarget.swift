import FlightplanWire

#if !FUZZING
import Foundation
#endif

/// Runs one input through every endpoint (plans in every format, a batch of it, filmstrips and dismissal drags):
/// decoding, validation, planning (interruptions included, through `from`), encoding and exporting. Traps when an invariant breaks: an answer must be valid JSON that reads back as the same
/// value with no non-finite number, a refusal must be a 400 or a 422, and a body without `frames` must be
/// refused by the filmstrip exactly when the request as sent is invalid, or planned at the filmstrip's instants
/// reaches too far, with the same problem (the filmstrip replaces the sampling, never its checks).
func exercise(_ input: [UInt8]) {
    let plan = Endpoint.plan.answer(input).result.map({ Array($0) })
    switch plan {
    case .success(let output):
        guard !readBack(output, as: Plan.self).jsonBytes.containsNull else { fatalError("a non-finite number reached the plan") }
    case .failure(let problem):
        checkRefusal(problem)
    }
    exerciseExports(input, planned: plan.failure == nil)
    let filmstrip = Endpoint.filmstrip.answer(input).result.map({ Array($0) })
    switch filmstrip {
    case .success(let svg):
        guard svg.starts(with: Array("<svg ".utf8)), svg.reversed().starts(with: Array("</svg>".utf8).reversed()), !svg.containsNaN else {
            fatalError("a filmstrip is not one complete SVG document with finite numbers")
        }
    case .failure(let problem):
        checkRefusal(problem)
    }
    if !input.namesFrames, case let expected = validationProblem(input) ?? planningProblem(input, frames: Filmstrip.defaultFrames),
        filmstrip.failure != expected
    {
        fatalError(
            "the filmstrip refused \(String(describing: filmstrip.failure)) where planning at its instants says \(String(describing: expected))")
    }
    switch Endpoint.dismiss.answer(input).result.map({ Array($0) }) {
    case .success(let output):
        // `decision`, `plan` and `spring` are left out while dragging; the state and any plan or spring never hold a null.
        let dismissal = readBack(output, as: Dismissal.self)
        guard !dismissal.state.jsonBytes.containsNull, !(dismissal.plan?.jsonBytes.containsNull ?? false),
            !(dismissal.spring?.jsonBytes.containsNull ?? false)
        else {
            fatalError("a non-finite number reached the dismissal")
        }
    case .failure(let problem):
        checkRefusal(problem)
    }
}

/// Runs `input` through every export of the plan endpoint, and as the only item of a batch in each format: an
/// export answers exactly when the plan does (`planned`), with no non-finite number (JSON exports hold no `null`,
/// text exports spell no `nan` or `inf`); a batch always answers, its item planned or refused.
func exerciseExports(_ input: [UInt8], planned: Bool) {
    let batch = Array(#"{"requests":["#.utf8) + input + Array("]}".utf8)
    for format in PlanFormat.allCases {
        if format != .json {
            switch Endpoint.plan.answer(input, format: format).result.map({ Array($0) }) {
            case .success(let output):
                guard planned else { fatalError("the \(format) export answered a request the plan refuses") }
                guard format.isJSON ? !output.containsNull : !output.containsNaN else {
                    fatalError("a non-finite number reached the \(format) export")
                }
            case .failure(let problem):
                guard !planned else { fatalError("the \(format) export refused a request the plan answers: \(problem.detail)") }
                checkRefusal(problem)
            }
        }
        switch Endpoint.batch.answer(batch, format: format).result.map({ Array($0) }) {
        case .success(let output):
            guard !output.containsNull, format.isJSON || !output.containsNaN else { fatalError("a non-finite number reached a \(format) batch") }
        case .failure(let problem):
            checkRefusal(problem)
        }
    }
}

/// The value an answer's JSON holds, which must write back to the very same bytes.
func readBack<Value: JSONDecodable & JSONEncodable>(_ output: [UInt8], as type: Value.Type) -> Value {
    guard let value = try? Value(jsonBytes: output) else { fatalError("the answer's JSON does not read back") }
    guard value.jsonBytes == output else { fatalError("the answer's JSON does not round-trip") }
    return value
}

/// The problem planning a valid request at `frames` evenly spaced instants finds (a plan that reaches too far there:
/// ``PlanLimits/maximumReach``), or nil.
func planningProblem(_ input: [UInt8], frames: Int) -> ProblemDetails? {
    guard var request = try? PlanRequest(jsonBytes: input) else { return nil }
    request.sampling = .keyframes(frames)
    request.precision = nil
    do { _ = try Planner.plan(for: request.validated()) } catch { return .validation(error) }
    return nil
}

/// The problem `/v1/plans` finds in the request as sent before planning it, or nil when it is valid.
func validationProblem(_ input: [UInt8]) -> ProblemDetails? {
    let request: PlanRequest
    do { request = try PlanRequest(jsonBytes: input) } catch { return .input(error) }
    do { _ = try request.validated() } catch { return .validation(error) }
    return nil
}

func checkRefusal(_ problem: ProblemDetails) {
    guard problem.status == 400 || problem.status == 422 else { fatalError("unexpected status \(problem.status)") }
}

extension Result {
    /// The error, or nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

extension [UInt8] {
    /// Whether the text is a JSON object with a top-level `frames` member (which only the filmstrip takes).
    var namesFrames: Bool {
        guard case .object(let members)? = try? JSONParser.parse(self) else { return false }
        return members.contains { $0.key == "frames" }
    }

    /// Whether the text spells a non-finite number as Swift prints one (`nan`, `inf`, `-inf`) where a number
    /// stands: after a space, `(`, `,`, `=` or a quote, and not inside a longer word (a track id such as `child-nan`
    /// is not a number).
    var containsNaN: Bool {
        let delimiters: Set<UInt8> = [0x20, 0x28, 0x2C, 0x3D, 0x22]  // space ( , = "
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
        for word in [Array("nan".utf8), Array("inf".utf8)] where count >= word.count {
            for start in 0...(count - word.count) where self[start..<start + word.count].elementsEqual(word) {
                var before = start - 1
                if before >= 0 && self[before] == UInt8(ascii: "-") { before -= 1 }
                let opens = before < 0 || delimiters.contains(self[before])
                let closes = start + word.count == count || !isLetter(self[start + word.count])
                if opens && closes { return true }
            }
        }
        return false
    }

    /// Whether the JSON text contains a `null` literal (a plan never does; the writer turns NaN into one).
    var containsNull: Bool {
        let needle = Array("null".utf8)
        return count >= needle.count && (0...(count - needle.count)).contains { self[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}

#if FUZZING
/// libFuzzer's entry point (the build adds `-sanitize=fuzzer,address -DFUZZING`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    exercise(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#else
/// Without libFuzzer: replays the given files (the committed corpus and past findings) as a regression test.
@main
enum Replay {
    static func main() throws {
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            exercise(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            count += 1
        }
        print("replayed \(count) inputs")
    }
}
#endif
