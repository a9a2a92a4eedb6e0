import ArgumentParser
import FlightplanWire

/// `flightplan batch [FILE]`: `{"requests": [...]}` in, a plan or a problem per item out, the same bytes the
/// server sends (the same item limit and shared budget).
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Read a batch of plan requests (JSON) and print a plan or a problem for each, in order.",
        discussion: "A batch that cannot be planned at all prints an RFC 9457 problem on stderr and exits with status 2.")

    @Argument(help: "The batch file; standard input when omitted or '-'.")
    var file: String?

    @Option(help: "The plans' format: json, waapi, css, svg, lottie, core-animation or boxes.")
    var format = PlanFormat.json.rawValue

    func run() throws {
        try answer(file: file, with: .batch, format: format)
    }
}
