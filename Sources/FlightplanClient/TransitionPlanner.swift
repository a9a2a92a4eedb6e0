public import FlightplanWire

/// Plans transitions, on the device (``LocalPlanner``) or on a Flightplan server (``RemotePlanner``),
/// with identical results: both run the same geometry core and the same JSON encoder.
///
/// Every answer comes as a ``PlannerResponse`` (the value and its request id) and every failure as a
/// ``PlannerError`` (the reason and its request id).
public protocol TransitionPlanner: Sendable {
    /// Plans one transition.
    /// - Parameter request: What to plan.
    /// - Returns: The plan, with the request id it was answered under.
    /// - Throws: ``PlannerError``: the problem details when the request is invalid (422), else why no plan arrived.
    func plan(_ request: PlanRequest) async throws(PlannerError) -> PlannerResponse<Plan>
    /// Plans up to `Batch.maximumItems` transitions in one exchange.
    /// - Parameter requests: What to plan, in order.
    /// - Returns: Per request, in order, its plan or the problem with it; with the batch's request id.
    /// - Throws: ``PlannerError``: the problem details when the batch itself is refused (too many items, 422),
    ///   else why no answer arrived.
    func plans(_ requests: [PlanRequest]) async throws(PlannerError) -> PlannerResponse<[Result<Plan, ProblemDetails>]>
    /// Answers one sample of a dismissal drag: the state under the finger and, on release, the
    /// decision and the completion plan. ``LocalPlanner`` is fast enough to call on every frame.
    /// - Parameter request: The drag sample.
    /// - Returns: The dismissal answer, with the request id it was answered under.
    /// - Throws: ``PlannerError``: the problem details when the sample is invalid (422), else why no answer arrived.
    func dismiss(_ request: DismissRequest) async throws(PlannerError) -> PlannerResponse<Dismissal>
    /// Plans one transition and answers it in an export format, ready to play (`POST /v1/plans?format=`).
    /// - Parameters:
    ///   - request: What to plan.
    ///   - format: The export: `json` (the plan's own JSON), `waapi`, `css`, `svg`, `lottie` or `core-animation`.
    ///   - idPrefix: The prefix of the export's class names and ids (css, svg, waapi): a letter, then up to 31
    ///     letters, digits, `-` or `_`.
    /// - Returns: The export's bytes (UTF-8 text of the format's `mediaType`), with the request id it was answered
    ///   under.
    /// - Throws: ``PlannerError``: the problem details when the request or `idPrefix` is invalid or the answer would
    ///   pass `PlanLimits.maximumAnswerBytes` (422), else why no answer arrived.
    func export(_ request: PlanRequest, format: PlanFormat, idPrefix: String) async throws(PlannerError) -> PlannerResponse<[UInt8]>
}

extension TransitionPlanner {
    /// Plans one transition and answers it in `format`, its class names and ids starting with
    /// `ExportScene.defaultPrefix`.
    /// - Parameters:
    ///   - request: What to plan.
    ///   - format: The export format.
    /// - Returns: The export's bytes, with the request id it was answered under.
    /// - Throws: ``PlannerError``, as ``export(_:format:idPrefix:)`` does.
    public func export(_ request: PlanRequest, format: PlanFormat) async throws(PlannerError) -> PlannerResponse<[UInt8]> {
        try await export(request, format: format, idPrefix: ExportScene.defaultPrefix)
    }

    /// The plan that continues a running transition: the one `running` asks for, `time` seconds in, towards what
    /// `next` asks for (its opposite `direction` reverses it; a moved destination retargets it). It starts exactly
    /// at the running plan's state, leaves with its velocity and ends exactly at `next`'s end.
    /// - Parameters:
    ///   - running: The request whose plan is on screen.
    ///   - time: Seconds into the running plan.
    ///   - next: What the transition should now reach.
    /// - Returns: The continuation, with the request id it was answered under.
    /// - Throws: ``PlannerError``, as ``plan(_:)`` does.
    public func interrupt(_ running: PlanRequest, at time: Double, with next: PlanRequest) async throws(PlannerError) -> PlannerResponse<Plan> {
        var next = next
        next.from = .running(running, time: time)
        return try await plan(next)
    }
}
