/// What the progress bound knows of a motion's states: per cell of a progress grid and per track, how far a chord
/// between two progresses strays from the states between them (the bend, per squared progress) and how fast the state
/// moves (the speed, per unit of progress), for each coordinate a rendered distance compares and for the opacity,
/// each on its own: a corner in one coordinate must not hide behind another one's bend.
struct ProgressGrid {
    /// Lanes per state: ``Keyframe/renderedCoordinates(in:)``'s nine, then the opacity. Per-lane values are kept in one
    /// flat allocation, `lanes` to a track, read and written through named ``Buffer``s (see ``Workspace``): the grid's
    /// index maths keeps every index inside, checked in debug builds (SIMD16 arithmetic measured several times slower here than scalar loops, `InlineArray` values slower too).
    static let lanes = 10

    /// The cells' edges in progress, ascending from 0 to 1.
    private var edges: [Double] = []
    /// Per cell, per track (`bounds[cell * tracks + track]`): the largest bend and speed over the lanes, each as a share
    /// of what its lane allows (which takes one lane's bend with another's speed: a little looser than lane by lane, and
    /// a scalar check per candidate).
    private var bounds: [(bend: Double, speed: Double)] = []
    private let tracks: Int

    /// A neighbouring point's bend may be at most this many times a point's (in any lane) before the grid declines,
    /// unless both are too small to matter: their stray over a cell below ``negligibleShare`` of what the lane allows.
    static let largestJump = 2.0
    /// See ``largestJump``.
    static let negligibleShare = 1.0 / 20
    /// Share of the tolerance the bound may use. Bend and speed are measured on the grid, not proven between its
    /// points: over the property tests' random scenes the whole tolerance was overstepped by up to 6 % (at 0.1 pt, next to
    /// a located corner), and never with this share.
    static let boundShare = 0.9
    /// How many times the half cell at each end of a piece is halved to measure its bend there.
    static let endRefinements = 3

    /// Writes a state's lanes at `lanes`: its rendered coordinates (zero for a track that only fades), its opacity.
    static func write(_ state: Keyframe, _ layer: SampledLayer, into lanes: Buffer<Double>) {
        if layer.movesGeometry {
            let coordinates = state.renderedCoordinates(in: layer.frame)
            for lane in 0..<9 { lanes[lane] = coordinates[lane] }
        } else {
            for lane in 0..<9 { lanes[lane] = 0 }
        }
        lanes[9] = state.opacity
    }

    /// One lane of a state (see ``write(_:_:into:)``).
    static func value(ofLane lane: Int, _ state: Keyframe, _ layer: SampledLayer) -> Double {
        lane == 9 ? state.opacity : layer.movesGeometry ? state.renderedCoordinates(in: layer.frame)[lane] : 0
    }

    /// Measures `motion` on a grid of cells (each piece between kinks evenly split), evaluating each cell's edges and
    /// middle and a few finer points at each piece's ends; nil, with the corners it found in `corners`, when neighbouring
    /// points' bends (or an end's finer and coarser ones) jump by more than ``largestJump``. A linear track
    /// (``SampledLayer/Form/linear``) is read at each piece's two ends instead: no bend, and one speed over the piece; a
    /// flight (``SampledLayer/Form/flight``), inside 0…1, at its ends and middle, its bend and speed in closed form, and
    /// beyond 1 in its own closed form where it has one (``FlightOvershoot``), from its opacity at the piece's ends.
    /// `pieces` holds the pieces an earlier grid measured, which this one takes instead of measuring them again, and
    /// then this grid's.
    init?(
        motion: ProgressMotion, tolerance: Double, layers: [SampledLayer], evaluations: inout Int, corners: inout [Corner],
        pieces: inout [Piece]
    ) {
        let tracks = layers.count
        self.tracks = tracks
        // The pieces between kinks (and 0 and 1), read where the kinks lie: piece `index` ends at kink `index`, the last
        // one at 1 (a piece that would be empty is skipped).
        let kinks = motion.kinks, pieceCount = kinks.count + 1
        func pieceEnds(_ index: Int) -> (low: Double, high: Double) {
            (index == 0 ? motion.range.low : kinks[index - 1], index == kinks.count ? motion.range.high : kinks[index])
        }
        let cellsAtMost = (0..<pieceCount).reduce(0) { cells, piece in
            let (low, high) = pieceEnds(piece)
            return high > low ? max(cells, Self.cellCount(from: low, to: high)) : cells
        }
        let workspace = Workspace(layers: layers, motion: motion, cellsAtMost: cellsAtMost, tolerance: tolerance)
        defer { workspace.deallocate() }
        let measuredBefore = pieces
        pieces = []
        edges.reserveCapacity(pieceCount * cellsAtMost + 1)
        edges.append(0)
        bounds.reserveCapacity(pieceCount * cellsAtMost * tracks)
        for piece in 0..<pieceCount {
            let (low, high) = pieceEnds(piece)
            guard high > low else { continue }
            if let piece = measuredBefore.first(where: { $0.low == low && $0.high == high }) {
                edges += piece.edges
                bounds += piece.bounds
                pieces.append(piece)
                continue
            }
            let cornersBefore = corners.count, firstEdge = edges.count, firstBound = bounds.count
            let points = PiecePoints(low: low, high: high, cells: Self.cellCount(from: low, to: high))
            workspace.evaluateStates(at: points, motion: motion, layers: layers, evaluations: &evaluations)
            workspace.measurePointBends(at: points, layers: layers, corners: &corners)
            // A piece with corners inside is measured again once they are kinks, its ends with it.
            guard corners.count == cornersBefore else { continue }
            workspace.measureEndBends(at: points, motion: motion, layers: layers, evaluations: &evaluations, corners: &corners)
            // So is a piece with corners near its ends.
            guard corners.count == cornersBefore else { continue }
            workspace.measureCells(of: points, layers: layers)
            workspace.measureLinearTracks(of: points, motion: motion, layers: layers, evaluations: &evaluations)
            workspace.measureFlightTracks(of: points, motion: motion, layers: layers, evaluations: &evaluations)
            workspace.appendNeighbourBounds(of: points, layers: layers, to: &bounds)
            for cell in 0..<points.cells { edges.append(points.edge(after: cell)) }
            pieces.append(Piece(low: low, high: high, edges: edges[firstEdge...], bounds: bounds[firstBound...]))
        }
        guard corners.isEmpty else { return nil }
    }

