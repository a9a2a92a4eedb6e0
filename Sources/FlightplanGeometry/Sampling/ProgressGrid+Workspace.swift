extension ProgressGrid {
    /// The grid's working memory while it measures a motion, and the phases of measuring one piece between kinks: one
    /// allocation carved into named ``Buffer``s, each sized for the grid's largest piece and written again by each piece
    /// (a piece's measures depend on its states alone).
    ///
    /// Per-lane values are laid out `lanes` to a track: `[(point * tracks + track) * lanes + lane]` for a point's,
    /// `[(cell * tracks + track) * lanes + lane]` for a cell's. The exact states are read through a pointer, not an
    /// array that copies them out and checks its uniqueness to append. `Keyframe` holds only doubles, a trivial type:
    /// every value is written before it is read, so the memory needs no initializing, and is freed without
    /// deinitializing.
    struct Workspace {
        /// Per point and track, each lane: the exact state's lanes.
        let pointLanes: Buffer<Double>
        /// Per point and track, each lane: the bend at the point (zero at a piece's ends).
        let pointBends: Buffer<Double>
        /// Per cell and track, each lane: the largest bend of its three points (and at a piece's end its finer ones).
        let cellBends: Buffer<Double>
        /// Per cell and track, each lane: its speed, over each half cell plus what the bend lets it gain inside one.
        let cellSpeeds: Buffer<Double>
        /// Per end and track, each lane (`[(side * tracks + track) * lanes + lane]`): the largest bend at the end's finer
        /// points.
        let endBends: Buffer<Double>
        /// Per track, each lane: the bends at the coarser of two end refinements.
        let coarser: Buffer<Double>
        /// Per track, each lane: the bends at the finer of two end refinements.
        let finer: Buffer<Double>
        /// Per lane: one over what the lane allows.
        let perAllowed: Buffer<Double>
        /// One state's lanes: a chord's, while a bend is measured.
        let chord: Buffer<Double>
        /// A linear track's lanes at a piece's two ends (`[side * lanes + lane]`).
        let ends: Buffer<Double>
        /// Per cell and track (`[cell * tracks + track]`): the largest bend over the lanes as a share of what its lane
        /// allows.
        let bendShares: Buffer<Double>
        /// Per cell and track, as ``bendShares``: the largest speed.
        let speedShares: Buffer<Double>
        /// The progresses of a piece's points, then of its ends' finer points
        /// (`[points + side * endRefinements + refinement]`).
        let progresses: Buffer<Double>
        /// Per lane: the bend stray that is negligible (see ``jumps(_:_:half:lanes:)``).
        let negligible: Buffer<Double>
        /// The exact states (`[point * tracks + track]`) at the points, then at the ends' finer points.
        let states: Buffer<Keyframe>
        /// How many tracks the motion has.
        let tracks: Int
        /// The tracks of each ``SampledLayer/Form``, ascending: the grid measures the `measured` ones at its points, and
        /// the flights too outside 0…1, but beyond 1 those with a closed form there (``measuredTracks(over:)``); the states
        /// of the others at its points are neither written nor read.
        let measured: [Int], linear: [Int], flights: [Int]
        /// The measured tracks and the flights, ascending: the tracks the grid measures below 0.
        let measuredBeyond: [Int]
        /// The flights with a closed form over the whole of the motion beyond 1 (``FlightOvershoot``), ascending, each with
        /// its form there: read in it on each piece beyond 1.
        let overshooting: [(track: Int, form: FlightOvershoot.Piece)]
        /// The tracks the grid measures beyond 1: ``measuredBeyond`` but the ``overshooting`` flights.
        let measuredBeyondOne: [Int]

        /// Allocates room for a motion of `layers` whose pieces have at most `cellsAtMost` cells, and writes what each lane
        /// allows at `tolerance` (in points; one 8-bit step of opacity).
        init(layers: [SampledLayer], motion: ProgressMotion, cellsAtMost: Int, tolerance: Double) {
            let lanes = ProgressGrid.lanes, tracks = layers.count
            let pointSize = (2 * cellsAtMost + 1) * tracks * lanes, cellSize = cellsAtMost * tracks * lanes, trackSize = tracks * lanes
            let progressCount = 2 * cellsAtMost + 1 + 2 * ProgressGrid.endRefinements
            let capacity = 2 * pointSize + 2 * cellSize + 4 * trackSize + 5 * lanes + 2 * cellsAtMost * tracks + progressCount
            // After the doubles, in the same allocation, the states.
            let memory = UnsafeMutableRawPointer.allocate(
                byteCount: capacity * MemoryLayout<Double>.stride + progressCount * tracks * MemoryLayout<Keyframe>.stride,
                alignment: max(MemoryLayout<Double>.alignment, MemoryLayout<Keyframe>.alignment))
            let doubles = Buffer(start: memory.bindMemory(to: Double.self, capacity: capacity), count: capacity)
            var used = 0
            func carve(_ count: Int) -> Buffer<Double> {
                defer { used += count }
                return doubles.slice(from: used, count: count)
            }
            pointLanes = carve(pointSize)
            pointBends = carve(pointSize)
            cellBends = carve(cellSize)
            cellSpeeds = carve(cellSize)
            endBends = carve(2 * trackSize)
            coarser = carve(trackSize)
            finer = carve(trackSize)
            perAllowed = carve(lanes)
            chord = carve(lanes)
            ends = carve(2 * lanes)
            bendShares = carve(cellsAtMost * tracks)
            speedShares = carve(cellsAtMost * tracks)
            progresses = carve(progressCount)
            negligible = carve(lanes)
            states = Buffer(
                start: (memory + capacity * MemoryLayout<Double>.stride).bindMemory(to: Keyframe.self, capacity: progressCount * tracks),
                count: progressCount * tracks)
            self.tracks = tracks
            measured = layers.indices.filter { layers[$0].form == .measured }
            linear = layers.indices.filter { layers[$0].form == .linear }
            flights = layers.indices.filter { layers[$0].form == .flight }
            measuredBeyond = layers.indices.filter { layers[$0].form != .linear }
            let overshooting: [(track: Int, form: FlightOvershoot.Piece)] =
                motion.overshoots.isEmpty
                ? []
                : flights.compactMap { track in motion.overshoots[track]?.piece(from: 1, to: motion.range.high).map { (track, $0) } }
            self.overshooting = overshooting
            measuredBeyondOne =
                overshooting.isEmpty ? measuredBeyond : measuredBeyond.filter { track in !overshooting.contains { $0.track == track } }
            for lane in 0..<lanes {
                // What the lane may stray: the tolerance in points, one 8-bit step of opacity.
                let allowed = (lane == 9 ? Sampler.opacityTolerance : tolerance) * ProgressGrid.boundShare
                perAllowed[lane] = 1 / allowed
                negligible[lane] = ProgressGrid.negligibleShare * allowed
            }
        }

        /// Frees the allocation (its first buffer starts it).
        func deallocate() { pointLanes.start.deallocate() }

        /// The tracks the grid measures at a piece's points: the flights too where the piece lies outside 0…1, where their
        /// closed form does not hold (beyond 1, those without one of their own: ``overshooting``).
        @inline(__always)
        func measuredTracks(over points: PiecePoints) -> [Int] {
            points.isInsideUnit ? measured : points.low >= 1 ? measuredBeyondOne : measuredBeyond
        }

        /// One track's lanes of a per-point or per-cell buffer: `[index * lanes ..< (index + 1) * lanes]`, where `index`
        /// is `point * tracks + track` (or the cell's).
        @inline(__always)
        private func lanes(of buffer: Buffer<Double>, _ index: Int) -> Buffer<Double> {
            buffer.slice(from: index * ProgressGrid.lanes, count: ProgressGrid.lanes)
        }

        /// Evaluates the exact states of the measured tracks at the piece's `points` (its cells' edges and middles) and
        /// writes their lanes.
        func evaluateStates(at points: PiecePoints, motion: ProgressMotion, layers: [SampledLayer], evaluations: inout Int) {
            let curved = measuredTracks(over: points)
            for index in 0..<points.count { progresses[index] = points.progress(at: index) }
            motion.states(progresses.prefix(points.count), curved, states.start)
            for index in 0..<points.count {
                for track in curved {
                    ProgressGrid.write(states[index * tracks + track], layers[track], into: lanes(of: pointLanes, index * tracks + track))
                }
            }
            evaluations += points.count * curved.count
        }

        /// Measures the bend at each inner point (zero at the piece's ends). Neighbouring points must agree (a corner
        /// shows at one or two of them, not at the next), or there is a corner to locate: added to `corners`.
        func measurePointBends(at points: PiecePoints, layers: [SampledLayer], corners: inout [Corner]) {
            let trackSize = tracks * ProgressGrid.lanes, half = points.half, perHalfSquared = 1 / (half * half)
            let curved = measuredTracks(over: points)
            for index in 0..<trackSize { (pointBends[index], pointBends[(points.count - 1) * trackSize + index]) = (0, 0) }
            for point in 1..<(points.count - 1) {
                for track in curved {
                    let index = point * tracks + track, measured = layers[track].measuredLanes
                    let bend = lanes(of: pointBends, index)
                    Self.writeBend(
                        states[index - tracks], states[index + tracks], middle: lanes(of: pointLanes, index), scale: perHalfSquared,
                        layer: layers[track], into: bend, chord: chord)
                    guard point > 1 else { continue }
                    let previous = lanes(of: pointBends, index - tracks)
                    if let lane = jumps(bend, previous, half: half, lanes: measured) {
                        // The corner is inside the span of the point whose bend is the larger.
                        let centre = bend[lane] > previous[lane] ? point : point - 1, low = points.low
                        Self.record(
                            Corner(low: low + half * Double(centre - 1), high: low + half * Double(centre + 1), track: track, lane: lane),
                            in: &corners)
                    }
                }
            }
        }

        /// Measures the bends near the piece's ends, where a corner or a bend that grows without limit has no point beyond
        /// it to show against: the half cell at each end is halved ``endRefinements`` more times, and each finer bend
        /// must agree with the coarser one, or the coarser chord's span holds a corner (added to `corners`). Writes the
        /// largest finer bends to ``endBends`` (the end cells take them all).
        func measureEndBends(
            at points: PiecePoints, motion: ProgressMotion, layers: [SampledLayer], evaluations: inout Int, corners: inout [Corner]
        ) {
            let lanes = ProgressGrid.lanes, refinements = ProgressGrid.endRefinements, trackSize = tracks * lanes
            let (low, high, half) = (points.low, points.high, points.half), curved = measuredTracks(over: points)
            for index in 0..<(2 * trackSize) { endBends[index] = 0 }
            // The finer points' states, both ends' at once (after the points'): at each end, the half cell halved again
            // and again.
            let finerProgresses = progresses.slice(from: points.count, count: 2 * refinements)
            let finerStates = states.slice(from: points.count * tracks, count: 2 * refinements * tracks)
            for side in 0..<2 {
                var spacing = half
                for refinement in 0..<refinements {
                    spacing /= 2
                    finerProgresses[side * refinements + refinement] = side == 0 ? low + spacing : high - spacing
                }
            }
            motion.states(finerProgresses.prefix(2 * refinements), curved, finerStates.start)
            evaluations += 2 * refinements * curved.count
            for side in 0..<2 {
                let end = side == 0 ? 0 : points.count - 1, inner = side == 0 ? 1 : points.count - 2
                // An end's finer chord runs from the end to the farther point, which the nearer one then replaces.
                var far = states.slice(from: inner * tracks, count: tracks)
                coarser.update(from: pointBends.slice(from: inner * trackSize, count: trackSize))
                var spacing = half
                for refinement in 0..<refinements {
                    spacing /= 2
                    let perSpacingSquared = 1 / (spacing * spacing)
                    let nearer = finerStates.slice(from: (side * refinements + refinement) * tracks, count: tracks)
                    for track in curved {
                        let measured = layers[track].measuredLanes
                        let finerBend = self.lanes(of: finer, track)
                        ProgressGrid.write(nearer[track], layers[track], into: chord)
                        // The chord's lanes are read as the middle's before the bend's own chord overwrites them.
                        for lane in 0..<lanes { finerBend[lane] = chord[lane] }
                        Self.writeBend(
                            states[end * tracks + track], far[track], middle: finerBend, scale: perSpacingSquared, layer: layers[track],
                            into: finerBend, chord: chord)
                        if let lane = jumps(finerBend, self.lanes(of: coarser, track), half: spacing, lanes: measured) {
                            // The coarser chord's span holds it.
                            let reach = 4 * spacing
                            Self.record(
                                Corner(low: side == 0 ? low : high - reach, high: side == 0 ? low + reach : high, track: track, lane: lane),
                                in: &corners)
                        }
                        let endBend = self.lanes(of: endBends, side * tracks + track)
                        for lane in measured { endBend[lane] = larger(endBend[lane], finerBend[lane]) }
                    }
                    coarser.update(from: finer)
                    far = nearer
                }
            }
        }

        /// Measures each cell's bend (its three points', and at a piece's end the finer ones) and speed (over each half
        /// cell, plus what the bend lets it gain inside one), lane by lane (only the lanes the track can move: the others
        /// are never read), and the largest of each as a share of what its lane allows.
        func measureCells(of points: PiecePoints, layers: [SampledLayer]) {
            let lanes = ProgressGrid.lanes, trackSize = tracks * lanes, cells = points.cells
            let half = points.half, perHalf = 1 / half, curved = measuredTracks(over: points)
            for cell in 0..<cells {
                for track in curved {
                    let offset = (cell * tracks + track) * lanes, first = 2 * cell * trackSize + track * lanes
                    var bendShare = 0.0, speedShare = 0.0
                    for lane in layers[track].measuredLanes {
                        let start = first + lane, middle = start + trackSize, end = middle + trackSize
                        var largest = larger(larger(pointBends[start], pointBends[middle]), pointBends[end])
                        if cell == 0 { largest = larger(largest, endBends[track * lanes + lane]) }
                        if cell == cells - 1 { largest = larger(largest, endBends[(tracks + track) * lanes + lane]) }
                        cellBends[offset + lane] = largest
                        let move = larger(abs(pointLanes[start] - pointLanes[middle]), abs(pointLanes[middle] - pointLanes[end]))
                        let fastest = move * perHalf + largest * half
                        cellSpeeds[offset + lane] = fastest
                        bendShare = larger(bendShare, largest * perAllowed[lane])
                        speedShare = larger(speedShare, fastest * perAllowed[lane])
                    }
                    (bendShares[cell * tracks + track], speedShares[cell * tracks + track]) = (bendShare, speedShare)
                }
            }
        }

        /// Reads each linear track at the piece's two ends: no bend, and over every cell the speed of the line between
        /// them, as a share of what its lanes allow (as ``measureCells(of:layers:)`` writes a curved track's).
        func measureLinearTracks(of points: PiecePoints, motion: ProgressMotion, layers: [SampledLayer], evaluations: inout Int) {
            let perLength = 1 / (points.high - points.low)
            for track in linear {
                let low = self.lanes(of: ends, 0), high = self.lanes(of: ends, 1)
                ProgressGrid.write(motion.trackState(track, points.low), layers[track], into: low)
                ProgressGrid.write(motion.trackState(track, points.high), layers[track], into: high)
                evaluations += 2
                var speedShare = 0.0
                for lane in layers[track].measuredLanes {
                    speedShare = larger(speedShare, abs(high[lane] - low[lane]) * perLength * perAllowed[lane])
                }
                for cell in 0..<points.cells { (bendShares[cell * tracks + track], speedShares[cell * tracks + track]) = (0, speedShare) }
            }
        }

        /// Reads each flight at the piece's ends and middle, where the piece lies inside 0…1, and writes each cell's largest
        /// bend and speed over its lanes at the cell's edges (where ``FlightLanes`` has them largest), as shares of what
        /// the lanes allow (as ``measureCells(of:layers:)`` writes a measured track's); beyond 1, the flights with a form of
        /// their own there (``measureOvershootingTracks(of:motion:evaluations:)``).
        func measureFlightTracks(of points: PiecePoints, motion: ProgressMotion, layers: [SampledLayer], evaluations: inout Int) {
            guard points.isInsideUnit else {
                measureOvershootingTracks(of: points, motion: motion, evaluations: &evaluations)
                return
            }
            for track in flights {
                let middle = points.low + (points.high - points.low) / 2
                var flight = FlightLanes(
                    low: points.low, high: points.high,
                    states: (motion.trackState(track, points.low), motion.trackState(track, middle), motion.trackState(track, points.high)),
                    layer: layers[track])
                evaluations += 3
                let lanes = layers[track].measuredLanes
                flight.takeUnscaledBends(lanes: lanes, perAllowed: perAllowed)
                // Each edge's bend and speed shares, the cell's the larger of its two edges'.
                func shares(at progress: Double) -> (bend: Double, speed: Double) {
                    flight.shares(at: progress, lanes: lanes, perAllowed: perAllowed)
                }
                var before = shares(at: points.low)
                for cell in 0..<points.cells {
                    let after = shares(at: points.edge(after: cell))
                    (bendShares[cell * tracks + track], speedShares[cell * tracks + track]) = (
                        larger(before.bend, after.bend), larger(before.speed, after.speed)
                    )
                    before = after
                }
            }
        }

        /// Reads each flight that has a closed form beyond 1 (``overshooting``), on a piece beyond 1: its opacity at the
        /// piece's ends (linear between them), then each cell's largest bend and speed from ``FlightOvershoot``.
        private func measureOvershootingTracks(of points: PiecePoints, motion: ProgressMotion, evaluations: inout Int) {
            guard points.low >= 1 else { return }
            for (track, piece) in overshooting {
                let opacitySpeed =
                    abs(motion.trackState(track, points.high).opacity - motion.trackState(track, points.low).opacity) / (points.high - points.low)
                evaluations += 2
                var before = points.low
                for cell in 0..<points.cells {
                    let after = points.edge(after: cell)
                    (bendShares[cell * tracks + track], speedShares[cell * tracks + track]) = piece.shares(
                        from: before, to: after, perAllowed: perAllowed, opacitySpeed: opacitySpeed)
                    before = after
                }
            }
        }

        /// Appends each cell's bounds (per track) to `bounds`: a track the grid measured takes its neighbours' measures too,
        /// and a piece's end cell of it, with no neighbour beyond it to take over from, grows as it grows from its one
        /// neighbour (at most ``largestJump`` times, or negligibly), lane by lane; a linear track's and a flight's are
        /// exact as they are. Scaling by what a lane allows keeps the order of two values, so the largest share over a
        /// cell and its neighbours is the largest of their shares.
        func appendNeighbourBounds(of points: PiecePoints, layers: [SampledLayer], to bounds: inout [(bend: Double, speed: Double)]) {
            let cells = points.cells, measuredHere = measuredTracks(over: points)
            for cell in 0..<cells {
                // The tracks measured on this piece, ascending: walked beside the tracks.
                var nextMeasured = 0
                for track in 0..<tracks {
                    let own = cell * tracks + track, measured = layers[track].measuredLanes
                    var (largestBend, largestSpeed) = (bendShares[own], speedShares[own])
                    guard nextMeasured < measuredHere.count, measuredHere[nextMeasured] == track else {
                        bounds.append((largestBend, largestSpeed))
                        continue
                    }
                    nextMeasured += 1
                    let isEnd = cell == 0 || cell == cells - 1
                    func take(_ other: Int) {
                        largestBend = larger(largestBend, bendShares[other])
                        largestSpeed = larger(largestSpeed, speedShares[other])
                        if isEnd {
                            largestBend = larger(largestBend, grownShare(lanes(of: cellBends, own), from: lanes(of: cellBends, other), measured))
                            largestSpeed = larger(largestSpeed, grownShare(lanes(of: cellSpeeds, own), from: lanes(of: cellSpeeds, other), measured))
                        }
                    }
                    if cell > 0 { take(own - tracks) }
                    if cell < cells - 1 { take(own + tracks) }
                    bounds.append((largestBend, largestSpeed))
                }
            }
        }

        /// The largest share of what its lane allows of `values` grown as they grow from `others` (at most
        /// ``largestJump`` times), over the `measured` lanes.
        private func grownShare(_ values: Buffer<Double>, from others: Buffer<Double>, _ measured: Range<Int>) -> Double {
            var largest = 0.0
            for lane in measured {
                let value = values[lane], other = others[lane]
                let grown = value > other ? min(value * value / other, value * ProgressGrid.largestJump) : value
                largest = larger(largest, grown * perAllowed[lane])
            }
            return largest
        }

        /// Writes at `bend` the bend of the chord from `start` to `end` at its middle, whose exact lanes are at `middle`,
        /// over a progress span of `2 × half`: f(1 − f) = 1/4 there, so the stray is `bend × half²`, and `scale` is
        /// `1 / half²` (the caller takes it once per spacing, not once per bend).
        /// Only the lanes the layer can move; `chord` holds the chord's lanes meanwhile.
        private static func writeBend(
            _ start: Keyframe, _ end: Keyframe, middle: Buffer<Double>, scale: Double, layer: SampledLayer, into bend: Buffer<Double>,
            chord: Buffer<Double>
        ) {
            guard layer.movesGeometry else {
                // A layer that only fades: its opacity alone, mixed as `interpolated(to:fraction:)` mixes it.
                bend[9] = abs((start.opacity * 0.5 + end.opacity * 0.5) - middle[9]) * scale
                return
            }
            ProgressGrid.write(start.interpolated(to: end, fraction: 0.5), layer, into: chord)
            for lane in 0..<ProgressGrid.lanes { bend[lane] = abs(chord[lane] - middle[lane]) * scale }
        }

        /// Whether two neighbouring points' bends differ by more than ``largestJump`` in a lane where they matter (the
        /// larger one's stray over the two half cells around its point, `bend × half²`, is more than that lane's
        /// ``negligible`` stray): the first such lane.
        private func jumps(_ bend: Buffer<Double>, _ other: Buffer<Double>, half: Double, lanes: Range<Int>) -> Int? {
            // Every lane is tested and the outcomes gathered as bits, the first lane that jumps the lowest set one: the
            // tests follow no pattern a branch predictor could learn over distinct requests (a lane that barely moves has
            // bends that jump about), so the loop has no branch but its own.
            var jumping = 0
            for lane in lanes {
                // Bends are never negative: one of the two is more than ``largestJump`` times the other exactly when the
                // larger is more than that many times the smaller.
                let value = bend[lane], otherValue = other[lane]
                let largest = larger(value, otherValue), smallest = smaller(value, otherValue)
                let jumped = largest > ProgressGrid.largestJump * smallest ? 1 : 0, matters = largest * half * half > negligible[lane] ? 1 : 0
                jumping |= (jumped & matters) << lane
            }
            return jumping == 0 ? nil : jumping.trailingZeroBitCount
        }

        /// Adds `corner` to `corners` unless the last one is the same track and lane turning in an overlapping span (a
        /// corner between two points shows at both).
        private static func record(_ corner: Corner, in corners: inout [Corner]) {
            if let last = corners.last, last.track == corner.track, last.lane == corner.lane, last.high > corner.low, corner.high > last.low {
                return
            }
            corners.append(corner)
        }
    }
}
