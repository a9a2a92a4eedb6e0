import ArgumentParser
import FlightplanWire

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flightplan rules`: every default and limit openapi.yaml states, from the code's one table.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Print every default and limit of the API as JSON: [{\"pointer\", \"keyword\", \"value\"}] into openapi.yaml.")

    func run() throws {
        StandardStreams.write(DocumentedRules.jsonBytes + [UInt8(ascii: "\n")], to: STDOUT_FILENO)
    }
}
