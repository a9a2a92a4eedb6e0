import FlightplanWire
import Foundation
import Hummingbird

// POST /v1/plans: JSONDecoder into the SDK's Codable PlanRequest (derived from the wire schema: JSONDecoder's
// tree, then the strict reader), validate, plan, JSONEncoder out; 422 on a request that does not validate. Usage: FlightplanPeer PORT
let port = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1])! : 8081
let router = Router()
router.post("/v1/plans") { request, context -> Response in
    let body = try await request.body.collect(upTo: 1 << 20)
    let planRequest = try JSONDecoder().decode(PlanRequest.self, from: Data(buffer: body))
    do {
        let plan = try Planner.plan(for: planRequest.validated())
        let bytes = try JSONEncoder().encode(plan)
        return Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    } catch {
        return Response(status: .unprocessableContent)
    }
}
let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
// The benchmark waits for this line; a pipe buffers stdout, so it goes out through FileHandle, unbuffered.
FileHandle.standardOutput.write(Data("peer listening on port \(port)\n".utf8))
try await app.runService()
