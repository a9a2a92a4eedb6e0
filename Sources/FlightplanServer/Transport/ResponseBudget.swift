import FlightplanWire

/// The bytes of answers handed to libmicrohttpd and not yet sent, held under one limit for all connections together
/// as nginx and Envoy bound their buffers, and shared so that a client that reads slowly, or never, costs only its
/// own connection. libmicrohttpd holds an answer's bytes until the client has read all of it (or the connection
/// ends), and each connection holds one answer at a time (libmicrohttpd reads its next request only once the answer
/// is sent). Three sizes of answer take from the budget in three ways:
///
/// - a **small** answer (at most ``smallAnswerBytes``: probes, metrics, problems, the preview page) is always
///   queued: one a connection, they are bounded by the connection cap, not by what others leave unread;
/// - a **large** one (over ``largeAnswerBytes``: exports of thousands of keyframes) is queued while large answers
///   hold at most three quarters of ``limit`` and all within ``limit``, or when no other large one is queued,
///   whatever its size (so ordinary and large answers together hold at most ``limit`` plus one answer);
/// - an **ordinary** answer (a plan, an export of an ordinary plan) is queued while it fits beside them: ordinary
///   answers always have at least a quarter of ``limit``, however many large ones go unread.
///
/// A connection whose answer is not read within the send deadline is cut (``ConnectionDeadlines``), and its bytes
/// come back.
final class ResponseBudget: Sendable {
    /// The most bytes queued at once by ordinary and large answers.
    let limit: Int
    /// The largest answer always queued.
    static let smallAnswerBytes = 16 << 10
    /// The largest answer that is not large.
    static let largeAnswerBytes = 1 << 20

    /// The bytes queued now by each size of answer.
    private struct Queued {
        var small = 0, ordinary = 0, large = 0
    }

    private let queued = Locked(Queued())

    /// A budget of `limit` bytes, none of them queued.
    init(limit: Int) {
        self.limit = limit
    }

    /// Bytes queued now, by answers of every size.
    var queuedBytes: Int { queued.withLock { $0.small + $0.ordinary + $0.large } }

    /// Takes `bytes` for an answer when its size's rule lets it be queued; false otherwise, and nothing is taken.
    func reserve(_ bytes: Int) -> Bool {
        let largeShare = limit / 4 * 3
        return queued.withLock { queued in
            if bytes <= Self.smallAnswerBytes {
                queued.small += bytes
            } else if bytes > Self.largeAnswerBytes {
                let fits = queued.large + bytes <= largeShare && queued.ordinary + queued.large + bytes <= limit
                guard queued.large == 0 || fits else { return false }
                queued.large += bytes
            } else {
                guard queued.ordinary + min(queued.large, largeShare) + bytes <= limit else { return false }
                queued.ordinary += bytes
            }
            return true
        }
    }

    /// Gives back what an answer of `bytes` took, once libmicrohttpd has sent or dropped it.
    func release(_ bytes: Int) {
        queued.withLock { queued in
            if bytes <= Self.smallAnswerBytes {
                queued.small -= bytes
            } else if bytes > Self.largeAnswerBytes {
                queued.large -= bytes
            } else {
                queued.ordinary -= bytes
            }
        }
    }

    /// The 503 sent instead of an answer that does not fit: the answer's own headers (request id, CORS)
    /// with a problem body and `Retry-After`.
    func refusal(replacing answer: HTTPResponse, requestID: String) -> HTTPResponse {
        let details = ProblemDetails(
            .serviceUnavailable,
            detail: "The server holds \(limit) bytes of answers that clients have not read yet; retry shortly.", requestID: requestID)
        var refusal = HTTPResponse.problem(details)
        for header in answer.headers where !equalIgnoringASCIICase(header.name, "Content-Type") {
            refusal.setHeader(header.name, header.value)
        }
        refusal.setHeader("Retry-After", "1")
        return refusal
    }
}
