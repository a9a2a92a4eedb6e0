/// A track's visible outline as the exports draw it: its mask rect with rounded corners, circular (one cubic
/// Bézier per corner) or continuous (Apple's squircle: three cubics per corner reaching 1.528665 × the radius
/// along each edge). A track keeps one corner curve, so its outlines have the same segments at every keyframe
/// and interpolate segment by segment (CSS `path()`, SMIL `d`, Lottie shapes); ``ExportText/pathData(_:)`` writes
/// one as SVG path data, its edges as lines.
struct ExportOutline {
    /// A point of the outline.
    typealias Point2 = (x: Double, y: Double)
    /// One cubic piece: a straight edge has its control points at its ends, and says so in `isEdge`, which holds
    /// at every radius (a zero radius's corner is a point, but still a corner), so a format with lines can draw
    /// the edges as lines and keep the same segments at every keyframe.
    struct Cubic {
        /// The first control point.
        var control1: Point2
        /// The second control point.
        var control2: Point2
        /// Where the piece ends.
        var end: Point2
        /// The first control point from where the piece starts, made from the corner's own offsets rather than as a
        /// difference of two points: the same numbers at every corner (a format with relative handles, Lottie's).
        var handle1: Point2
        /// The second control point from `end`, made as `handle1` is.
        var handle2: Point2
        /// Whether the piece is a straight edge.
        var isEdge: Bool
    }

    /// Where the outline starts.
    let start: Point2
    /// The rect it rounds.
    private let rect: Rect
    /// The corners' radius, as drawn.
    private let radius: Double
    /// Whether the corners are continuous (else circular).
    private let continuous: Bool

    /// How far along each edge a continuous corner reaches, in radii.
    static let continuousReach = 1.528665
    /// A circular quarter arc as one cubic Bézier: the handle length as a share of the radius.
    static let arcHandle = 0.5522847498
    /// A continuous corner from one edge to the other, in (along the incoming edge, along the outgoing edge)
    /// radii from the corner: three cubics, each (control 1, control 2, end).
    private static let continuousCorner: [((Double, Double), (Double, Double), (Double, Double))] = [
        ((1.08849296, 0), (0.86840694, 0), (0.63149379, 0.07491139)),
        ((0.37282383, 0.16905956), (0.16905956, 0.37282383), (0.07491139, 0.63149379)),
        ((0, 0.86840694), (0, 1.08849296), (0, 1.528665))
    ]

    /// The outline of `rect` with corners of `radius` (at most half the shorter side; a continuous corner at most
    /// what lets it reach along both edges) drawn as `curve` says.
    init(_ rect: Rect, radius: Double, curve: CornerCurve?) {
        continuous = curve == .continuous
        let half = max(0, min(rect.width, rect.height) / 2)
        self.radius = min(max(0, radius.isFinite ? radius : 0), continuous ? half / Self.continuousReach : half)
        self.rect = rect
        start = (rect.x + (continuous ? self.radius * Self.continuousReach : self.radius), rect.y)
    }

    /// The most pieces an outline has: four corners of three cubics each (continuous), and four edges.
    static let mostPieces = 16

    /// Each corner's unit vector back along the incoming edge and the one along the outgoing edge, clockwise from the
    /// top right.
    private static let cornerDirections: [(back: Point2, along: Point2)] = [
        ((-1, 0), (0, 1)), ((0, -1), (-1, 0)), ((1, 0), (0, -1)), ((0, 1), (1, 0))
    ]

    /// Calls `body` with each piece in order (made as they are needed: writing an outline takes no array).
    func forEachPiece(_ body: (Cubic) -> Void) {
        let r = radius
        let reach = continuous ? r * Self.continuousReach : r
        let (x0, y0, x1, y1) = (rect.x, rect.y, rect.maxX, rect.maxY)
        var current = start
        for (index, (back, along)) in Self.cornerDirections.enumerated() {
            let corner: Point2
            switch index {
            case 0: corner = (x1, y0)
            case 1: corner = (x1, y1)
            case 2: corner = (x0, y1)
            default: corner = (x0, y0)
            }
            // `at` restates `offset` from the corner rather than calling it: through the call, `forEachPiece` was no
            // longer inlined where path data is written (css cost 3 % more).
            func offset(_ s: Double, _ t: Double) -> Point2 { (s * back.x + t * along.x, s * back.y + t * along.y) }
            func at(_ s: Double, _ t: Double) -> Point2 {
                (corner.x + s * back.x + t * along.x, corner.y + s * back.y + t * along.y)
            }
            let edgeEnd = at(reach, 0)
            body(Cubic(control1: current, control2: edgeEnd, end: edgeEnd, handle1: (0, 0), handle2: (0, 0), isEdge: true))
            current = edgeEnd
            if continuous {
                var from = (Self.continuousReach, 0.0)
                for (c1, c2, end) in Self.continuousCorner {
                    current = at(end.0 * r, end.1 * r)
                    body(
                        Cubic(
                            control1: at(c1.0 * r, c1.1 * r), control2: at(c2.0 * r, c2.1 * r), end: current,
                            handle1: offset((c1.0 - from.0) * r, (c1.1 - from.1) * r), handle2: offset((c2.0 - end.0) * r, (c2.1 - end.1) * r),
                            isEdge: false))
                    from = end
                }
            } else {
                let k = r * (1 - Self.arcHandle), handle = r * Self.arcHandle
                current = at(0, r)
                body(
                    Cubic(
                        control1: at(k, 0), control2: at(0, k), end: current, handle1: offset(-handle, 0), handle2: offset(0, -handle), isEdge: false)
                )
            }
        }
    }
}
