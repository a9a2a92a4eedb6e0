import Benchmark
import FlightplanWire
import Foundation

/// The benchmark request: examples/sharedFrame.json (31 keyframes), and one request per style.
let examples: [String: [UInt8]] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../examples")
    var bodies: [String: [UInt8]] = [:]
    for style in TransitionStyle.allCases {
        bodies[style.rawValue] = Array(try! Data(contentsOf: folder.appendingPathComponent("\(style.rawValue).json")))
    }
    return bodies
}()

/// CI sets FLIGHTPLAN_BENCHMARK_SMOKE=1 to run every benchmark briefly, so the code cannot rot.
let smoke = ProcessInfo.processInfo.environment["FLIGHTPLAN_BENCHMARK_SMOKE"] != nil

let benchmarks: @Sendable () -> Void = {
    // Nanoseconds: the request path's steps take a few microseconds, and whole microseconds would hide a third of one.
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        maxDuration: smoke ? .milliseconds(50) : .seconds(2),
        maxIterations: smoke ? 20 : 100_000)

    let sharedFrame = examples["sharedFrame"]!
    let request = try! PlanRequest(jsonBytes: sharedFrame)
    let plan = try! Planner.plan(for: request.validated())

    // The duplicate-key attack: a 1 MiB object of distinct keys (quadratic before, 7.3 s; now linear).
    let distinctKeys = Array(("{" + (0..<90_000).map { "\"k\($0)\":0" }.joined(separator: ",") + "}").utf8)
    Benchmark("parse a 1 MiB object of distinct keys", configuration: .init(maxIterations: smoke ? 2 : 50)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! JSONParser.parse(distinctKeys)) }
    }

    Benchmark("decode sharedFrame request") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! PlanRequest(jsonBytes: sharedFrame)) }
    }
    for style in TransitionStyle.allCases {
        let styleRequest = try! PlanRequest(jsonBytes: examples[style.rawValue]!)
        Benchmark("plan \(style.rawValue) (\(examples[style.rawValue]!.count) B example)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try! Planner.plan(for: styleRequest.validated())) }
        }
    }
    // The number printer alone (and one copy of its 17 kB out): 1 000 distinct fractions like a plan's points and
    // scales, each with 15 to 17 significant digits, which is what an answer is mostly made of.
    let numbers: [Double] = (0..<1_000).map { index in
        let middle = Double(index) + 0.5
        return index % 2 == 0 ? middle / 3.7 - 120 : middle / 1_003.7
    }
    Benchmark("write 1 000 distinct fractional numbers") { benchmark in
        for _ in benchmark.scaledIterations {
            var writer = JSONWriter(capacity: 32_000)
            writer.beginArray()
            for number in numbers { writer.number(number) }
            writer.endArray()
            blackHole(writer.bytes)
        }
    }
    Benchmark("encode sharedFrame plan (31 keyframes)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(plan.jsonBytes) }
    }
    // Each answer format for the same 31-keyframe plan (the plan made once): what `?format=` costs over the JSON answer.
    for format in PlanFormat.allCases {
        Benchmark("export sharedFrame plan (31 keyframes) as \(format.rawValue) (\(format.export(plan).count) B)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(format.export(plan)) }
        }
    }
    Benchmark("plan + encode sharedFrame (31 keyframes)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! Planner.plan(for: request.validated()).jsonBytes) }
    }
    var roundedRequest = request
    roundedRequest.precision = 2
    Benchmark("plan + encode sharedFrame (31 keyframes), precision 2") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! Planner.plan(for: roundedRequest.validated()).jsonBytes) }
    }
    Benchmark("whole request path: body in, JSON out") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Endpoint.plan.answer(sharedFrame)) }
    }
    // Twice the keyframes: the allocations must stay the same (none per keyframe), only the time grows.
    var doubledRequest = request
    doubledRequest.sampling = .keyframes(62)
    let doubledBody = doubledRequest.jsonBytes
    Benchmark("whole request path, 62 keyframes") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Endpoint.plan.answer(doubledBody)) }
    }
    // The same request with the default sampling, a 0.5 pt tolerance: what a request without `sampling` costs.
    var toleranceRequest = request
    toleranceRequest.sampling = .tolerance(0.5)
    let toleranceBody = toleranceRequest.jsonBytes
    Benchmark("plan sharedFrame, default tolerance sampling (\(try! Planner.plan(for: toleranceRequest.validated()).tracks.map(\.keyframes.count).max()!) keyframes)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try! Planner.plan(for: toleranceRequest.validated())) }
    }
    Benchmark("whole request path, default tolerance sampling") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Endpoint.plan.answer(toleranceBody)) }
    }
    // http_bench's distinct sharedFrame requests at the default sampling (`http_bench.py --sampling default --write-bodies
    // FILE`, then FLIGHTPLAN_DISTINCT_BODIES=FILE), and the same requests at 31 keyframes: one iteration plans them all.
    if let path = ProcessInfo.processInfo.environment["FLIGHTPLAN_DISTINCT_BODIES"] {
        let distinct = try! String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map { try! PlanRequest(jsonBytes: Array($0.utf8)) }
        let fixed = distinct.map { request in
            var request = request
            request.sampling = .keyframes(31)
            return request
        }
        for (name, requests) in [("default tolerance sampling", distinct), ("31 keyframes", fixed)] {
            let title = "plan \(requests.count) distinct sharedFrame requests, \(name)"
            Benchmark(title, configuration: .init(maxIterations: smoke ? 2 : 1_000)) { benchmark in
                for _ in benchmark.scaledIterations {
                    for request in requests { blackHole(try! Planner.plan(for: request.validated())) }
                }
            }
        }
    }
    // The other styles' examples at the default sampling (sharedFrame's is above).
    for style in TransitionStyle.allCases where style != .sharedFrame {
        var styleRequest = try! PlanRequest(jsonBytes: examples[style.rawValue]!)
        styleRequest.sampling = .tolerance(0.5)
        let keyframes = try! Planner.plan(for: styleRequest.validated()).tracks.map(\.keyframes.count).max()!
        Benchmark("plan \(style.rawValue) example, default tolerance sampling (\(keyframes) keyframes)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try! Planner.plan(for: styleRequest.validated())) }
        }
    }
    // Interactive dismissal: a drag sample is what an app computes on every frame (120 Hz = 8.3 ms budget).
    let gestures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../examples/gestures")
    for phase in ["changed", "ended"] {
        let sample = try! DismissRequest(jsonBytes: Array(try! Data(contentsOf: gestures.appendingPathComponent("dismiss-\(phase).json"))))
        Benchmark("dismiss drag sample, phase \(phase)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try! DismissPlanner.dismiss(for: sample.validated())) }
        }
    }
}
