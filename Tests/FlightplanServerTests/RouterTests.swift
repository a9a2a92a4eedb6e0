import FlightplanServerTestSupport
import FlightplanWire
import Testing

@testable import FlightplanServer

/// One-line requests against the router as a pure function.
func respond(
    _ method: String, _ path: String, body: String? = nil, headers: [String: String] = [:],
    router: Router = Router(configuration: ServerConfiguration())
) -> HTTPResponse {
    var headers = headers
    headers["Host"] = headers["Host"] ?? "localhost"
    if let body {
        headers["Content-Length"] = headers["Content-Length"] ?? String(body.utf8.count)
        headers["Content-Type"] = headers["Content-Type"] ?? "application/json"
    }
    let request = HTTPRequest(head: RequestHead(method: method, path: path, headers: headers), body: Array((body ?? "").utf8))
    return router.exchange(request, requestID: Router.requestID(from: request.head[header: "x-request-id"]))
}

func problem(of response: HTTPResponse) throws -> ProblemDetails {
    #expect(response[header: "Content-Type"] == "application/problem+json")
    return try ProblemDetails(jsonBytes: response.body)
}

@Suite("Routing as a pure function")
struct RouterTests {
    @Test("a plan request answers the same bytes as the core")
    func plan() throws {
        let response = respond("POST", "/v1/plans", body: sampleRequest)
        #expect(response.status == 200 && response[header: "Content-Type"] == "application/json")
        #expect(response.body == (try Endpoint.plan.answer(Array(sampleRequest.utf8)).result.get()))
    }

