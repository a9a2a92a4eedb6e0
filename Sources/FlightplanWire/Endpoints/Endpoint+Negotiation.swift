/// What a request asks of an endpoint's answer besides its body, negotiated from the query and `Accept`: the one
/// place `?format=`, `?idPrefix=` and `Accept` are read (the server passes them in as they arrived).
extension Endpoint {
    /// The query parameters the endpoint takes: `format` and `idPrefix` where plans are answered in a format asked
    /// for, `idPrefix` alone where the format is the endpoint's own (``css``, ``svg``), none on the filmstrip (a
    /// picture already).
    public var queryParameters: [String] {
        switch self {
        case .plan, .batch, .dismiss: ["format", "idPrefix"]
        case .css, .svg: ["idPrefix"]
        case .filmstrip: []
        }
    }

    /// The format the endpoint always answers in, whatever the query and `Accept` say; nil where they choose it.
    public var fixedFormat: PlanFormat? {
        switch self {
        case .css: .css
        case .svg: .svg
        case .plan, .batch, .dismiss, .filmstrip: nil
        }
    }

    /// The formats an `Accept` header chooses among when there is no `?format=`, the server's preference first;
    /// empty where the answer has one media type whatever the client accepts (the batch and the dismissal embed
    /// their exports in JSON, the filmstrip and the CSS and SVG exports have their own), so that `Accept` plays no
    /// part and is not negotiated.
    public var negotiatedFormats: [PlanFormat] { self == .plan ? [.json, .css, .svg] : [] }

    /// The form a request asks its plans to be answered in.
    public struct Negotiation: Sendable, Hashable {
        /// The format plans are answered in.
        public var format: PlanFormat
        /// The prefix of an export's class names and ids, checked by ``PlanFormat/check(idPrefix:)``.
        public var idPrefix: String
    }

    /// Reads what a request asks for: the endpoint's ``fixedFormat``, else the format `?format=` names (the only
    /// query parameter the API takes besides `?idPrefix=`, and it wins over `Accept`), else for a plan the format of
    /// JSON, CSS and SVG that `Accept` weighs highest (JSON on a tie, or when there is no `Accept`; see
    /// ``AcceptHeader``); and `?idPrefix=`, else ``ExportScene/defaultPrefix``.
    /// - Parameters:
    ///   - query: The request target's query parameters, percent-decoded, in order.
    ///   - accept: The request's `Accept` value (repeats joined with ", "), or nil when it sent none.
    /// - Returns: The format and prefix; or a 400 problem naming an unknown parameter, a repeated one, an unknown
    ///   format or a prefix ``PlanFormat/check(idPrefix:)`` refuses; or a 406 problem when `Accept` weighs every
    ///   negotiated format 0 (`text/css;q=0`, `text/html`). The format is decided before the prefix is read.
    public func negotiate(query: some Collection<(name: String, value: String)>, accept: String?) -> Result<Negotiation, ProblemDetails> {
        for parameter in query where !queryParameters.contains(parameter.name) {
            let taken = queryParameters.isEmpty ? "it takes none" : "it takes only \(queryParameters.joined(separator: " and "))"
            let name = EchoedInput.bounded(parameter.name)
            return .failure(ProblemDetails(.badRequest, detail: "Unknown query parameter \"\(name)\" on \(path); \(taken).", field: name))
        }
        let format: PlanFormat, idPrefix: String
        do throws(ValidationError) {
            if let fixedFormat {
                format = fixedFormat
            } else if let name = try Self.value(of: "format", in: query) {
                format = try PlanFormat(named: name)
            } else if let preferred = preferredFormat(accept: accept) {
                format = preferred
            } else {
                let types = negotiatedFormats.map { $0.mediaType.split(separator: ";")[0] }.joined(separator: ", ")
                let detail = "Accept rules out every form \(path) answers in (\(types)); accept one of them, or name an export with ?format="
                return .failure(ProblemDetails(.notAcceptable, detail: detail + "."))
            }
            idPrefix = try Self.value(of: "idPrefix", in: query) ?? ExportScene.defaultPrefix
            try PlanFormat.check(idPrefix: idPrefix)
        } catch {
            return .failure(ProblemDetails(.badRequest, detail: "\(error.field) \(error.message).", field: error.field))
        }
        return .success(Negotiation(format: format, idPrefix: idPrefix))
    }

    /// The format `Accept` weighs highest among ``negotiatedFormats``: JSON when nothing is negotiated or there is no
    /// `Accept` (or none that parses), nil when `Accept` rules every one of them out.
    private func preferredFormat(accept: String?) -> PlanFormat? {
        guard !negotiatedFormats.isEmpty, let accept = accept.flatMap(AcceptHeader.init) else { return .json }
        return accept.preferred(among: negotiatedFormats, mediaType: \.mediaType)
    }

    /// The value of the query parameter `name`, or nil when it is not given.
    /// - Throws: ``ValidationError`` naming `name` when it is given more than once.
    private static func value(of name: String, in query: some Collection<(name: String, value: String)>) throws(ValidationError) -> String? {
        let values = query.filter { $0.name == name }
        if values.count > 1 { throw ValidationError(field: name, message: "is given \(values.count) times; give it once") }
        return values.first?.value
    }
}
