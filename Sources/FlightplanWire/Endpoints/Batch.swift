/// `POST /v1/plans/batch`: its request and response forms and its limit, used by the server and by both
/// SDK planners, so a batch the server refuses is refused locally too.
public enum Batch {
    /// Most items in one batch.
    public static let maximumItems = 256

    /// A batch body, `{"requests": [...]}`: each item is read on its own, so a bad one fails alone.
    public struct Request: JSONCodable, Sendable {
        /// Each item as read: the request, or why it is not one.
        public var items: [Result<PlanRequest, ValidationError>]

        /// Creates a batch of requests.
        /// - Parameter requests: The plan requests, in the order their results come back; none is validated here.
        public init(_ requests: [PlanRequest]) {
            items = requests.map { .success($0) }
        }

        /// Reads `{"requests": [...]}` with at most ``Batch/maximumItems`` items.
        /// - Parameters:
        ///   - json: The parsed body: an object whose only member is `requests`, an array.
        ///   - path: Where `json` sits in its document (`""` for a request body).
        /// - Throws: ``ValidationError`` when `json` is not an object, has a member other than `requests` (`is not a
        ///   known field`), has no `requests` or one that is not an array, or holds more than ``Batch/maximumItems``
        ///   items (`field` `requests`). An item that is not a valid plan request does not throw: it becomes a failed
        ///   item, its error's `field` a path from the item's own top (`source.frame`).
        public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
            guard case .object(let members) = json else {
                throw ValidationError(field: path, message: "must be an object {\"requests\": [...]}, got \(json.kindDescription)")
            }
            let reader = try JSONObjectReader(json, path: path)
            if let unknown = members.first(where: { $0.key != "requests" }) {
                throw ValidationError(field: reader.fieldPath(unknown.key), message: "is not a known field")
            }
            guard let requests = members.first?.value else { throw ValidationError(field: reader.fieldPath("requests"), message: "is required") }
            guard case .array(let values) = requests else {
                throw ValidationError(field: reader.fieldPath("requests"), message: "must be an array, got \(requests.kindDescription)")
            }
            try Batch.check(count: values.count)
            items = values.map { value in
                do throws(ValidationError) { return .success(try PlanRequest(json: value, path: "")) } catch { return .failure(error) }
            }
        }

