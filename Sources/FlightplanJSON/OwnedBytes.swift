/// Bytes in one allocation that the value holds (shared by its copies and freed when the last of them goes): a
/// ``JSONWriter``'s text handed over whole by ``JSONWriter/handedOver()``, or an array's bytes.
///
/// An answer is written into its writer's buffer and sent from there: copying it out into an array took an
/// allocation, a copy of every byte and a free per answer.
public struct OwnedBytes: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// The allocation and what frees it; its bytes never change.
    private final class Storage: @unchecked Sendable {
        let start: UnsafeRawPointer?
        let count: Int
        /// The array whose storage `start` points into, kept alive with it; nil for a writer's buffer, which
        /// `deinit` frees.
        let array: [UInt8]?

        init(writtenBy base: UnsafeMutablePointer<UInt8>, count: Int) {
            start = UnsafeRawPointer(base)
            self.count = count
            array = nil
        }

        init(_ array: [UInt8]) {
            // An array's storage stays put while the array lives unmodified: `self.array` keeps it so.
            self.array = array
            start = array.withUnsafeBytes { $0.baseAddress }
            count = array.count
        }

        deinit {
            if array == nil { start.map { UnsafeMutableRawPointer(mutating: $0).deallocate() } }
        }
    }

    private let storage: Storage

    /// Takes over the text a writer allocated; the writer must not use or free it afterwards.
    init(writtenBy base: UnsafeMutablePointer<UInt8>, count: Int) {
        storage = Storage(writtenBy: base, count: count)
    }

    /// The bytes of `array`, without a copy.
    /// - Parameter array: The bytes.
    public init(_ array: [UInt8]) {
        storage = Storage(array)
    }

    /// The bytes of an array literal.
    /// - Parameter elements: The bytes.
    public init(arrayLiteral elements: UInt8...) {
        self.init(elements)
    }

    /// The first byte's position, 0.
    public var startIndex: Int { 0 }

    /// The number of bytes.
    public var endIndex: Int { storage.count }

    /// The byte at `position`.
    /// - Parameter position: A position from 0 below ``endIndex``.
    /// - Returns: The byte there.
    public subscript(position: Int) -> UInt8 {
        precondition(position >= 0 && position < storage.count, "index out of range")
        return storage.start.unsafelyUnwrapped.load(fromByteOffset: position, as: UInt8.self)
    }

    /// The bytes in a new array, copied at once. (`Array(_:)` of the collection copies them one at a time through
    /// ``subscript(_:)``, about 10 instructions a byte: 53 M of 325 M for a 5.3 MB CSS batch, callgrind 2026-11-29.)
    public var array: [UInt8] { withUnsafeBytes { Array($0.bindMemory(to: UInt8.self)) } }

    /// Calls `body` with the bytes in place.
    /// - Parameter body: What reads them; the buffer is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) { try body(UnsafeRawBufferPointer(start: storage.start, count: storage.count)) }
    }

    /// Calls `body` with the bytes in place (so that `Array(_:)`, `String(decoding:as:)` and the like copy them at
    /// once).
    /// - Parameter body: What reads them; the buffer is valid only during the call.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func withContiguousStorageIfAvailable<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        try withUnsafeBytes { try body($0.bindMemory(to: UInt8.self)) }
    }

    /// Retains the bytes for a C library that sends them: their start, their length, and the context to give
    /// ``release(retained:)`` once, when it is done with them.
    /// - Returns: The start (nil when there are no bytes), the length, and the retained context.
    public func retainedForSending() -> (start: UnsafeRawPointer?, count: Int, context: UnsafeMutableRawPointer) {
        (storage.start, storage.count, Unmanaged.passRetained(storage).toOpaque())
    }

    /// Releases bytes retained by ``retainedForSending()``.
    /// - Parameter context: The context it returned; it must not be used again.
    public static func release(retained context: UnsafeMutableRawPointer) {
        Unmanaged<Storage>.fromOpaque(context).release()
    }

    /// Whether both hold the same bytes.
    /// - Parameters:
    ///   - lhs: Some bytes.
    ///   - rhs: Other bytes.
    /// - Returns: True when they are the same bytes in the same order.
    public static func == (lhs: OwnedBytes, rhs: OwnedBytes) -> Bool {
        lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in left.elementsEqual(right) } }
    }

    /// Hashes the bytes.
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
