/// The wire layer speaks the transition model in JSON, so importing it brings both.
@_exported public import FlightplanCore
@_exported public import FlightplanJSON