    /// How many cells a piece from `low` to `high` gets: as many as its length needs at ``Sampler/progressGridCells``
    /// per unit of progress, at least one.
    private static func cellCount(from low: Double, to high: Double) -> Int {
        max(1, Int((Double(Sampler.progressGridCells) * (high - low)).rounded(.up)))
    }

    /// How much of what each lane allows a chord from progress `low` to `high` whose progress strays at most `gap` from the
    /// curve's spends, at most, on the track at `track`: `bend × (high − low)² / 4 + speed × gap` as a share of what a lane
    /// allows, with the largest bend and speed of the cells the span touches; the chord keeps the track within the
    /// tolerance (and one 8-bit opacity step) where it is at most 1. `first` is the cell holding `low`
    /// (``cell(containing:)``: a search asks from one start again and again).
    func load(from low: Double, to high: Double, gap: Double, first: Int, track: Int) -> Double {
        load(from: low, to: high, spread: (high - low) * (high - low) / 4, gap: gap, first: first, track: track)
    }

    /// How much of what each lane allows a chord spends, at most, on the track at `track`: `spread × bend + speed × gap`
    /// with the largest bend and speed of its cells from `low` to `high` (`first` the one holding `low`), where `spread`
    /// is a quarter of the chord's squared progress span (which lies inside `low…high`) and the progresses between its
    /// ends stray from the chord's by at most `gap` (inside `low…high` too).
    func load(from low: Double, to high: Double, spread: Double, gap: Double, first: Int, track: Int) -> Double {
        // The first cell ending at or after `high`: a span reaches over a few cells, not through the grid. Edges and
        // bounds are read through buffers: `cell(containing:)` and the scan keep every index inside, and a search asks
        // this for every candidate.
        let last = edges.withUnsafeBufferPointer { edges in
            var last = first
            while last < edges.count - 2 && edges[last + 1] < high { last += 1 }
            return last
        }
        return bounds.withUnsafeBufferPointer { bounds in
            var index = first * tracks + track
            var (bend, speed) = bounds[index]
            for _ in first..<last {
                index += tracks
                bend = larger(bend, bounds[index].bend)
                speed = larger(speed, bounds[index].speed)
            }
            return bend * spread + speed * gap
        }
    }

    /// All that ``load(from:to:spread:gap:first:track:)`` reads of the track at `track`: the cells' edges, then each
    /// cell's bend and speed.
    func column(of track: Int) -> [Double] {
        var column = edges
        column.reserveCapacity(edges.count + 2 * (edges.count - 1))
        for cell in 0..<(edges.count - 1) {
            let bound = bounds[cell * tracks + track]
            column.append(bound.bend)
            column.append(bound.speed)
        }
        return column
    }

    /// The cell holding `progress`, found from `cell` onwards when it starts at or before `progress` (a Bézier search's
    /// next start, a cell or two on; a spring's candidate from its segment's start, most often at or after it), else as
    /// ``cell(containing:)`` finds it.
    func cell(containing progress: Double, from cell: Int) -> Int {
        guard edges[cell] <= progress else { return self.cell(containing: progress) }
        var cell = cell
        while cell < edges.count - 2 && edges[cell + 1] <= progress { cell += 1 }
        return cell
    }

    /// The cell holding `progress`: the last one starting at or before it.
    func cell(containing progress: Double) -> Int {
        var low = 0, high = edges.count - 1
        // Invariant: edges[low] ≤ progress and the answer lies in low..<high.
        while high - low > 1 {
            let middle = (low + high) / 2
            if edges[middle] <= progress { low = middle } else { high = middle }
        }
        return min(low, edges.count - 2)
    }
}
