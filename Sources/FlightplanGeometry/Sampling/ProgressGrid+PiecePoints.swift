extension ProgressGrid {
    /// Where a piece between two kinks is measured: its cells' edges and middles, evenly spaced from `low` to `high`.
    struct PiecePoints {
        /// The piece's ends in progress.
        let low: Double, high: Double
        /// How many cells the piece is split into.
        let cells: Int
        /// How many points: each cell's edges and middle, `2 × cells + 1`.
        let count: Int
        /// The progress between two neighbouring points, half a cell.
        let half: Double

        /// The points of a piece from `low` to `high` split into `cells` cells.
        init(low: Double, high: Double, cells: Int) {
            self.low = low
            self.high = high
            self.cells = cells
            count = 2 * cells + 1
            half = (high - low) / Double(2 * cells)
        }

        /// Whether the piece lies inside 0…1, where a flight's closed form holds (``FlightLanes``).
        var isInsideUnit: Bool { low >= 0 && high <= 1 }

        /// The progress of the point at `index` (the last one exactly `high`).
        func progress(at index: Int) -> Double { index == count - 1 ? high : low + half * Double(index) }

        /// The far edge of the cell at `cell` (the last one's exactly `high`).
        func edge(after cell: Int) -> Double { cell == cells - 1 ? high : low + 2 * half * Double(cell + 1) }
    }
}
