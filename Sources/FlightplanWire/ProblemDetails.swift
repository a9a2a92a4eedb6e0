/// An RFC 9457 problem details object (`application/problem+json`).
public struct ProblemDetails: Sendable, Hashable, Error {
    /// A URI naming the kind of problem (`https://flightplan.dev/problems/validation`, or `about:blank`).
    public var type: String
    /// A short summary of the kind of problem.
    public var title: String
    /// The HTTP status code.
    public var status: Int
    /// What went wrong this time, for a person to read.
    public var detail: String
    /// Extension member: the offending field's path, for validation problems.
    public var field: String?
    /// Extension member: the request id the server logged this under.
    public var requestID: String?

    /// Creates a problem.
    /// - Parameters:
    ///   - type: A URI naming the kind of problem; `about:blank` when the status says it all.
    ///   - title: A short summary of the kind of problem, the same for every problem of that type.
    ///   - status: The HTTP status code the problem is answered with (400, 422, …).
    ///   - detail: What went wrong this time, for a person to read.
    ///   - field: The offending field's path (`source.frame.width`); nil when no one field is to blame.
    ///   - requestID: The request id the server logged the problem under; nil when not known.
    public init(type: String, title: String, status: Int, detail: String, field: String? = nil, requestID: String? = nil) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.field = field
        self.requestID = requestID
    }

    /// The problem of a status that says it all (RFC 9457 §4.2.1): type `about:blank`, titled with the status's
    /// reason phrase; the one constructor of every problem the server answers for the request's HTTP (not its body).
    /// - Parameters:
    ///   - status: The status answered (``HTTPStatus/notFound``, …), whose code and reason phrase the problem carries.
    ///   - detail: What went wrong this time, for a person to read.
    ///   - field: The offending field or query parameter; nil when no one field is to blame.
    ///   - requestID: The request id the server logged the problem under; nil when not known.
    public init(_ status: HTTPStatus, detail: String, field: String? = nil, requestID: String? = nil) {
        self.init(type: "about:blank", title: status.reasonPhrase, status: status.code, detail: detail, field: field, requestID: requestID)
    }

    /// The problem for a body that is not well-formed JSON (400).
    /// - Parameter error: Where and why the parser stopped.
    /// - Returns: A 400 problem of type `…/malformed-json` whose detail quotes `error`, with no `field`.
    public static func malformedJSON(_ error: JSONSyntaxError) -> ProblemDetails {
        ProblemDetails(
            type: "https://flightplan.dev/problems/malformed-json", title: "Malformed JSON", status: HTTPStatus.badRequest.code,
            detail: "The body is not valid JSON: \(error.description).")
    }

    /// The problem for a well-formed request that cannot be planned (422).
    /// - Parameter error: The invalid field and what is wrong with it.
    /// - Returns: A 422 problem of type `…/validation` whose detail is `error`'s description and whose `field` is
    ///   `error.field` (nil when that is empty, the whole body).
    public static func validation(_ error: ValidationError) -> ProblemDetails {
        ProblemDetails(
            type: "https://flightplan.dev/problems/validation", title: "Invalid plan request", status: HTTPStatus.unprocessableContent.code,
            detail: error.description, field: error.field.isEmpty ? nil : error.field)
    }

    /// The problem for either kind of bad input.
    /// - Parameter error: Why the body could not become a value.
    /// - Returns: ``malformedJSON(_:)`` (400) for a syntax error, ``validation(_:)`` (422) for an invalid value.
    public static func input(_ error: JSONInputError) -> ProblemDetails {
        switch error {
        case .syntax(let syntax): return malformedJSON(syntax)
        case .invalid(let invalid): return validation(invalid)
        }
    }
}

extension ProblemDetails: JSONCodable {
    /// Reads a problem; unknown extension members are ignored, as RFC 9457 asks of clients.
    /// - Parameters:
    ///   - json: The parsed problem: an object; a member left out takes `about:blank`, `""` or 0, and a `status` that
    ///     is not a whole number reads as 0.
    ///   - path: Where `json` sits in its document (`results[3].problem`).
    /// - Throws: ``ValidationError`` when `json` is not an object, or `type`, `title`, `detail`, `field` or `requestId`
    ///   is not a string, or `status` not a number.
    public init(json: JSONValue, path: FieldPath) throws(ValidationError) {
        let reader = try JSONObjectReader(json, path: path)
        self.init(
            type: try reader.string("type") ?? "about:blank",
            title: try reader.string("title") ?? "",
            status: Int(exactly: try reader.number("status") ?? 0) ?? 0,
            detail: try reader.string("detail") ?? "",
            field: try reader.string("field"),
            requestID: try reader.string("requestId"))
    }

    /// Writes the problem.
    /// - Parameter writer: The writer the problem is appended to; `field` and `requestId` only when set.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("type"); writer.string(type)
        writer.key("title"); writer.string(title)
        writer.key("status"); writer.integer(status)
        writer.key("detail"); writer.string(detail)
        if let field { writer.key("field"); writer.string(field) }
        if let requestID { writer.key("requestId"); writer.string(requestID) }
        writer.endObject()
    }
}
