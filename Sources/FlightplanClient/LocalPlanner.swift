public import FlightplanWire

/// Plans on the device with the geometry core: no network, the same plans as the server.
///
/// Its responses and errors carry no request id (`requestID` is nil): no server sees the request.
public struct LocalPlanner: TransitionPlanner {
    /// Creates a local planner.
    public init() {}

    /// Plans one transition.
    /// - Parameter request: What to plan.
    /// - Returns: The plan (with a nil request id).
    /// - Throws: ``PlannerError`` with the problem the server would answer (422) when the request is invalid.
    public func plan(_ request: PlanRequest) async throws(PlannerError) -> PlannerResponse<Plan> {
        do { return PlannerResponse(try Planner.plan(for: request.validated()), requestID: nil) } catch { throw Self.refusal(error) }
    }

    /// Plans each request; invalid ones become their problem, as in the server's batch answer.
    /// - Parameter requests: What to plan, in order.
    /// - Returns: Per request, in order, its plan or the problem with it (with a nil request id).
    /// - Throws: ``PlannerError`` with the problem the server would answer (422) for a batch over `Batch.maximumItems`.
    public func plans(_ requests: [PlanRequest]) async throws(PlannerError) -> PlannerResponse<[Result<Plan, ProblemDetails>]> {
        do { return PlannerResponse(try Batch.plans(for: requests), requestID: nil) } catch { throw Self.refusal(error) }
    }

    /// Answers a drag sample with the core.
    /// - Parameter request: The drag sample.
    /// - Returns: The dismissal answer (with a nil request id).
    /// - Throws: ``PlannerError`` with the problem the server would answer (422) when the sample is invalid.
    public func dismiss(_ request: DismissRequest) async throws(PlannerError) -> PlannerResponse<Dismissal> {
        do { return PlannerResponse(try DismissPlanner.dismiss(for: request.validated()), requestID: nil) } catch { throw Self.refusal(error) }
    }

    /// Plans one transition and writes it in `format`, as the server answers `POST /v1/plans?format=`.
    /// - Parameters:
    ///   - request: What to plan.
    ///   - format: The export format.
    ///   - idPrefix: The prefix of the export's class names and ids.
    /// - Returns: The export's bytes (with a nil request id).
    /// - Throws: ``PlannerError`` with the problem the server would answer: 400 for an invalid `idPrefix`, 422 for an
    ///   invalid request or an answer that would pass `PlanLimits.maximumAnswerBytes`.
    public func export(_ request: PlanRequest, format: PlanFormat, idPrefix: String) async throws(PlannerError) -> PlannerResponse<[UInt8]> {
        let query = [(name: "format", value: format.rawValue), (name: "idPrefix", value: idPrefix)]
        if case .failure(let problem) = Endpoint.plan.negotiate(query: query, accept: nil) {
            throw PlannerError(.problem(problem), requestID: nil)
        }
        do throws(ValidationError) {
            let plan = try Planner.plan(for: request.validated())
            guard let answer = format.answer(plan, idPrefix: idPrefix, limit: PlanLimits.maximumAnswerBytes) else {
                throw ValidationError.answerOverLimit(field: "sampling", format: format.rawValue)
            }
            return PlannerResponse(answer.array, requestID: nil)
        } catch {
            throw Self.refusal(error)
        }
    }

    /// The error for a request the validator refused.
    private static func refusal(_ error: ValidationError) -> PlannerError {
        PlannerError(.problem(.validation(error)), requestID: nil)
    }
}
