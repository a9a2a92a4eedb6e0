/// Every client of the transition model speaks in its geometry (rects, transforms, curves, keyframes),
/// so importing FlightplanCore brings FlightplanGeometry with it.
@_exported public import FlightplanGeometry
