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
}
