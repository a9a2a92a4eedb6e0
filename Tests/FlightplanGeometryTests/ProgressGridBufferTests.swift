import Testing

@testable import FlightplanGeometry

@Suite("The progress grid's named buffers")
struct ProgressGridBufferTests {
    // The checks are `assert`s, compiled out of release builds (docs/performance.md has their cost as `precondition`s):
    // these tests run where they are on, in debug builds; CI runs them in its one, ThreadSanitizer's
    // (scripts/thread_suites.py, DEBUG_ONLY).
    #if DEBUG
    @Test("reading or writing a buffer at its count traps in a debug build")
    func indexAtCountTraps() async {
        await #expect(processExitsWith: .failure) {
            let buffer = ProgressGrid.Buffer<Double>(start: .allocate(capacity: 4), count: 3)
            buffer[3] = 1
        }
        await #expect(processExitsWith: .failure) {
            let buffer = ProgressGrid.Buffer<Double>(start: .allocate(capacity: 4), count: 3)
            _ = buffer[-1]
        }
    }

    @Test("a slice reaching past its buffer traps in a debug build, one inside it holds its own values")
    func sliceStaysInside() async {
        let start = UnsafeMutablePointer<Double>.allocate(capacity: 6)
        defer { start.deallocate() }
        let buffer = ProgressGrid.Buffer(start: start, count: 6)
        for index in 0..<6 { buffer[index] = Double(index) }
        let slice = buffer.slice(from: 2, count: 3)
        #expect((0..<3).map { slice[$0] } == [2, 3, 4])
        await #expect(processExitsWith: .failure) {
            let buffer = ProgressGrid.Buffer<Double>(start: .allocate(capacity: 6), count: 6)
            _ = buffer.slice(from: 4, count: 3)
        }
    }
    #endif
}
