#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own running one body, which its owner waits for (``join()``) or lets go (``detach()``): how the log
/// sink's writer and the connection acceptor's loop run.
struct JoinableThread: Sendable {
    /// The running thread.
    private let thread: pthread_t

    /// Starts `body` on a new thread, which holds it until it returns; nil when no thread could start (`body` never runs).
    init?(_ body: @escaping @Sendable () -> Void) {
        final class Body {
            let run: @Sendable () -> Void
            init(_ run: @escaping @Sendable () -> Void) { self.run = run }
        }
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, context)
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return nil
        }
        self.thread = thread
    }

    /// Waits for the body to return.
    func join() { pthread_join(thread, nil) }

    /// Lets the thread go on without anyone waiting for it: its resources are freed once the body returns.
    func detach() { pthread_detach(thread) }
}
