import FlightplanWire
#if !FUZZING
import Foundation
#endif

/// Runs one input through every endpoint (plans, filmstrips and dismissal drags): decoding, validation, planning and
/// encoding. Traps when an invariant breaks: an answer must be valid JSON that reads back as the same
/// value with no non-finite number, a refusal must be a 400 or a 422, and a body without `frames` must be
/// refused by the filmstrip exactly when the request as sent is invalid, with the same problem (the filmstrip
/// replaces the sampling, never its checks).
func exercise(_ input: [UInt8]) {
    switch Endpoint.plan.answer(input).result {
    case .success(let output):
        guard !readBack(output, as: Plan.self).jsonBytes.containsNull else { fatalError("a non-finite number reached the plan") }
    case .failure(let problem):
        checkRefusal(problem)
    }
    let filmstrip = Endpoint.filmstrip.answer(input).result
    switch filmstrip {
    case .success(let svg):
        guard svg.starts(with: Array("<svg ".utf8)), svg.reversed().starts(with: Array("</svg>".utf8).reversed()), !svg.containsNaN else {
            fatalError("a filmstrip is not one complete SVG document with finite numbers")
        }
    case .failure(let problem):
        checkRefusal(problem)
    }
    if !input.namesFrames, case let expected = validationProblem(input), filmstrip.failure != expected {
        fatalError("the filmstrip refused \(String(describing: filmstrip.failure)) where validation says \(String(describing: expected))")
    }
    switch Endpoint.dismiss.answer(input).result {
    case .success(let output):
        // `decision`, `plan` and `spring` are null while dragging; the state and any plan or spring never hold one.
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

/// The value an answer's JSON holds, which must write back to the very same bytes.
func readBack<Value: JSONDecodable & JSONEncodable>(_ output: [UInt8], as type: Value.Type) -> Value {
    guard let value = try? Value(jsonBytes: output) else { fatalError("the answer's JSON does not read back") }
    guard value.jsonBytes == output else { fatalError("the answer's JSON does not round-trip") }
    return value
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

    /// Whether the text spells a non-finite number as Swift prints one.
    var containsNaN: Bool { contains(Array("nan".utf8)) || contains(Array("inf".utf8)) }

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
