/// The tracks of a plan whose state is a function of one eased progress alone, on a Bézier timing curve whose progress
/// stays inside 0…1 or on a spring: the plan's (tracks that read no channel on a window of time and are neither staggered
/// nor interrupted), or over a span of the plan's time (``window``: a channel's window, a staggered child's span). What
/// the progress bound needs; the sampler's other tracks are searched in time.
package struct ProgressMotion {
    /// How the plan's progress moves over time.
    package enum Curve {
        /// A Bézier whose progress stays inside 0…1 (linear as the one whose time and progress both equal its parameter).
        case bezier(CubicBezier)
        /// A spring, whose progress may leave 0…1 on the way.
        case spring(SpringProgress)
    }

    /// The plan's timing curve.
    package var curve: Curve
    /// The sampler's tracks the motion covers, ascending: its own track `i` (in ``states``, ``trackState``, ``overshoots``
    /// and the layers the bound is given) is the sampler's track `tracks[i]`.
    package var tracks: [Int]
    /// The lowest and the highest progress the curve reaches: 0 and 1 for a Bézier, beyond them where a spring turns.
    package let range: (low: Double, high: Double)
    /// Progresses strictly inside ``range`` where a state may turn a corner (a channel's share starting or ending),
    /// ascending.
    package var kinks: [Double]
    /// Writes the exact keyframes of the tracks at the given indices (ascending) at each of the progresses, where it is
    /// pointed (`[point * tracks + track]`, `tracks` the motion's count: the grid keeps them in one buffer, no array to
    /// check for uniqueness and copy out of); the other tracks' slots are left as they are. The grid asks for all of a
    /// piece's points at once, so that each track's state function is read (and its context retained) once a piece
    /// rather than once a point, and only for the tracks it measures there.
    package var states: (UnsafeBufferPointer<Double>, [Int], UnsafeMutablePointer<Keyframe>) -> Void
    /// One track's exact keyframe at a progress (locating a corner follows one track: the others' states would be
    /// thrown away).
    package var trackState: (Int, Double) -> Keyframe
    /// Per track, a flight's form beyond the progress 1 where a spring carries it there and it has one
    /// (``FlightOvershoot``; a flight without one is measured there); empty where no track has one.
    package var overshoots: [FlightOvershoot?] = []
    /// For tracks that follow one channel's window of time, or a staggered child's span, rather than the plan's progress:
    /// its start and end in seconds, over which the motion's curve runs (the tracks hold their first state before it and
    /// their last after it); nil for the plan's own progress over its whole duration.
    package var window: (start: Double, end: Double)?

    /// Creates a progress motion.
    package init(
        curve: Curve, tracks: [Int], kinks: [Double], states: @escaping (UnsafeBufferPointer<Double>, [Int], UnsafeMutablePointer<Keyframe>) -> Void,
        trackState: @escaping (Int, Double) -> Keyframe
    ) {
        self.curve = curve
        self.tracks = tracks
        switch curve {
        case .bezier:
            range = (0, 1)
            self.kinks = kinks
        case .spring(let spring):
            range = spring.range
            // Opacities and colours stop at 0 and 1, where a spring passes on beyond them: kinks too.
            self.kinks = (spring.range.low < 0 ? [0] : []) + kinks + (spring.range.high > 1 ? [1] : [])
        }
        self.states = states
        self.trackState = trackState
    }
}
