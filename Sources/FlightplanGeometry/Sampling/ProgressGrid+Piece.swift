extension ProgressGrid {
    /// A piece between two kinks as a grid measured it, without corners: its cells' far edges and bounds. A grid that
    /// measures the motion again with corners located elsewhere takes them as they are (a piece's measures depend on
    /// its states alone).
    struct Piece {
        var low: Double, high: Double
        var edges: ArraySlice<Double>
        var bounds: ArraySlice<(bend: Double, speed: Double)>
    }
}
