import ArgumentParser
import FlightplanServer

/// The `flightplan` command: plan transitions locally or serve the REST API.
@main
struct Flightplan: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Transition plans for shared-element UI transitions.",
        version: "flightplan \(BuildInfo.version) (revision \(BuildInfo.revision))",
        subcommands: [
            PlanCommand.self, BatchCommand.self, DismissCommand.self, FilmstripCommand.self, ServeCommand.self, HealthcheckCommand.self,
            RulesCommand.self
        ])
}
