import FlightplanTestSupport
import Testing

@testable import FlightplanGeometry

@Suite("A flight's closed form between its kinks")
struct FlightLanesTests {
    /// A random flight of any scaling: content, image rects and clips of unrelated aspects (so that a uniform scale changes
    /// the axis it follows on the way), radii up to one and a half times what a clip can carry (so that a clip's half side
    /// clamps the radius on the way), a straight or an arced path.
    static func flight(using rng: inout SeededGenerator) -> FlightTrack {
        func rect(_ largest: Double) -> Rect {
            Rect(
                x: .random(in: -100...400, using: &rng), y: .random(in: -100...800, using: &rng), width: .random(in: 4...largest, using: &rng),
                height: .random(in: 4...largest, using: &rng))
        }
        let layer = rect(900), clipStart = rect(500), clipEnd = rect(900)
        let content = Rect(
            x: .random(in: 0...layer.width / 2, using: &rng), y: .random(in: 0...layer.height / 2, using: &rng),
            width: .random(in: 4...layer.width, using: &rng), height: .random(in: 4...layer.height, using: &rng))
        let scaling = [FlightScaling.uniform, .stretch, .none].randomElement(using: &rng)!
        // A stretched layer has square corners (a non-uniform scale would turn a round one into an ellipse).
        let rounded = scaling != .stretch
        let bend = Bool.random(using: &rng) ? Point.zero : Point(x: .random(in: -200...200, using: &rng), y: .random(in: -200...200, using: &rng))
        return FlightTrack(
            layer: layer, content: content, imageStart: rect(500), imageEnd: rect(1200), clipStart: clipStart, clipEnd: clipEnd,
            radiusStart: rounded ? .random(in: 0...1.5 * clipStart.maxCornerRadius, using: &rng) : 0,
            radiusEnd: rounded ? .random(in: 0...1.5 * clipEnd.maxCornerRadius, using: &rng) : 0, scaling: scaling,
            opacityEnd: .random(in: 0.2...1, using: &rng), bend: bend)
    }

    /// A linear renderer's chord from `ends[0]` to `ends[1]` at `fraction` of the way, the exact state there, and the
    /// states at the two ends, each as its lanes.
    static func chord(
        of state: (Double) -> Keyframe, lanes: (Keyframe) -> [Double], ends: [Double], fraction: Double
    ) -> (chord: [Double], exact: [Double], atStart: [Double], atEnd: [Double]) {
        (
            lanes(state(ends[0]).interpolated(to: state(ends[1]), fraction: fraction)), lanes(state(ends[0] + fraction * (ends[1] - ends[0]))),
            lanes(state(ends[0])), lanes(state(ends[1]))
        )
    }

    /// Between two of a flight's kinks (``FlightTrack/kinks``), the strays of chords between any two of its states are
    /// what ``FlightLanes`` predicts from three states of the piece, lane by lane, and its bends and speeds at a span's
    /// ends bound the span's. Leaving out the kinks fails here (a radius that a clip's half side clamps turns a corner).
    @Test("between a flight's kinks its chords stray as its closed form says")
    func chordsStrayAsPredicted() {
        var rng = SeededGenerator(seed: 0xF1_1A_E5)
        var checked = 0, afterKinks = 0
        for _ in 0..<400 {
            let track = Self.flight(using: &rng)
            let layer = SampledLayer(frame: track.layer, movesGeometry: true, form: .flight)
            func state(_ progress: Double) -> Keyframe {
                let state = track.state(at: progress)
                return Keyframe(
                    time: progress, progress: progress, transform: state.transform, maskFrame: state.maskFrame, cornerRadius: state.cornerRadius,
                    opacity: state.opacity)
            }
            func lanes(_ state: Keyframe) -> [Double] {
                let coordinates = state.renderedCoordinates(in: track.layer)
                return (0..<9).map { coordinates[$0] } + [state.opacity]
            }
            let edges = [0] + track.kinks + [1]
            for (piece, (low, high)) in zip(edges, edges.dropFirst()).enumerated() where high > low {
                let form = FlightLanes(low: low, high: high, states: (state(low), state(low + (high - low) / 2), state(high)), layer: layer)
                for _ in 0..<4 {
                    let ends = [Double.random(in: low...high, using: &rng), Double.random(in: low...high, using: &rng)].sorted()
                    let fraction = Double.random(in: 0...1, using: &rng)
                    let (chord, exact, atStart, atEnd) = Self.chord(of: state, lanes: lanes, ends: ends, fraction: fraction)
                    let span = ends[1] - ends[0], spread = fraction * (1 - fraction) * span * span
                    for lane in 0..<10 {
                        let slack = 1e-9 * (1 + abs(exact[lane]))
                        let stray = chord[lane] - exact[lane], predicted = form.stray(ofLane: lane, from: ends[0], to: ends[1], fraction: fraction)
                        #expect(
                            abs(stray - predicted) <= slack, "lane \(lane) strays \(stray), predicted \(predicted), over \(ends) of \(low)…\(high)")
                        let bend = max(form.bend(ofLane: lane, at: ends[0]), form.bend(ofLane: lane, at: ends[1]))
                        #expect(abs(stray) <= bend * spread + slack, "lane \(lane) bends past its bound over \(ends)")
                        let speed = max(form.speed(ofLane: lane, at: ends[0]), form.speed(ofLane: lane, at: ends[1]))
                        #expect(abs(atEnd[lane] - atStart[lane]) <= speed * span + slack, "lane \(lane) outruns its bound over \(ends)")
                    }
                    checked += 1
                    if piece > 0 { afterKinks += 1 }
                }
            }
        }
        #expect(checked > 1_600)
        // Both kinds of kink come up: a uniform scale changing axis, a radius clamped by its clip.
        #expect(afterKinks > 300)
    }
}
