import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MicroHTTPDaemon {
    /// Ends the daemon after a shutdown signal: closes the listener (before any answer says `Connection: close`,
    /// so that clients reconnecting after one are refused rather than accepted and then reset), turns readiness
    /// and the API to 503 with `Connection: close`, waits for the requests in flight, and stops.
    ///
    /// The wait ends when no connection is open, when nothing has been in flight for a second (a client still
    /// holding a kept-alive connection is not coming back soon; a shorter quiet period cut clients that were
    /// merely slow to send their next request), when `grace` is over, or when `interrupted` says so.
    /// - Parameters:
    ///   - grace: the longest wait for requests in flight.
    ///   - interrupted: asked every 10 ms while waiting; true (a second signal) stops at once.
    /// - Returns: how many requests were still in flight and cut by the stop (0: a clean stop). A cut is
    ///   logged as an error: `forced stop: N requests in flight were cut`.
    public func drain(grace: Duration, interrupted: () -> Bool = { false }) -> Int {
        quiesce()
        router.state.beginDraining()
        let cut = waitForRequestsInFlight(grace: grace, interrupted: interrupted)
        stop()
        if cut > 0 { logger.error("forced stop: \(cut) requests in flight were cut") }
        return cut
    }

    /// Waits as ``drain(grace:interrupted:)`` says; returns how many requests are still in flight.
    private func waitForRequestsInFlight(grace: Duration, interrupted: () -> Bool) -> Int {
        let state = router.state
        let deadline = ContinuousClock.now + grace
        var quietSince: ContinuousClock.Instant?
        var pause = timespec(tv_sec: 0, tv_nsec: 10_000_000)
        while ContinuousClock.now < deadline {
            if state.connections == 0 { return 0 }
            if state.inFlight == 0 {
                let now = ContinuousClock.now
                if let quietSince, now - quietSince >= .seconds(1) { return 0 }
                if quietSince == nil { quietSince = now }
            } else {
                quietSince = nil
            }
            if interrupted() {
                logger.notice("second signal: stopping now")
                return state.inFlight
            }
            nanosleep(&pause, nil)
        }
        logger.warning("grace period over with \(state.inFlight) requests in flight")
        return state.inFlight
    }
}