    @Test("a batch answers every item in order; a bad item does not fail the others")
    func batch() throws {
        let bad =
            #"{"source": {"frame": {"x": 0, "y": 0, "width": 0, "height": 1}}, "destination": {"bounds": {"x": 0, "y": 0, "width": 3, "height": 3}}}"#
        let response = respond("POST", "/v1/plans/batch", body: #"{"requests": [\#(sampleRequest), \#(bad), \#(sampleRequest)]}"#)
        #expect(response.status == 200)
        let results = try #require(try JSONParser.parse(response.body).members?.first?.value.items)
        try #require(results.count == 3)
        let second = try #require(results[1].members)
        #expect(second.first?.key == "problem")
        let problem = try ProblemDetails(json: second[0].value, path: "")
        #expect(problem.status == 422 && problem.field == "source.frame.width")
        let first = try #require(results[0].members)
        #expect(try Plan(json: first[0].value, path: "") == Planner.plan(for: PlanRequest(jsonBytes: Array(sampleRequest.utf8)).validated()))
    }

    @Test("a batch over 256 items, or not shaped as one, is a 422")
    func batchLimits() throws {
        let items = Array(repeating: sampleRequest, count: 257).joined(separator: ",")
        #expect(try problem(of: respond("POST", "/v1/plans/batch", body: #"{"requests": [\#(items)]}"#)).field == "requests")
        #expect(try problem(of: respond("POST", "/v1/plans/batch", body: #"{"items": []}"#)).status == 422)
        #expect(try problem(of: respond("POST", "/v1/plans/batch", body: #"{"requests": [}"#)).status == 400)
    }

    @Test(
        "error statuses",
        arguments: [
            ("GET", "/nowhere", nil, [:], 404),
            ("DELETE", "/v1/plans", nil, [:], 405),
            ("GET", "/v1/plans", nil, [:], 405),
            ("POST", "/healthz", nil, [:], 405),
            ("POST", "/v1/plans", "{", [:], 400),
            ("POST", "/v1/plans", "{}", [:], 422),
            ("POST", "/v1/plans", "{}", ["Content-Type": "text/plain"], 415),
            ("POST", "/v1/plans", "{}", ["Content-Type": "application/json-patch+json"], 415),
            ("POST", "/v1/plans", nil, [:], 411),
            ("POST", "/v1/plans", "{}", ["Content-Length": "99999999"], 413),
            ("POST", "/v1/plans", nil, ["Transfer-Encoding": "gzip"], 501),
            ("POST", "/v1/plans", nil, ["Transfer-Encoding": "chunked", "Content-Length": "2"], 400),
            ("POST", "/v1/plans", "{}", ["Content-Length": "2, 7"], 400)
        ] as [(String, String, String?, [String: String], Int)])
    func errors(method: String, path: String, body: String?, headers: [String: String], status: Int) throws {
        let response = respond(method, path, body: body, headers: headers)
        #expect(response.status == status)
        let details = try problem(of: response)
        #expect(details.status == status && !details.title.isEmpty && !details.detail.isEmpty)
        #expect(details.requestID == response[header: "X-Request-Id"])
        if status == 405 { #expect(response[header: "Allow"]?.contains("OPTIONS") == true) }
        if status == 415 { #expect(response[header: "Accept-Post"] == "application/json") }
    }

    @Test("charset parameters on application/json are fine")
    func charset() {
        #expect(respond("POST", "/v1/plans", body: sampleRequest, headers: ["Content-Type": "Application/JSON; charset=utf-8"]).status == 200)
    }

    @Test(
        "a Content-Type names JSON by its first non-empty part, trimmed, in any case",
        arguments: [
            ("application/json", true), ("APPLICATION/Json", true), (" \tapplication/json\t ; charset=utf-8", true),
            (";;application/json;x=1", true), ("", false), (";", false), ("  ;application/json", false), ("application/jsonx", false),
            ("application/json-patch+json", false), ("text/json", false), ("application/ json", false)
        ])
    func contentType(value: String, isJSON: Bool) {
        #expect(Router.namesJSON(value) == isJSON)
    }

    @Test("CORS preflight on every route, and every response allows the origin", arguments: Router.routes.map(\.path))
    func preflight(path: String) {
        let response = respond("OPTIONS", path, headers: ["Origin": "null", "Access-Control-Request-Method": "POST"])
        #expect(response.status == 204)
        #expect(response[header: "Access-Control-Allow-Origin"] == "*")
        #expect(response[header: "Access-Control-Allow-Methods"]?.contains("OPTIONS") == true)
        #expect(response[header: "Access-Control-Max-Age"] == "86400")
        #expect(response[header: "Access-Control-Allow-Headers"]?.contains("Content-Type") == true)
    }

    @Test("a configured origin list echoes allowed origins only")
    func originList() {
        var configuration = ServerConfiguration()
        configuration.corsOrigin = "https://figma.com, null"
        let router = Router(configuration: configuration)
        #expect(respond("GET", "/healthz", headers: ["Origin": "null"], router: router)[header: "Access-Control-Allow-Origin"] == "null")
        #expect(respond("GET", "/healthz", headers: ["Origin": "https://evil.example"], router: router)[header: "Access-Control-Allow-Origin"] == nil)
        #expect(respond("GET", "/healthz", router: router)[header: "Vary"] == "Origin")
    }

    @Test("request ids are echoed when sane and generated otherwise")
    func requestIDs() throws {
        #expect(respond("GET", "/healthz", headers: ["X-Request-Id": "abc-123"])[header: "X-Request-Id"] == "abc-123")
        let first = try #require(respond("GET", "/healthz", headers: ["X-Request-Id": "bad id with spaces"])[header: "X-Request-Id"])
        let second = try #require(respond("GET", "/healthz")[header: "X-Request-Id"])
        #expect(first != second && first.prefix(17) == second.prefix(17), "one process prefix, a new counter: \(first) \(second)")
        #expect(Router.requestID(from: first) == first, "a generated id is itself a valid id to echo")
    }

    @Test("a generated id is the process prefix (16 hex digits and a dash), then the counter in lower-case hex, rising")
    func generatedRequestIDs() throws {
        // 300 ids pass from 2 hex digits to 3 (or from 3 to 4) whatever other tests took before.
        let ids = (0..<300).map { _ in Router.requestID(from: nil) }
        let prefix = String(ids[0].prefix(17))
        #expect(prefix.utf8.dropLast().allSatisfy { "0123456789abcdef".utf8.contains($0) } && prefix.hasSuffix("-"))
        let counters = try ids.map { id in
            let counter = try #require(UInt64(id.dropFirst(17), radix: 16))
            #expect(id == prefix + String(counter, radix: 16))
            return counter
        }
        #expect(zip(counters, counters.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test("while draining: readiness and new plan requests are 503, liveness stays 200, connections close")
    func draining() {
        let router = Router(configuration: ServerConfiguration())
        #expect(respond("GET", "/readyz", router: router).status == 200)
        router.state.beginDraining()
        let response = respond("GET", "/readyz", router: router)
        #expect(response.status == 503 && response[header: "Retry-After"] == "1" && response[header: "Connection"] == "close")
        #expect(respond("GET", "/healthz", router: router).status == 200)
        let refused = respond("POST", "/v1/plans", body: sampleRequest, router: router)
        #expect(refused.status == 503 && refused[header: "Retry-After"] == "1" && refused[header: "Connection"] == "close")
    }

    @Test("metrics count requests by route and status, and plans by style")
    func metrics() {
        let router = Router(configuration: ServerConfiguration())
        router.state.metrics.recordRequest(route: "/v1/plans", status: 200, microseconds: 120, bytes: 10)
        router.state.metrics.recordPlans(style: .zoom)
        let text = String(decoding: respond("GET", "/metrics", router: router).body, as: UTF8.self)
        #expect(text.contains(#"flightplan_http_requests_total{route="/v1/plans",status="200"} 1"#))
        #expect(text.contains(#"flightplan_plans_total{style="zoom"} 1"#))
        #expect(text.contains(#"flightplan_http_request_duration_seconds_bucket{route="/v1/plans",le="0.00025"} 1"#))
        #expect(text.contains(#"flightplan_http_request_duration_seconds_count{route="/v1/plans"} 1"#))
    }

    @Test("the contract is served byte for byte")
    func openAPI() {
        let response = respond("GET", "/openapi.yaml")
        #expect(response.status == 200 && Array(response.body) == OpenAPIDocument.bytes && response[header: "Content-Type"] == "application/yaml")
    }

    @Test("the preview carries a strict Content-Security-Policy: its own script and style by hash, nothing else inline, no plugins, base or framing")
    func previewPolicy() throws {
        let response = respond("GET", "/preview")
        #expect(response.status == 200 && Array(response.body) == PreviewPage.bytes)
        let policy = try #require(response[header: "Content-Security-Policy"])
        let directives = Dictionary(
            uniqueKeysWithValues: policy.split(separator: ";").map { directive in
                let words = directive.split(separator: " ")
                return (String(words[0]), words.dropFirst().map(String.init))
            })
        #expect(directives["default-src"] == ["'none'"] && directives["object-src"] == ["'none'"] && directives["base-uri"] == ["'none'"])
        #expect(directives["frame-ancestors"] == ["'none'"] && directives["form-action"] == ["'none'"])
        // One hash per inline block, each the block's SHA-256: never 'unsafe-inline' nor 'unsafe-eval'.
        for (directive, tag) in [("script-src", "script"), ("style-src", "style")] {
            let blocks = PreviewPage.inlineBlocks(tag, in: PreviewPage.bytes)
            #expect(blocks.count == 1 && blocks[0].count > 100, "\(tag)")
            #expect(directives[directive] == blocks.map { "'sha256-\(SHA256.base64Digest($0))'" }, "\(policy)")
        }
        #expect(!policy.contains("unsafe"))
    }

    @Test("SHA-256 and its base64 give FIPS 180-4's and RFC 4648's answers")
    func sha256() {
        func hex(_ text: String) -> String {
            SHA256.digest(Array(text.utf8)).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        }
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(String(repeating: "a", count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        #expect(SHA256.base64Digest([UInt8]()) == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    }

    @Test(
        "every answer says nosniff: pages, plans, problems, probes",
        arguments: [("GET", "/preview"), ("POST", "/v1/plans"), ("GET", "/nowhere"), ("GET", "/healthz")])
    func noSniffing(method: String, path: String) {
        let response = respond(method, path, body: method == "POST" ? sampleRequest : nil)
        #expect(response[header: "X-Content-Type-Options"] == "nosniff", "\(response.status)")
    }

    @Test(
        "heads that break RFC 9112 are refused with 400 and the connection closed",
        arguments: [
            (RequestHead(method: "GET", path: "/healthz", headers: [:]), "must have a Host header"),
            (RequestHead(method: "GET", path: "/healthz", headers: ["Host": "a, b"]), "exactly one Host header"),
            (RequestHead(method: "GET", path: "", headers: ["Host": "a"]), "encodes a control character")
        ])
    func malformedHeads(head: RequestHead, fragment: String) throws {
        let response = Router(configuration: ServerConfiguration()).exchange(HTTPRequest(head: head), requestID: "r")
        #expect(response.status == 400 && response[header: "Connection"] == "close")
        let problem = try problem(of: response)
        #expect(problem.detail.contains(fragment) && problem.requestID == "r", "\(problem.detail)")
    }

    @Test("an HTTP/1.0 request may leave Host out")
    func http10WithoutHost() {
        let head = RequestHead(method: "GET", path: "/healthz", version: "HTTP/1.0")
        #expect(Router(configuration: ServerConfiguration()).exchange(HTTPRequest(head: head), requestID: "r").status == 200)
    }

    @Test("absolute-form targets are routed by their path", arguments: ["http://example.com/healthz", "HTTPS://example.com:8443/healthz"])
    func absoluteForm(target: String) {
        #expect(RequestHead(method: "GET", path: target).path == "/healthz")
        #expect(respond("GET", target).status == 200)
    }

    @Test("echoed input is bounded: a 900 kB path is answered with 200 characters of it and a truncation mark")
    func boundedEcho() throws {
        let path = "/" + String(repeating: "x", count: 900_000)
        let response = respond("GET", path)
        #expect(response.status == 404 && response.body.count < 1_000)
        #expect(try problem(of: response).detail.contains("… (truncated, 900001 characters)"))
    }

    @Test(
        "a 20 kB unknown query parameter name is echoed cut to 200 characters, in field as in detail",
        arguments: ["/v1/plans", "/v1/plans/filmstrip.svg"])
    func boundedQueryName(path: String) throws {
        let name = String(repeating: "n", count: 20_000)
        let response = respond("POST", "\(path)?\(name)=1", body: sampleRequest)
        let details = try problem(of: response)
        #expect(response.status == 400 && response.body.count < 1_000, "\(response.body.count) bytes")
        #expect(details.field == String(repeating: "n", count: 200) + "… (truncated, 20000 characters)")
        #expect(details.detail.contains(try #require(details.field)))
    }
}
