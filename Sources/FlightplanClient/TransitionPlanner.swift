public import FlightplanWire

/// Plans transitions, on the device (``LocalPlanner``) or on a Flightplan server (``RemotePlanner``),
/// with identical results: both run the same geometry core and the same JSON encoder.
public protocol TransitionPlanner: Sendable {
    /// Plans one transition.
    func plan(_ request: PlanRequest) async throws(PlannerError) -> Plan
    /// Plans up to ``Batch/maximumItems`` transitions; each item is a plan or the problem with that item.
    func plans(_ requests: [PlanRequest]) async throws(PlannerError) -> [Result<Plan, ProblemDetails>]
    /// Answers one sample of a dismissal drag: the state under the finger and, on release, the
    /// decision and the completion plan. ``LocalPlanner`` is fast enough to call on every frame.
    func dismiss(_ request: DismissRequest) async throws(PlannerError) -> Dismissal
}

/// Why planning failed: the service's own answer, kept apart from transport and decoding failures.
public enum PlannerError: Error, Sendable, Hashable {
    /// The request was refused: the server's (or the local validator's) RFC 9457 problem details,
    /// with `status`, `title`, `detail`, the offending `field` and the server's `requestID`.
    case problem(ProblemDetails)
    /// The server could not be reached or the connection failed.
    case transport(String)
    /// No answer within the configured timeout.
    case timedOut
    /// The answer was not the JSON the contract promises.
    case decoding(String)
    /// The task was cancelled.
    case cancelled
}

extension PlannerError {
    /// The problem details when the service refused the request, else nil.
    public var problem: ProblemDetails? {
        if case .problem(let problem) = self { return problem }
        return nil
    }
}

extension TransitionPlanner {
    /// The plan that continues a running transition: the one `running` asks for, `time` seconds in, towards what
    /// `next` asks for (its opposite `direction` reverses it; a moved destination retargets it). It starts exactly
    /// at the running plan's state, leaves with its velocity and ends exactly at `next`'s end.
    public func interrupt(_ running: PlanRequest, at time: Double, with next: PlanRequest) async throws(PlannerError) -> Plan {
        var next = next
        next.from = .running(running, time: time)
        return try await plan(next)
    }
}
