/// The API's computing endpoints, each the whole path from a request body to a response body. The
/// server, the CLI, the SDK's local planner and the fuzzer all answer through these, so all of them
/// produce the same bytes and the same problems.
public enum Endpoint: String, Sendable, Hashable, CaseIterable {
    /// `POST /v1/plans`: one plan request in, one plan out.
    case plan = "/v1/plans"
    /// `POST /v1/plans/batch`: up to ``Batch/maximumItems`` requests in, a plan or a problem for each out.
    case batch = "/v1/plans/batch"
    /// `POST /v1/plans/filmstrip.svg`: a plan request plus `frames` in, an SVG filmstrip out.
    case filmstrip = "/v1/plans/filmstrip.svg"
    /// `POST /v1/plans/export.css`: one plan request in, the plan's CSS export out (`?format=css` on ``plan`` as an
    /// operation of its own, whose one answer type is `text/css`, so that generated clients can read it).
    case css = "/v1/plans/export.css"
    /// `POST /v1/plans/export.svg`: one plan request in, the plan's animated SVG export out (`?format=svg` on
    /// ``plan`` as an operation of its own, whose one answer type is `image/svg+xml`).
    case svg = "/v1/plans/export.svg"
    /// `POST /v1/gestures/dismiss`: one dismissal drag sample in, its state (and on release, the completion) out.
    case dismiss = "/v1/gestures/dismiss"

    /// The route's path.
    public var path: String { rawValue }

    /// The media type of a successful answer in `format`.
    /// - Parameter format: The format a plan is answered in; only ``plan`` answers in it directly.
    /// - Returns: `format`'s ``PlanFormat/mediaType`` for ``plan``, the fixed format's for ``css`` and ``svg``,
    ///   `image/svg+xml` for ``filmstrip`` and `application/json` for ``batch`` and ``dismiss``, which embed their
    ///   exports.
    public func contentType(for format: PlanFormat) -> String {
        switch self {
        case .plan: format.mediaType
        case .css: PlanFormat.css.mediaType
        case .svg: PlanFormat.svg.mediaType
        case .filmstrip: "image/svg+xml"
        case .batch, .dismiss: "application/json"
        }
    }

    /// What an endpoint answered: the body of a 200, or the problem; and the plans it computed, for metrics.
    public struct Answer: Sendable {
        /// The body of a 200 (a JSON answer as its writer wrote it), or the problem to answer instead.
        public var result: Result<OwnedBytes, ProblemDetails>
        /// The style of every plan computed on the way (one per batch item that planned).
        public var plannedStyles: [TransitionStyle]
    }

    /// Parses, validates and answers one request body, plans in `format` (exports' classes and ids starting
    /// with `idPrefix`).
    /// - Parameters:
    ///   - body: The request body's bytes, UTF-8 JSON.
    ///   - format: The form plans are answered in; ``filmstrip`` ignores it, ``css`` and ``svg`` answer in their own.
    ///   - idPrefix: The prefix of an export's class names and ids; not checked here (``PlanFormat/check(idPrefix:)``
    ///     does).
    /// - Returns: The 200 body and the styles of the plans computed; or a 400 problem
    ///   (``ProblemDetails/malformedJSON(_:)``) for a body that is not well-formed JSON, or a 422 problem
    ///   (``ProblemDetails/validation(_:)``) naming the field for one that is invalid or cannot be planned, or whose
    ///   answer would pass ``PlanLimits/maximumAnswerBytes``. A batch answers its items' problems inside its 200 body.
    public func answer(_ body: some Collection<UInt8>, format: PlanFormat = .json, idPrefix: String = ExportScene.defaultPrefix) -> Answer {
        switch self {
        case .plan:
            return Self.answer(body, as: PlanRequest.self) { request throws(ValidationError) in
                let plan = try Planner.plan(for: request.validated())
                // The answer as its writer wrote it: it is sent from the writer's own buffer.
                guard let answer = format.answer(plan, idPrefix: idPrefix, limit: PlanLimits.maximumAnswerBytes) else {
                    throw .answerOverLimit(field: "sampling", format: format.rawValue)
                }
                return (answer, [plan.style])
            }
        case .css: return Endpoint.plan.answer(body, format: .css, idPrefix: idPrefix)
        case .svg: return Endpoint.plan.answer(body, format: .svg, idPrefix: idPrefix)
        case .dismiss:
            return Self.answer(body, as: DismissRequest.self) { request throws(ValidationError) in
                let dismissal = try DismissPlanner.dismiss(for: request.validated())
                guard format != .json else { return (OwnedBytes(dismissal.jsonBytes), dismissal.plan.map { [$0.style] } ?? []) }
                var writer = JSONWriter(capacity: dismissal.estimatedJSONSize * 2, limit: PlanLimits.maximumAnswerBytes)
                dismissal.write(to: &writer, format: format, idPrefix: idPrefix)
                guard !writer.exceededLimit else { throw .answerOverLimit(field: "plan.sampling", format: format.rawValue) }
                return (writer.handedOver(), dismissal.plan.map { [$0.style] } ?? [])
            }
        case .filmstrip:
            return Self.answer(body, as: FilmstripRequest.self) { request throws(ValidationError) in
                (OwnedBytes(Array(try Filmstrip.svg(for: request.plan, frames: request.frames).utf8)), [request.plan.style])
            }
        case .batch:
            return Self.answer(body, as: Batch.Request.self) { batch throws(ValidationError) in
                try Batch.answer(batch, format: format, idPrefix: idPrefix)
            }
        }
    }

    /// Decodes `body` as `Value`, then answers with `respond`: bad JSON is a 400, an invalid value a 422.
    private static func answer<Value: JSONDecodable>(
        _ body: some Collection<UInt8>, as type: Value.Type, respond: (Value) throws(ValidationError) -> (OwnedBytes, [TransitionStyle])
    ) -> Answer {
        let value: Value
        do { value = try Value(jsonBytes: body) } catch { return Answer(result: .failure(.input(error)), plannedStyles: []) }
        do {
            let (bytes, styles) = try respond(value)
            return Answer(result: .success(bytes), plannedStyles: styles)
        } catch {
            return Answer(result: .failure(.validation(error)), plannedStyles: [])
        }
    }
}
