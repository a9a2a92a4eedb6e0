/// The whole path from a request body to a response body, shared by the CLI, the server and the SDK's
/// local planner so that all three produce the same bytes.
public enum PlanEndpoint {
    /// Parses, validates and plans one request body; returns the plan's JSON or the problem.
    public static func plan(body: some Collection<UInt8>) -> Result<[UInt8], ProblemDetails> {
        let request: PlanRequest
        do { request = try PlanRequest(jsonBytes: body) } catch { return .failure(.input(error)) }
        do { return .success(try Planner.plan(for: request).jsonBytes) } catch { return .failure(.validation(error)) }
    }

    /// Parses, validates and answers one dismissal drag sample; returns the answer's JSON or the problem.
    public static func dismiss(body: some Collection<UInt8>) -> Result<[UInt8], ProblemDetails> {
        let request: DismissRequest
        do { request = try DismissRequest(jsonBytes: body) } catch { return .failure(.input(error)) }
        do { return .success(try DismissPlanner.dismiss(for: request).jsonBytes) } catch { return .failure(.validation(error)) }
    }

    /// Parses a plan request with an optional `frames` member and draws its filmstrip; returns the SVG or the problem.
    public static func filmstrip(body: some Collection<UInt8>) -> Result<[UInt8], ProblemDetails> {
        let document: JSONValue
        do { document = try JSONParser.parse(body) } catch { return .failure(.malformedJSON(error)) }
        do { return .success(Array(try filmstrip(document).utf8)) } catch { return .failure(.validation(error)) }
    }

    /// A `/v1/plans` body plus `frames` (default ``Filmstrip/defaultFrames``), drawn.
    private static func filmstrip(_ document: JSONValue) throws(ValidationError) -> String {
        let reader = try JSONObjectReader(document, path: "")
        var frames = Filmstrip.defaultFrames
        if let value = try reader.number("frames") {
            guard let whole = Int(exactly: value) else {
                throw ValidationError(field: "frames", message: "must be a whole number, got \(describeNumber(value))")
            }
            frames = whole
        }
        let request = try PlanRequest(json: .object(reader.members.filter { $0.key != "frames" }), path: "")
        return try Filmstrip.svg(for: request, frames: frames)
    }
}
