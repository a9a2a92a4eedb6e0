public import FlightplanCore

/// Plans on the device with the geometry core: no network, the same plans as the server.
public struct LocalPlanner: TransitionPlanner {
    /// Creates a local planner.
    public init() {}

    /// Plans one transition; an invalid request throws the problem the server would answer (422).
    public func plan(_ request: PlanRequest) async throws(PlannerError) -> Plan {
        do { return try Planner.plan(for: request) } catch { throw .problem(.validation(error)) }
    }

    /// Plans each request; invalid ones become their problem, as in the server's batch answer.
    public func plans(_ requests: [PlanRequest]) async throws(PlannerError) -> [Result<Plan, ProblemDetails>] {
        var results: [Result<Plan, ProblemDetails>] = []
        for request in requests {
            do { results.append(.success(try Planner.plan(for: request))) } catch { results.append(.failure(.validation(error))) }
        }
        return results
    }

    /// Answers a drag sample with the core; an invalid one throws the problem the server would answer (422).
    public func dismiss(_ request: DismissRequest) async throws(PlannerError) -> Dismissal {
        do { return try DismissPlanner.dismiss(for: request) } catch { throw .problem(.validation(error)) }
    }
}
