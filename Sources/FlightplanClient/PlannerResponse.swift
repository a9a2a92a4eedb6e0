/// What a planner answered, with the request id it was answered under.
///
/// ```swift
/// let response = try await planner.plan(request)
/// logger.info("planned", metadata: ["request_id": "\(response.requestID ?? "local")"])
/// play(response.value)
/// ```
public struct PlannerResponse<Value: Sendable>: Sendable {
    /// The answer: a `Plan`, a batch's items or a `Dismissal`.
    public var value: Value
    /// The exchange's `X-Request-Id` (the server's answer header, which echoes the id the SDK sent); nil for
    /// ``LocalPlanner``, whose requests no server sees.
    public var requestID: String?

    /// Creates a response.
    /// - Parameters:
    ///   - value: The answer.
    ///   - requestID: The exchange's request id, or nil when planning was local.
    public init(_ value: Value, requestID: String?) {
        self.value = value
        self.requestID = requestID
    }
}

extension PlannerResponse: Equatable where Value: Equatable {}
extension PlannerResponse: Hashable where Value: Hashable {}
