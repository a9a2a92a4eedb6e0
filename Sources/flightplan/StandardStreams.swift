#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file and standard-stream I/O with the C library, so that the executable needs no Foundation
/// (which would bring ICU and about 10 MiB of resident memory into the server).
enum StandardStreams {
    /// Why a file could not be read.
    struct ReadError: Error, CustomStringConvertible {
        /// What went wrong, with the path.
        var description: String
    }

    /// All bytes of `path`, or of standard input when `path` is nil.
    static func readAll(path: String?) throws(ReadError) -> [UInt8] {
        let descriptor = path.map { open($0, O_RDONLY) } ?? STDIN_FILENO
        guard descriptor >= 0 else { throw ReadError(description: "cannot open \(path ?? "standard input"): \(String(cString: strerror(errno)))") }
        defer { if path != nil { close(descriptor) } }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(description: "cannot read \(path ?? "standard input"): \(String(cString: strerror(errno)))")
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes all of `bytes` to a file descriptor (standard output or standard error).
    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { write($0, to: descriptor) }
    }

    /// Writes all of `bytes`, where they lie, to a file descriptor.
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}

#if canImport(Glibc)
/// The C library's `write`, named apart from ``StandardStreams/write(_:to:)``.
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
/// The C library's `write`, named apart from ``StandardStreams/write(_:to:)``.
private let systemWrite = Darwin.write
#endif
