public import FlightplanWire

/// Plans on the device with the geometry core: no network, the same plans as the server.
public struct LocalPlanner: TransitionPlanner {
    /// Creates a local planner.
    public init() {}

    /// Plans one transition; an invalid request throws the problem the server would answer (422).
    public func plan(_ request: PlanRequest) async throws(PlannerError) -> Plan {
        do { return try Planner.plan(for: request.validated()) } catch { throw .problem(.validation(error)) }
    }

    /// Plans each request; invalid ones become their problem, as in the server's batch answer, and a batch
    /// over ``Batch/maximumItems`` throws the problem the server would answer (422).
    public func plans(_ requests: [PlanRequest]) async throws(PlannerError) -> [Result<Plan, ProblemDetails>] {
        do { return try Batch.plans(for: requests) } catch { throw .problem(.validation(error)) }
    }

    /// Answers a drag sample with the core; an invalid one throws the problem the server would answer (422).
    public func dismiss(_ request: DismissRequest) async throws(PlannerError) -> Dismissal {
        do { return try DismissPlanner.dismiss(for: request.validated()) } catch { throw .problem(.validation(error)) }
    }
}
