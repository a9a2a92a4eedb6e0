import FlightplanTestSupport
import FlightplanWire
import Foundation
import Testing

/// The bytes every endpoint answers, pinned: fingerprints of the answers of the encoder before the performance
/// work (Fixtures/answer-fingerprints.txt), over random plan requests in every format and random dismissals. A
/// faster encoder, parser or planner must answer byte for byte the same.
///
/// A change that means to alter the output regenerates the file: `FLIGHTPLAN_WRITE_FINGERPRINTS=1 swift test
/// --filter EncoderFingerprintTests`, and the diff of the file goes into review with the reason.
@Suite("Answers stay byte-identical")
struct EncoderFingerprintTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/answer-fingerprints.txt")

    /// One line per answer: the case, its length and its FNV-1a 64 hash.
    static func fingerprints() -> [String] {
        var lines: [String] = []
        func record(_ name: String, _ answer: Endpoint.Answer) {
            switch answer.result {
            case .success(let bytes): lines.append("\(name) \(bytes.count) \(String(fnv1a(bytes), radix: 16))")
            case .failure(let problem): lines.append("\(name) problem \(problem.status) \(problem.detail)")
            }
        }
        for index in 0..<240 {
            let body = RandomScenes.fingerprinted(index).jsonBytes
            let formats = index % 8 == 0 ? PlanFormat.allCases : [.json]
            for format in formats { record("plan/\(index)/\(format.rawValue)", Endpoint.plan.answer(body, format: format)) }
        }
        for index in 0..<60 {
            var rng = SeededGenerator(seed: 0xD15_0000 &+ UInt64(index))
            record("dismiss/\(index)", Endpoint.dismiss.answer(RandomScenes.dismissRequest(using: &rng).jsonBytes))
        }
        return lines
    }

    static func fnv1a(_ bytes: some Collection<UInt8>) -> UInt64 {
        bytes.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    @Test("every answer has the bytes the previous encoder gave")
    func identical() throws {
        let lines = Self.fingerprints()
        if ProcessInfo.processInfo.environment["FLIGHTPLAN_WRITE_FINGERPRINTS"] != nil {
            try (lines.joined(separator: "\n") + "\n").write(to: Self.fixture, atomically: true, encoding: .utf8)
        }
        let pinned = try String(contentsOf: Self.fixture, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == pinned.count)
        for (line, expected) in zip(lines, pinned) { #expect(line == expected) }
    }

    /// The writer reads each object where it lies, nested ones in their array's shared storage: under the thread
    /// sanitizer (scripts/sanitizers.sh) this fails if writing makes a modify access to the value written.
    @Test("one plan and one request written by 8 tasks at once: each gets the bytes of a lone write")
    func sharedValuesWrittenConcurrently() async throws {
        let request = RandomScenes.fingerprinted(8)
        let plan = try Planner.plan(for: request.validated())
        let alone = (plan.jsonBytes, request.jsonBytes)
        let written = await withTaskGroup(of: ([UInt8], [UInt8]).self) { group in
            for _ in 0..<8 { group.addTask { (plan.jsonBytes, request.jsonBytes) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(written.count == 8)
        for bytes in written { #expect(bytes == alone) }
    }
}
