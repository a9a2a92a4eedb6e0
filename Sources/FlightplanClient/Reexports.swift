/// An app plans with the SDK in the model's terms (requests, plans, problems), so importing
/// FlightplanClient brings them.
@_exported public import FlightplanWire
