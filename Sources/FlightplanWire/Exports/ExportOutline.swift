/// A track's visible outline as the exports draw it: its mask rect with rounded corners, circular (one cubic
/// Bézier per corner) or continuous (Apple's squircle: three cubics per corner reaching 1.528665 × the radius
/// along each edge). A track keeps one corner curve, so its outlines have the same segments at every keyframe
/// and interpolate segment by segment (CSS `path()`, SMIL `d`, Lottie shapes); ``ExportText/pathData(_:)`` writes
/// one as SVG path data.
struct ExportOutline {
    /// A point of the outline.
    typealias Point2 = (x: Double, y: Double)
    /// One cubic piece (a straight edge has its control points on it).
    struct Cubic { var control1: Point2; var control2: Point2; var end: Point2 }

    /// Where the outline starts.
    let start: Point2
    /// Its pieces, closing at `start`.
    let pieces: [Cubic]

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
        let continuous = curve == .continuous
        let half = max(0, min(rect.width, rect.height) / 2)
        let r = min(max(0, radius.isFinite ? radius : 0), continuous ? half / Self.continuousReach : half)
        let reach = continuous ? r * Self.continuousReach : r
        let (x0, y0, x1, y1) = (rect.x, rect.y, rect.maxX, rect.maxY)
        // Each corner: the corner point, the unit vector back along the incoming edge, the one along the outgoing edge.
        let corners: [(Point2, Point2, Point2)] = [
            ((x1, y0), (-1, 0), (0, 1)), ((x1, y1), (0, -1), (-1, 0)), ((x0, y1), (1, 0), (0, -1)), ((x0, y0), (0, 1), (1, 0))
        ]
        func at(_ corner: (Point2, Point2, Point2), _ s: Double, _ t: Double) -> Point2 {
            (corner.0.x + s * corner.1.x + t * corner.2.x, corner.0.y + s * corner.1.y + t * corner.2.y)
        }
        var pieces: [Cubic] = []
        pieces.reserveCapacity(continuous ? 16 : 8)
        var current: Point2 = (x0 + reach, y0)
        start = current
        for corner in corners {
            let edgeEnd = at(corner, reach, 0)
            pieces.append(Cubic(control1: current, control2: edgeEnd, end: edgeEnd))
            if continuous {
                for (c1, c2, end) in Self.continuousCorner {
                    pieces.append(
                        Cubic(
                            control1: at(corner, c1.0 * r, c1.1 * r), control2: at(corner, c2.0 * r, c2.1 * r), end: at(corner, end.0 * r, end.1 * r))
                    )
                }
            } else {
                let k = r * (1 - Self.arcHandle)
                pieces.append(Cubic(control1: at(corner, k, 0), control2: at(corner, 0, k), end: at(corner, 0, r)))
            }
            current = pieces[pieces.count - 1].end
        }
        self.pieces = pieces
    }
}
