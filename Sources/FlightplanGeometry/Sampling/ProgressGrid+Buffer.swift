extension ProgressGrid {
    /// A named run of `count` values inside the grid's one allocation (see ``Workspace``), read and written by index.
    ///
    /// Each index is checked against `count` in debug builds only, as swift-nio's `debugOnly` and swift-system's
    /// internal invariants check theirs: `assert` is compiled out of release builds (`-O`), where the grid's index maths
    /// keeps every index inside and the view is its bare pointer (callgrind over Benchmarks/spring_batch.py's batch: no
    /// more instructions than the raw pointers it replaced). A `precondition` would stay in release builds, a comparison
    /// and a branch on each lane read and write: 24 % more instructions in the grid (docs/performance.md).
    struct Buffer<Element> {
        /// The first value.
        let start: UnsafeMutablePointer<Element>
        /// How many values the run holds.
        let count: Int

        /// The value at `index` (`0..<count`).
        @inline(__always)
        subscript(index: Int) -> Element {
            get {
                assert(index >= 0 && index < count, "index \(index) outside 0..<\(count)")
                return start[index]
            }
            nonmutating set {
                assert(index >= 0 && index < count, "index \(index) outside 0..<\(count)")
                start[index] = newValue
            }
        }

        /// The `count` values from `offset` on, as a run of their own (inside this one).
        @inline(__always)
        func slice(from offset: Int, count: Int) -> Buffer {
            assert(offset >= 0 && count >= 0 && offset + count <= self.count, "\(offset)..<\(offset + count) outside 0..<\(self.count)")
            return Buffer(start: start + offset, count: count)
        }

        /// Writes `source`'s values over this run's (the two the same length).
        @inline(__always)
        func update(from source: Buffer) {
            assert(source.count == count, "\(source.count) values over \(count)")
            start.update(from: source.start, count: count)
        }

        /// The first `count` values, as the read-only buffer a ``ProgressMotion``'s states function takes.
        @inline(__always)
        func prefix(_ count: Int) -> UnsafeBufferPointer<Element> {
            assert(count >= 0 && count <= self.count, "\(count) values of \(self.count)")
            return UnsafeBufferPointer(start: start, count: count)
        }
    }
}
