public import Foundation

#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

/// Sends one HTTP request and returns the body and response: URLSession in apps, a stub in tests.
public protocol HTTPTransport: Sendable {
    /// Performs `request`.
    /// - Parameter request: The HTTP request, headers and body included.
    /// - Returns: The body and the response, whatever its status.
    /// - Throws: URLSession's errors (`URLError`) or `CancellationError`; anything else becomes a
    ///   ``TransportFailure`` with code `.unknown`.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)
}

/// The default transport, over a `URLSession`.
public struct URLSessionTransport: HTTPTransport {
    /// The session requests go through.
    public let session: URLSession

    /// Creates a transport over a session.
    /// - Parameter session: The shared session by default; pass your own for cookies, caching or a delegate,
    ///   and invalidate it when you are done with it.
    public init(session: URLSession = .shared) {
        self.session = session
    }

    /// Performs `request` with the session.
    /// - Parameter request: The HTTP request.
    /// - Returns: The body and the HTTP response.
    /// - Throws: The session's `URLError`s (`.badServerResponse` for an answer that is not HTTP).
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (data, http)
    }
}
