public import FlightplanServer

extension Router {
    /// Answers a whole request the way the daemon does, without sockets: ``admit(_:requestID:)`` on the
    /// head, then, when admitted, ``respond(via:to:body:requestID:)`` with the body (dropped as too large
    /// past the admitted limit).
    public func exchange(_ request: HTTPRequest, requestID: String) -> HTTPResponse {
        switch admit(request.head, requestID: requestID) {
        case .refuse(let response, _):
            return response
        case .proceed(let route, let bodyLimit):
            let body: Body = request.body.count > bodyLimit ? .tooLarge : .complete(request.body)
            return respond(via: route, to: request.head, body: body, requestID: requestID)
        }
    }
}
