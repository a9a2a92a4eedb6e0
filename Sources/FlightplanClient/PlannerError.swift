public import FlightplanWire
public import Foundation

/// Why planning failed, with the request id to quote when asking the server's operators about it.
///
/// Switch on ``reason`` to tell the service's own refusal (``Reason/problem(_:)``, RFC 9457 problem details)
/// from a network failure, a timeout, an answer the SDK could not read, or cancellation.
public struct PlannerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Hashable {
        /// The request was refused: the server's (or the local validator's) RFC 9457 problem details, with its
        /// `status`, `type`, `title`, `detail` and, for a validation problem, the offending `field`.
        case problem(ProblemDetails)
        /// The server could not be reached, or the connection broke before the answer was complete.
        case transport(TransportFailure)
        /// No answer within ``RemotePlanner/timeout``.
        case timedOut
        /// A 200 whose body is not the JSON the contract promises (a proxy's page, a server of another version).
        case invalidAnswer(JSONInputError)
        /// The task was cancelled.
        case cancelled
    }

    /// What went wrong.
    public var reason: Reason
    /// The `X-Request-Id` of the exchange: the one the server answered with, else the one the SDK sent (set even
    /// when no answer arrived, so a gateway's logs can still be searched for it); nil for ``LocalPlanner``, whose
    /// requests no server sees.
    public var requestID: String?

    /// Creates an error.
    /// - Parameters:
    ///   - reason: What went wrong.
    ///   - requestID: The exchange's request id, or nil when planning was local.
    public init(_ reason: Reason, requestID: String?) {
        self.reason = reason
        self.requestID = requestID
    }

    /// The problem details when the service refused the request, else nil.
    public var problem: ProblemDetails? {
        if case .problem(let problem) = reason { return problem }
        return nil
    }

    /// The network failure when the server could not be reached, else nil.
    public var transportFailure: TransportFailure? {
        if case .transport(let failure) = reason { return failure }
        return nil
    }

    /// One line for a log: what went wrong and the request id.
    public var description: String {
        let what: String
        switch reason {
        case .problem(let problem):
            what = "\(problem.status) \(problem.title): \(problem.detail)" + (problem.field.map { " [field \($0)]" } ?? "")
        case .transport(let failure): what = "transport failure: \(failure)"
        case .timedOut: what = "timed out"
        case .invalidAnswer(let error): what = "invalid answer: \(error)"
        case .cancelled: what = "cancelled"
        }
        return requestID.map { "\(what) (request \($0))" } ?? what
    }
}

/// Why no answer arrived: URLSession's error code for it, and the underlying error described.
public struct TransportFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// URLSession's code: `.cannotConnectToHost` when the connection is refused, `.cannotFindHost` when the name
    /// does not resolve, `.networkConnectionLost` when it broke mid-answer, `.notConnectedToInternet`, …;
    /// `.unknown` when a custom ``HTTPTransport`` threw an error of its own.
    public var code: URLError.Code
    /// The underlying error, described for a log.
    public var description: String

    /// Creates a failure.
    /// - Parameters:
    ///   - code: URLSession's code for it.
    ///   - description: The underlying error, described for a log.
    public init(code: URLError.Code, description: String) {
        self.code = code
        self.description = description
    }

    /// The failure for an error a transport threw: a `URLError` keeps its code and is described by what the code
    /// means and the URL it failed on (Foundation's own text is `"(null)"` on Linux); anything else is `.unknown`.
    /// - Parameter error: What the transport threw.
    public init(_ error: any Error) {
        guard let failure = error as? URLError else {
            self.init(code: .unknown, description: "\(error)")
            return
        }
        let url = failure.failingURL.map { " (\($0.absoluteString))" } ?? ""
        self.init(code: failure.code, description: "\(Self.meaning(of: failure.code)), URLError \(failure.code.rawValue)\(url)")
    }

    /// What a URLSession error code means, in words.
    private static func meaning(of code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost: "could not connect to the server (refused)"
        case .cannotFindHost: "the server's name does not resolve"
        case .networkConnectionLost: "the connection broke before the answer was complete"
        case .notConnectedToInternet: "not connected to a network"
        case .timedOut: "timed out"
        case .badServerResponse: "the answer was not HTTP"
        case .secureConnectionFailed: "the TLS handshake failed"
        case .badURL, .unsupportedURL: "the URL is not one URLSession can request"
        default: "the request failed"
        }
    }
}
