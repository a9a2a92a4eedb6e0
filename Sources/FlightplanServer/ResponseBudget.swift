import FlightplanWire
import Synchronization

/// The bytes of answers handed to libmicrohttpd and not yet sent, all connections together, held under one
/// limit as nginx and Envoy bound their buffers. libmicrohttpd holds an answer's bytes until the client has
/// read all of it (or the connection ends), so clients that send requests and never read would otherwise hold
/// one answer each for as long as the idle timeout lets them. Each connection holds one answer at a time
/// (libmicrohttpd reads its next request only once the answer is sent).
final class ResponseBudget: Sendable {
    /// The most bytes queued at once.
    let limit: Int
    private let queued = Atomic<Int>(0)

    /// A budget of `limit` bytes, none of them queued.
    init(limit: Int) {
        self.limit = limit
    }

    /// Bytes queued now.
    var queuedBytes: Int { queued.load(ordering: .relaxed) }

    /// Takes `bytes` when they fit under the limit, or when nothing is queued (so an answer larger than the
    /// whole budget is still sent, alone); false otherwise, and nothing is taken.
    func reserve(_ bytes: Int) -> Bool {
        var current = queued.load(ordering: .relaxed)
        while current == 0 || current + bytes <= limit {
            let (exchanged, original) = queued.compareExchange(expected: current, desired: current + bytes, ordering: .relaxed)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Counts `bytes` that are queued whatever the budget says (a refusal's own small problem).
    func take(_ bytes: Int) {
        queued.add(bytes, ordering: .relaxed)
    }

    /// Gives back what an answer took, once libmicrohttpd has sent or dropped it.
    func release(_ bytes: Int) {
        queued.subtract(bytes, ordering: .relaxed)
    }

    /// The 503 sent instead of an answer that does not fit: the answer's own headers (request id, CORS)
    /// with a problem body and `Retry-After`.
    func refusal(replacing answer: HTTPResponse, requestID: String) -> HTTPResponse {
        let details = ProblemDetails(
            type: "about:blank", title: "Service Unavailable", status: 503,
            detail: "The server holds \(limit) bytes of answers that clients have not read yet; retry shortly.", requestID: requestID)
        var refusal = HTTPResponse.problem(details)
        for header in answer.headers where !equalIgnoringASCIICase(header.name, "Content-Type") {
            refusal.setHeader(header.name, header.value)
        }
        refusal.setHeader("Retry-After", "1")
        return refusal
    }
}