        /// Writes `{"requests": [...]}` (items that could not be read are left out).
        /// - Parameter writer: The writer the body is appended to.
        public func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.key("requests")
            writer.beginArray()
            for case .success(let request) in items { request.write(to: &writer) }
            writer.endArray()
            writer.endObject()
        }

        /// About 1 kB per request.
        public var estimatedJSONSize: Int { 1024 * max(1, items.count) }
    }

    /// Refuses a batch of more than ``maximumItems``.
    /// - Parameter count: The number of items in the batch.
    /// - Throws: ``ValidationError`` with `field` `requests` when `count` is more than ``maximumItems``
    ///   (`must have at most 256 items, got 300`).
    public static func check(count: Int) throws(ValidationError) {
        guard count <= maximumItems else {
            throw ValidationError(field: "requests", message: "must have at most \(maximumItems) items, got \(count)")
        }
    }

    /// Plans every item in order, handing each plan or problem to `each` as soon as it is computed.
    ///
    /// A batch shares one plan's budget (``PlanLimits``), so it costs at most what one maximal plan costs:
    /// the keyframes that fixed samplings (`keyframes`, `fps`) produce over all items are counted before
    /// anything is computed, and a batch over ``PlanLimits/maximumTotalKeyframes`` is refused whole; the
    /// items then share what is left of the output budget (``PlanLimits/maximumOutputPoints``: the tolerance
    /// searches' keyframes and every item's easing stops) and of the state evaluations, and an item that would
    /// need more than is left gets its own `sampling.tolerance` or `timing.curve` problem.
    /// - Throws: a ``ValidationError`` naming `requests` when the fixed samplings alone exceed the budget.
    static func plan(_ items: [Result<PlanRequest, ValidationError>], each: (Result<Plan, ProblemDetails>) -> Void) throws(ValidationError) {
        let validated = items.map { item -> Result<ValidatedPlanRequest, ValidationError> in
            do throws(ValidationError) { return .success(try item.get().validated()) } catch { return .failure(error) }
        }
        let fixed = validated.reduce(0) { total, item in
            guard case .success(let request) = item else { return total }
            return total + (request.fixedKeyframes ?? 0)
        }
        guard fixed <= PlanLimits.maximumTotalKeyframes else {
            throw ValidationError(
                field: "requests",
                message:
                    "would produce \(fixed) keyframes over all items, more than \(PlanLimits.maximumTotalKeyframes) (a batch shares one plan's budget)"
            )
        }
        var shared = PlanLimits.samplingBudget
        shared.totalKeyframes -= fixed
        for item in validated {
            do throws(ValidationError) {
                let request = try item.get()
                // A fixed sampling's keyframes are already counted in `fixed`: handed back, for the planner to spend
                // them again along with the easing's stops.
                shared.totalKeyframes += request.fixedKeyframes ?? 0
                each(.success(try Planner.plan(for: request, spending: &shared)))
            } catch {
                each(.failure(.validation(error)))
            }
        }
    }

    /// Plans every request of a batch, in order (the SDK's local planner), with the server's budget and limits.
    /// - Parameter requests: The plan requests, at most ``maximumItems`` of them.
    /// - Returns: One result per request, in order: the plan, or the 422 ``ProblemDetails`` of an item that is not
    ///   valid or would overrun what is left of the shared budget.
    /// - Throws: ``ValidationError`` with `field` `requests` when there are more than ``maximumItems`` requests, or
    ///   when the fixed samplings (`keyframes`, `fps`) of the valid ones together exceed
    ///   ``PlanLimits/maximumTotalKeyframes``.
    public static func plans(for requests: [PlanRequest]) throws(ValidationError) -> [Result<Plan, ProblemDetails>] {
        try check(count: requests.count)
        var results: [Result<Plan, ProblemDetails>] = []
        try plan(requests.map { .success($0) }) { results.append($0) }
        return results
    }

    /// The response body for a batch, `{"results": [{"plan": …} or {"problem": …}, …]}`, and the style of
    /// every plan in it. Each plan is written as soon as it is computed, so no more than one is held at once. A batch
    /// whose answer would pass ``PlanLimits/maximumAnswerBytes`` is refused whole, naming `requests`.
    static func answer(_ batch: Request, format: PlanFormat = .json, idPrefix: String = ExportScene.defaultPrefix) throws(ValidationError) -> (
        OwnedBytes, [TransitionStyle]
    ) {
        // 16 kB an item: a plan's answer is 5 to 11 kB, so a batch of them is written without growing the buffer (each
        // growth copies all written so far); the largest batch reserves 4 MB, whose unwritten pages cost no memory.
        var writer = JSONWriter(capacity: 16_384 * max(1, batch.items.count), limit: PlanLimits.maximumAnswerBytes)
        var styles: [TransitionStyle] = []
        writer.beginObject()
        writer.key("results")
        writer.beginArray()
        try plan(batch.items) { result in
            writer.beginObject()
            switch result {
            case .success(let plan):
                styles.append(plan.style)
                writer.key("plan")
                format.write(plan, to: &writer, idPrefix: idPrefix)
            case .failure(let problem):
                writer.key("problem")
                problem.write(to: &writer)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        guard !writer.exceededLimit else { throw .answerOverLimit(field: "requests", format: format.rawValue) }
        return (writer.handedOver(), styles)
    }

    /// The items of a batch response body, in order (the SDK's remote planner).
    /// - Parameter body: The response body's bytes, `{"results": [{"plan": …} or {"problem": …}, …]}`.
    /// - Returns: One result per item, in order: the plan, or the problem the server answered for it.
    /// - Throws: ``JSONInputError/syntax(_:)`` when `body` is not well-formed JSON; ``JSONInputError/invalid(_:)`` with
    ///   a ``ValidationError`` naming `results` when it is missing or not an array, another top-level member, an item
    ///   (`results[3]`) that is not an object with exactly one `plan` or `problem`, or a field of the plan or problem
    ///   that is not in its form.
    public static func results(fromResponse body: some Collection<UInt8>) throws(JSONInputError) -> [Result<Plan, ProblemDetails>] {
        let document: JSONValue
        do { document = try JSONParser.parse(body) } catch { throw .syntax(error) }
        do throws(ValidationError) {
            let reader = try JSONObjectReader(document, path: "")
            guard let items = try reader.array("results") else { throw ValidationError(field: "results", message: "is required") }
            try reader.finish(allowing: ["results"])
            return try items.enumerated().map { index, item throws(ValidationError) in
                let path = reader.fieldPath("results").index(index)
                guard case .object(let member) = item, member.count == 1 else {
                    throw ValidationError(field: path, message: "must hold one plan or one problem")
                }
                switch member[0].key {
                case "plan": return .success(try Plan(json: member[0].value, path: path.member("plan")))
                case "problem": return .failure(try ProblemDetails(json: member[0].value, path: path.member("problem")))
                default: throw ValidationError(field: path, message: "must hold one plan or one problem")
                }
            }
        } catch {
            throw .invalid(error)
        }
    }
}
