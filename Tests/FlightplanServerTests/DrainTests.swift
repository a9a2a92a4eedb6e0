import FlightplanServerTestSupport
import Foundation
import Logging
import Testing

@testable import FlightplanServer

/// A POST of ``sampleRequest`` whose head is sent and admitted, its body not yet (`rest`). The head asks for
/// `100 Continue`, which libmicrohttpd sends once the first call of the request's handler, where the router admits or
/// refuses it, has returned: so a drain begun after this sees an admitted request in flight. (Being counted in flight
/// is not that: the count is taken before the router's draining check, so that a drain never misses a request, and a
/// drain begun between the two refuses it with a 503, as one run under ThreadSanitizer did.)
private func startUpload(port: Int) throws -> (client: RawHTTPClient, rest: [UInt8]) {
    let body = Array(sampleRequest.utf8)
    let head =
        "POST /v1/plans HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\nExpect: 100-continue\r\n\r\n"
    let client = try RawHTTPClient(port: port, timeout: 600)
    try client.send(Array(head.utf8))
    let interim = try client.receive(method: "POST")
    guard interim.status == 100 else { throw RawHTTPClient.Failure(description: "the upload's head got \(interim.status), not 100 Continue") }
    return (client, body)
}

/// Waits (at most 5 minutes: a starved test process may take that long) until `condition` holds; false if it never did.
private func eventually(_ condition: () -> Bool) async throws -> Bool {
    let started = ContinuousClock.now
    while !condition() {
        guard ContinuousClock.now - started < .seconds(300) else { return false }
        try await Task.sleep(for: .milliseconds(5))
    }
    return true
}

/// Drains `daemon` with a short grace period, or a long one and a second signal at once.
private func drainStuck(_ daemon: MicroHTTPDaemon, secondSignal: Bool) -> Int {
    secondSignal ? daemon.drain(grace: .seconds(60), interrupted: { true }) : daemon.drain(grace: .milliseconds(200))
}

@Suite("The shutdown drain of the real daemon", .serialized)
struct DrainTests {
    @Test("a request in flight completes; kept-alive connections get 503 for readiness and the API; the stop is clean")
    func inFlightCompletes() async throws {
        // The kept-alive clients sit idle between their requests for as long as the waits below take, and in a run of
        // the whole suite (under ThreadSanitizer, on a loaded machine) those waits have taken minutes: the daemon's
        // wall-clock deadlines (the 10 s header deadline, then even a minute) cut an idle client ("connection closed").
        // The drain's grace period is as wall-clock: past it the upload is cut. This test is about the drain, not the
        // deadlines, so they are an hour here, and the clients wait ten minutes for an answer.
        try await withDaemon({
            $0.connectionTimeout = 3600; $0.headerTimeout = 3600; $0.bodyTimeout = 3600
        }) { daemon in
            let (upload, rest) = try startUpload(port: daemon.port)
            let readiness = try RawHTTPClient(port: daemon.port, timeout: 600), api = try RawHTTPClient(port: daemon.port, timeout: 600)
            #expect(try readiness.request("GET", "/readyz").status == 200)
            #expect(try api.request("GET", "/healthz").status == 200)
            try #require(try await eventually { daemon.router.state.inFlight == 1 })
            let outcome = Locked<Int?>(nil)
            let drainer = Thread {
                let cut = daemon.drain(grace: .seconds(3600)); outcome.withLock { $0 = cut }
            }
            drainer.start()
            try #require(try await eventually { daemon.router.state.isDraining })
            #expect(try readiness.request("GET", "/readyz").status == 503)
            let refused = try api.request("POST", "/v1/plans", body: sampleRequest)
            #expect(refused.status == 503 && refused.headers["connection"] == "close")
            try upload.send(rest)
            let answered = try upload.receive(method: "POST")
            #expect(answered.status == 200 && answered.headers["connection"] == "close")
            #expect(try await eventually { outcome.withLock { $0 } != nil })
            #expect(outcome.withLock { $0 } == 0)
            #expect(daemon.port == 0, "the drain stops the daemon")
        }
    }

    @Test(
        "a request still in flight when the grace period ends, or at a second signal, is cut and counted",
        arguments: ["grace period over", "second signal"])
    func forcedStopCountsTheCut(ending: String) async throws {
        let log = InMemoryLog()
        try await withDaemon(
            {
                $0.connectionTimeout = 60; $0.bodyTimeout = 60
            }, log: log
        ) { daemon in
            let upload = try startUpload(port: daemon.port).client
            try #require(try await eventually { daemon.router.state.inFlight == 1 })
            #expect(drainStuck(daemon, secondSignal: ending == "second signal") == 1)
            #expect(daemon.port == 0)
            let answer: [UInt8]
            do { answer = try upload.readToEnd() } catch { answer = [] }
            #expect(answer.isEmpty, "the cut upload gets no answer")
        }
        let notes = log.lines.filter { $0.level >= .notice }.map(\.message)
        #expect(notes.contains { $0.hasPrefix(ending) }, "\(notes)")
        #expect(notes.last == "forced stop: 1 requests in flight were cut", "\(notes)")
    }
}
