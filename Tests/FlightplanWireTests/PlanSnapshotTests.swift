import FlightplanWire
import Foundation
import Testing

/// Reviewable snapshots: the answer to each example request (every style) and two seeds, at 5 keyframes, committed as
/// indented JSON under Fixtures/Snapshots so that a change to what a plan says shows up as a readable diff in review
/// (the fingerprints cover hundreds of answers, but only as hashes). Regenerate with
/// `FLIGHTPLAN_WRITE_SNAPSHOTS=1 swift test --filter PlanSnapshotTests` and read the diff before committing.
@Suite("Plan snapshots, committed as diffable JSON")
struct PlanSnapshotTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let requests = [
        "examples/sharedFrame.json", "examples/zoom.json", "examples/reveal.json", "examples/morph.json", "examples/snapshot.json",
        "examples/seeds/001-photos-zoom-out.json", "examples/seeds/004-snapshot.json"
    ]

    @Test("each answer is its committed snapshot", arguments: requests)
    func snapshot(_ path: String) throws {
        var request = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.root.appendingPathComponent(path))) as! [String: Any]
        request["sampling"] = ["keyframes": 5]
        let body = try JSONSerialization.data(withJSONObject: request)
        let answer = Array(try Endpoint.plan.answer(Array(body)).result.get())
        let text = Indented.json(answer) + "\n"
        let name = path.split(separator: "/").last!.replacingOccurrences(of: ".json", with: ".plan.json")
        let fixture = Self.root.appendingPathComponent("Tests/FlightplanWireTests/Fixtures/Snapshots/\(name)")
        if ProcessInfo.processInfo.environment["FLIGHTPLAN_WRITE_SNAPSHOTS"] != nil {
            try FileManager.default.createDirectory(at: fixture.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: fixture, atomically: true, encoding: .utf8)
        }
        let committed = try String(contentsOf: fixture, encoding: .utf8)
        #expect(committed == text, "\(path)'s plan differs from Fixtures/Snapshots/\(name): regenerate it and review the diff")
    }

    @Test("the indenter keeps every byte of the answer but whitespace")
    func indenterKeepsTheAnswer() {
        let compact = #"{"a":[1,2.5e-7,{"b":"x, {y}: \"z\""}],"c":{},"d":[]}"#
        let indented = Indented.json(Array(compact.utf8), width: 10)
        var inString = false, escaped = false
        let stripped = String(
            indented.filter { character in
                defer {
                    if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString.toggle() }
                }
                return inString || !character.isWhitespace
            })
        #expect(stripped == compact)
        #expect(indented.contains("\n"))
    }
}

/// Indents compact JSON for reading: a value whose compact text fits in `width` characters stays on one line (a
/// keyframe, a rect), a larger one puts each member on its own line. Only whitespace is added, so numbers keep the
/// server's exact text.
enum Indented {
    static func json(_ bytes: [UInt8], width: Int = 110) -> String {
        let text = Array(String(decoding: bytes, as: UTF8.self))
        var index = 0
        return value(text, &index, depth: 0, width: width)
    }

    /// The compact text of the value (or key) starting at `index`, which moves past it.
    private static func span(_ text: [Character], _ index: inout Int) -> String {
        let start = index
        var depth = 0, inString = false, escaped = false
        while index < text.count {
            let character = text[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "{" || character == "[" {
                depth += 1
            } else if character == "}" || character == "]" {
                if depth == 0 { break }
                depth -= 1
            } else if depth == 0 && (character == "," || character == ":") {
                break
            }
            index += 1
            if depth == 0 && !inString && (character == "}" || character == "]" || character == "\"") { break }
        }
        return String(text[start..<index])
    }

    private static func value(_ text: [Character], _ index: inout Int, depth: Int, width: Int) -> String {
        var probe = index
        let compact = span(text, &probe)
        guard let open = compact.first, open == "{" || open == "[", compact.count > width else {
            index = probe
            return compact
        }
        let close: Character = open == "{" ? "}" : "]"
        let indent = String(repeating: "  ", count: depth + 1)
        var lines: [String] = []
        index += 1
        while text[index] != close {
            var line = indent
            if open == "{" {
                line += span(text, &index) + ": "
                index += 1  // the colon
            }
            line += value(text, &index, depth: depth + 1, width: width)
            lines.append(line)
            if text[index] == "," { index += 1 }
        }
        index += 1
        return "\(open)\n" + lines.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: depth) + "\(close)"
    }
}
