extension SampledLayer {
    /// The lanes of ``ProgressGrid`` a state of this layer can move: all of them, or only the opacity for a layer that
    /// only fades (its rendered coordinates are zero in every state, so their bend and speed are too).
    var measuredLanes: Range<Int> { movesGeometry ? 0..<ProgressGrid.lanes : (ProgressGrid.lanes - 1)..<ProgressGrid.lanes }
}
