import ArgumentParser
import FlightplanWire

/// `flightplan filmstrip [FILE]`: a plan request (plus optional `frames`) in, its SVG filmstrip out.
struct FilmstripCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "filmstrip",
        abstract: "Read a plan request (JSON, optionally with \"frames\") and print its filmstrip as SVG.",
        discussion: "The same bytes as POST /v1/plans/filmstrip.svg. An invalid request prints a problem on stderr and exits 2.")

    @Argument(help: "The request file; standard input when omitted or '-'.")
    var file: String?

    func run() throws {
        try answer(file: file, with: .filmstrip)
    }
}
