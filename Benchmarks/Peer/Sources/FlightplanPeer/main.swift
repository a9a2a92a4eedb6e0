import FlightplanWire
import Foundation
import Hummingbird

// POST /v1/plans behind Hummingbird 2, with one of two JSON layers, so that the HTTP benchmark can tell the JSON
// layer's share from the transport's. Usage: FlightplanPeer PORT [codable|wire]
// - `codable` (the default): JSONDecoder into the SDK's Codable PlanRequest (derived from the wire schema:
//   JSONDecoder's tree, then the strict reader), validate, plan, JSONEncoder out; 400 on a body that does not decode, 422 on a request that does not validate.
// - `wire`: Flightplan's own JSON forms through `Endpoint.plan.answer`, the function `flightplan serve` answers
//   with, so the bytes and the problems are the server's; only the transport differs.
let port = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 8081
let layer = CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : "codable"
guard layer == "codable" || layer == "wire" else {
    FileHandle.standardError.write(Data("usage: FlightplanPeer PORT [codable|wire]; the JSON layer cannot be \(layer)\n".utf8))
    exit(2)
}

extension Response {
    /// A response carrying `bytes` as its body.
    static func bytes(_ status: HTTPResponse.Status, _ contentType: String, _ bytes: some Sequence<UInt8>) -> Response {
        Response(status: status, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

let router = Router()
router.post("/v1/plans") { request, context -> Response in
    let body = try await request.body.collect(upTo: 1 << 20)
    if layer == "wire" {
        switch Endpoint.plan.answer(Array(body.readableBytesView)).result {
        case .success(let bytes): return .bytes(.ok, "application/json", bytes)
        case .failure(let problem): return .bytes(.init(code: problem.status), "application/problem+json", problem.jsonBytes)
        }
    }
    guard let planRequest = try? JSONDecoder().decode(PlanRequest.self, from: Data(buffer: body)) else {
        return Response(status: .badRequest)
    }
    do {
        return .bytes(.ok, "application/json", try JSONEncoder().encode(Planner.plan(for: planRequest.validated())))
    } catch {
        return Response(status: .unprocessableContent)
    }
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
// The benchmark waits for this line; a pipe buffers stdout, so it goes out through FileHandle, unbuffered.
FileHandle.standardOutput.write(Data("peer (\(layer)) listening on port \(port)\n".utf8))
try await app.runService()
