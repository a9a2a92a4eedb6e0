import FlightplanWire
import Testing

/// `Endpoint.negotiate(query:accept:)` without a server: the query and `Accept` in, the format and prefix or the
/// problem out.
@Suite("Negotiation: ?format=, ?idPrefix= and Accept, beside the endpoint")
struct NegotiationTests {
    /// Negotiates `query` (`a=1&b=2`, undecoded names and values) and `accept` on `endpoint`.
    func negotiate(
        _ endpoint: Endpoint = .plan, _ query: String = "", accept: String? = nil
    ) -> Result<Endpoint.Negotiation, ProblemDetails> {
        let parameters = query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return (name: parts[0], value: parts.count == 2 ? parts[1] : "")
        }
        return endpoint.negotiate(query: parameters, accept: accept)
    }

    @Test("nothing asked is JSON with the default prefix; ?format= wins over Accept; Accept picks among JSON, CSS and SVG")
    func chosen() throws {
        let plain = try negotiate().get()
        #expect(plain.format == .json && plain.idPrefix == ExportScene.defaultPrefix)
        #expect(try negotiate(.plan, "format=lottie&idPrefix=my-id", accept: "text/css;q=0").get().format == .lottie)
        #expect(try negotiate(.plan, "format=lottie&idPrefix=my-id").get().idPrefix == "my-id")
        #expect(try negotiate(.plan, accept: "text/css, */*;q=0.1").get().format == .css)
        // Only the plan negotiates: the batch's answer is JSON whatever the client accepts, the CSS and SVG
        // operations' their own format.
        #expect(try negotiate(.batch, accept: "text/css").get().format == .json)
        let svg = try negotiate(.svg, "idPrefix=tool", accept: "text/css").get()
        #expect(svg.format == .svg && svg.idPrefix == "tool")
        #expect(try negotiate(.css, accept: "text/html").get().format == .css)
    }

    @Test(
        "each refusal is the status's problem naming what to fix; the format is decided before the prefix is read",
        arguments: [
            (Endpoint.plan, "size=2", nil, 400, "size"),
            (.filmstrip, "format=svg", nil, 400, "format"),
            (.css, "format=css", nil, 400, "format"),
            (.plan, "format=css&format=svg", nil, 400, "format"),
            (.plan, "format=gif", nil, 400, "format"),
            (.plan, "idPrefix=a&idPrefix=b", nil, 400, "idPrefix"),
            (.plan, "idPrefix=1x", nil, 400, "idPrefix"),
            (.plan, "idPrefix=1x", "text/html", 406, nil)
        ] as [(Endpoint, String, String?, Int, String?)])
    func refused(endpoint: Endpoint, query: String, accept: String?, status: Int, field: String?) {
        guard case .failure(let problem) = negotiate(endpoint, query, accept: accept) else {
            Issue.record("\(endpoint.path)?\(query) with Accept \(accept ?? "none") was not refused")
            return
        }
        #expect(problem.status == status && problem.field == field && problem.type == "about:blank")
        #expect(problem.title == (status == 400 ? HTTPStatus.badRequest : HTTPStatus.notAcceptable).reasonPhrase)
    }
}
