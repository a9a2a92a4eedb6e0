import FlightplanTestSupport
import Testing

@testable import FlightplanGeometry

@Suite("A flight's closed form where a spring carries it past the plan's end")
struct FlightOvershootTests {
    /// Where a spring carries the plan's progress past 1, a flight's geometric progress goes on beyond 1 (a push), below 0
    /// (a pop) or holds, and ``FlightOvershoot`` bounds each cell's lanes: over random flights of every scaling and random
    /// overshoots, every chord inside a cell strays from the exact states by at most the cell's bend, every one over
    /// the piece by at most the largest of its cells' (a renderer mixes the fields, whose products stray too), and no
    /// lane outruns the cells' speeds. A piece the form does not hold over (a corner, an extent's floor) is counted.
    @Test("beyond the plan's end a flight's chords stay within its closed form's bounds")
    func chordsStayWithinBounds() {
        var rng = SeededGenerator(seed: 0x0E5_5700)
        var checked = 0, declined = 0, moving = 0
        let allowed = UnsafeMutablePointer<Double>.allocate(capacity: ProgressGrid.lanes)
        defer { allowed.deallocate() }
        let perAllowed = ProgressGrid.Buffer(start: allowed, count: ProgressGrid.lanes)
        for index in 0..<600 {
            let track = FlightLanesTests.flight(using: &rng)
            let speed = Double.random(in: 1...3, using: &rng)
            let (start, slope) = [(1.0, speed), (0.0, -speed), (Double(index % 2), 0.0)][index % 3]
            let overshoot = FlightOvershoot(track, start: start, slope: slope)
            let high = 1 + Double.random(in: 0.001...0.4, using: &rng)
            guard let piece = overshoot.piece(from: 1, to: high) else {
                declined += 1
                continue
            }
            func state(_ progress: Double) -> Keyframe {
                let geometric = start + slope * (progress - 1)
                let state = track.state(transform: geometric, maskFrame: geometric, cornerRadius: geometric, opacity: 1)
                return Keyframe(
                    time: progress, progress: progress, transform: state.transform, maskFrame: state.maskFrame, cornerRadius: state.cornerRadius,
                    opacity: state.opacity)
            }
            func lanes(_ state: Keyframe) -> [Double] {
                let coordinates = state.renderedCoordinates(in: track.layer)
                return (0..<9).map { coordinates[$0] }
            }
            let cells = Int.random(in: 1...3, using: &rng)
            let edges = (0...cells).map { 1 + (high - 1) * Double($0) / Double(cells) }
            // Each lane's bend and speed in each cell, read one lane at a time (what it allows is 1, the others' 0).
            var bends = [[Double]](repeating: [], count: 9), speeds = [[Double]](repeating: [], count: 9)
            for lane in 0..<9 {
                for other in 0..<ProgressGrid.lanes { perAllowed[other] = other == lane ? 1 : 0 }
                for cell in 0..<cells {
                    let shares = piece.shares(from: edges[cell], to: edges[cell + 1], perAllowed: perAllowed, opacitySpeed: 0)
                    bends[lane].append(shares.bend)
                    speeds[lane].append(shares.speed)
                }
            }
            for _ in 0..<6 {
                // A chord inside one cell, or across the piece.
                let cell = Int.random(in: 0..<cells, using: &rng), across = Bool.random(using: &rng)
                let (low, top) = across ? (1.0, high) : (edges[cell], edges[cell + 1])
                let ends = [Double.random(in: low...top, using: &rng), Double.random(in: low...top, using: &rng)].sorted()
                let touched = (0..<cells).filter { edges[$0 + 1] >= ends[0] && edges[$0] <= ends[1] }
                let fraction = Double.random(in: 0...1, using: &rng)
                let (chord, exact, atStart, atEnd) = FlightLanesTests.chord(of: state, lanes: lanes, ends: ends, fraction: fraction)
                let span = ends[1] - ends[0], spread = fraction * (1 - fraction) * span * span
                for lane in 0..<9 {
                    let slack = 1e-9 * (1 + abs(exact[lane]))
                    let bend = touched.map { bends[lane][$0] }.max() ?? 0, speed = touched.map { speeds[lane][$0] }.max() ?? 0
                    #expect(abs(chord[lane] - exact[lane]) <= bend * spread + slack, "lane \(lane) strays past its bound over \(ends)")
                    #expect(abs(atEnd[lane] - atStart[lane]) <= speed * span + slack, "lane \(lane) outruns its bound over \(ends)")
                    if abs(atEnd[lane] - atStart[lane]) > 1e-6 { moving += 1 }
                }
                checked += 1
            }
        }
        #expect(checked > 2_400)
        #expect(moving > 5_000)
        // The form declines a piece with a corner in it (a uniform scale changing axis, a clamped radius) now and then.
        #expect(declined > 0 && declined < 200, "\(declined) pieces declined")
    }
}
