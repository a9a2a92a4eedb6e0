/// An HTTP status the API answers with: its code and its RFC 9110 reason phrase, which is also the title of a
/// problem of no type beyond its status (`about:blank`, RFC 9457 §4.2.1).
public struct HTTPStatus: Sendable, Hashable {
    /// The three-digit code (`404`).
    public let code: Int
    /// The reason phrase RFC 9110 §15 gives the code (`Not Found`).
    public let reasonPhrase: String

    /// Creates a status.
    /// - Parameters:
    ///   - code: The three-digit code.
    ///   - reasonPhrase: Its reason phrase as RFC 9110 spells it.
    public init(code: Int, reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }

    /// 200: the answer.
    public static let ok = HTTPStatus(code: 200, reasonPhrase: "OK")
    /// 204: no body (an OPTIONS preflight).
    public static let noContent = HTTPStatus(code: 204, reasonPhrase: "No Content")
    /// 400: a request the server cannot read (its framing, its query, its JSON).
    public static let badRequest = HTTPStatus(code: 400, reasonPhrase: "Bad Request")
    /// 404: no such route.
    public static let notFound = HTTPStatus(code: 404, reasonPhrase: "Not Found")
    /// 405: the route does not take the method.
    public static let methodNotAllowed = HTTPStatus(code: 405, reasonPhrase: "Method Not Allowed")
    /// 406: `Accept` rules out every form the route answers in.
    public static let notAcceptable = HTTPStatus(code: 406, reasonPhrase: "Not Acceptable")
    /// 411: a POST without a length.
    public static let lengthRequired = HTTPStatus(code: 411, reasonPhrase: "Length Required")
    /// 413: a body over the limit.
    public static let contentTooLarge = HTTPStatus(code: 413, reasonPhrase: "Content Too Large")
    /// 415: a body that is not JSON.
    public static let unsupportedMediaType = HTTPStatus(code: 415, reasonPhrase: "Unsupported Media Type")
    /// 422: well-formed JSON that cannot be planned.
    public static let unprocessableContent = HTTPStatus(code: 422, reasonPhrase: "Unprocessable Content")
    /// 431: a head over the limits.
    public static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431, reasonPhrase: "Request Header Fields Too Large")
    /// 501: a transfer coding the server does not implement.
    public static let notImplemented = HTTPStatus(code: 501, reasonPhrase: "Not Implemented")
    /// 503: draining, at the connection limit, or out of room for answers.
    public static let serviceUnavailable = HTTPStatus(code: 503, reasonPhrase: "Service Unavailable")
}
