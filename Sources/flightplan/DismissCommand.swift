import ArgumentParser
import FlightplanWire

/// `flightplan dismiss [FILE]`: one dismissal drag sample in, its answer out, the same bytes the server sends.
struct DismissCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dismiss",
        abstract: "Read a dismissal drag sample (JSON) and print the state, decision and completion plan as JSON.",
        discussion: "An invalid sample prints an RFC 9457 problem on stderr and exits with status 2.")

    @Argument(help: "The sample file; standard input when omitted or '-'.")
    var file: String?

    @Option(help: "The plans' format: json, waapi, css, svg, lottie, core-animation or boxes.")
    var format = PlanFormat.json.rawValue

    func run() throws {
        try answer(file: file, with: .dismiss, format: format)
    }
}
