// Plays requests through the client swift-openapi-generator makes from openapi.yaml, for
// scripts/generated_clients.py: reads [{"name", "operation", "body", "format"}] from the JSON file given first and
// prints [{"name", "request", "answer", "schema"}]: the body decoded into the generated type and encoded back
// (`request`), the answer decoded into the generated types and encoded back (CSS and SVG as the text
// createPlanCss and createPlanSvg give), and for createPlan the `oneOf` case the answer decoded as; or
// [{"name", "error"}]. createPlan's CSS and SVG go through those two operations, its JSON formats through its `format`.
// Usage: GeneratedClientCheck REQUESTS.json BASE_URL
import Foundation
import OpenAPIRuntime
import OpenAPIURLSession

/// One request of the list: the operation, its body decoded into that operation's generated type, the format.
enum Call: Decodable {
    case plan(Components.Schemas.PlanRequest, format: String)
    case batch(Operations.createPlans.Input.Body.jsonPayload, format: String)
    case dismissal(Components.Schemas.DismissRequest, format: String)

    private enum Keys: String, CodingKey { case operation, body, format }

    init(from decoder: any Decoder) throws {
        let members = try decoder.container(keyedBy: Keys.self)
        let format = try members.decode(String.self, forKey: .format)
        switch try members.decode(String.self, forKey: .operation) {
        case "createPlan": self = .plan(try members.decode(Components.Schemas.PlanRequest.self, forKey: .body), format: format)
        case "createPlans": self = .batch(try members.decode(Operations.createPlans.Input.Body.jsonPayload.self, forKey: .body), format: format)
        case "dismissGesture": self = .dismissal(try members.decode(Components.Schemas.DismissRequest.self, forKey: .body), format: format)
        case let other: throw DecodingError.dataCorruptedError(forKey: .operation, in: members, debugDescription: "no operation \(other)")
        }
    }
}

/// What one call gave back, each part as JSON text.
struct Outcome {
    var request: String
    var answer: String
    var schema: String?
}

/// The request list's entry: its name and, decoded apart so that one body the generated types refuse fails only
/// its own entry, the call.
struct Entry: Decodable {
    var name: String
    var call: Result<Call, any Error>

    private enum Keys: String, CodingKey { case name }

    init(from decoder: any Decoder) throws {
        name = try decoder.container(keyedBy: Keys.self).decode(String.self, forKey: .name)
        call = Result { try Call(from: decoder) }
    }
}

let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]

func json(_ value: some Encodable) throws -> String {
    String(decoding: try encoder.encode(value), as: UTF8.self)
}

func textAsJSON(_ body: HTTPBody) async throws -> String {
    try json(try await String(collecting: body, upTo: 64 << 20))
}

/// The generated enum's case for a `format` query value.
func format<Format: RawRepresentable<String>>(_ value: String, as _: Format.Type) throws -> Format {
    guard let format = Format(rawValue: value) else { throw ClientError.unknownFormat(value) }
    return format
}

/// A failure of the driver itself, not of the generated client.
enum ClientError: Error {
    case unknownFormat(String)
}

func perform(_ call: Call, with client: Client) async throws -> Outcome {
    switch call {
    case .plan(let request, "css"):
        return Outcome(request: try json(request), answer: try await textAsJSON(try client.createPlanCss(body: .json(request)).ok.body.text_css))
    case .plan(let request, "svg"):
        return Outcome(
            request: try json(request), answer: try await textAsJSON(try client.createPlanSvg(body: .json(request)).ok.body.image_svg_plus_xml))
    case .plan(let request, let value):
        let answer = try await client.createPlan(
            query: .init(format: try format(value, as: Components.Parameters.JSONFormat.self)), body: .json(request))
        let plan = try answer.ok.body.json
        let schema: String
        switch plan {
        case .Plan: schema = "Plan"
        case .WebAnimationsExport: schema = "WebAnimationsExport"
        case .LottieExport: schema = "LottieExport"
        case .CoreAnimationExport: schema = "CoreAnimationExport"
        case .WindowBoxesExport: schema = "WindowBoxesExport"
        }
        return Outcome(request: try json(request), answer: try json(plan), schema: try json(schema))
    case .batch(let request, let value):
        let answer = try await client.createPlans(
            query: .init(format: try format(value, as: Components.Parameters.Format.self)), body: .json(request))
        return Outcome(request: try json(request), answer: try json(try answer.ok.body.json))
    case .dismissal(let request, let value):
        let answer = try await client.dismissGesture(
            query: .init(format: try format(value, as: Components.Parameters.Format.self)), body: .json(request))
        return Outcome(request: try json(request), answer: try json(try answer.ok.body.json))
    }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let server = URL(string: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: GeneratedClientCheck REQUESTS.json BASE_URL\n".utf8))
    exit(2)
}
let entries = try JSONDecoder().decode([Entry].self, from: try Data(contentsOf: URL(fileURLWithPath: arguments[1])))
let client = Client(serverURL: server, transport: URLSessionTransport())
var lines: [String] = []
for entry in entries {
    do {
        let outcome = try await perform(try entry.call.get(), with: client)
        lines.append(
            #"{"name":\#(try json(entry.name)),"request":\#(outcome.request),"answer":\#(outcome.answer)"#
                + (outcome.schema.map { #","schema":\#($0)"# } ?? "") + "}")
    } catch {
        lines.append(#"{"name":\#(try json(entry.name)),"error":\#(try json(String(String(describing: error).prefix(600))))}"#)
    }
}
print("[" + lines.joined(separator: ",\n") + "]")
