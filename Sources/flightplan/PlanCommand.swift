import ArgumentParser
import FlightplanWire

#if canImport(Glibc)
import Glibc
#endif

/// `flightplan plan [FILE]`: one request in, one plan out, the same bytes the server sends.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Read a plan request (JSON) and print the plan as JSON, or exported with --format.",
        discussion: "An invalid request prints an RFC 9457 problem on stderr and exits with status 2.")

    @Argument(help: "The request file; standard input when omitted or '-'.")
    var file: String?

    @Option(help: "The plans' format: json, waapi, css, svg, lottie, core-animation or boxes.")
    var format = PlanFormat.json.rawValue

    func run() throws {
        try answer(file: file, with: .plan, format: format)
    }
}

/// Reads a body from `file` (standard input when nil or "-"), prints the endpoint's answer on stdout,
/// or its problem on stderr with exit status 2.
func answer(file: String?, with endpoint: Endpoint, format name: String = PlanFormat.json.rawValue) throws {
    let format: PlanFormat
    do { format = try PlanFormat(named: name) } catch { throw ValidationError("--\(error.field) \(error.message)") }
    let body: [UInt8]
    do { body = try StandardStreams.readAll(path: file == "-" ? nil : file) } catch { throw ValidationError(error.description) }
    switch endpoint.answer(body, format: format).result {
    case .success(let bytes):
        // Written from where the answer lies: no copy of it.
        bytes.withUnsafeBytes { StandardStreams.write($0, to: STDOUT_FILENO) }
        StandardStreams.write([UInt8(ascii: "\n")], to: STDOUT_FILENO)
    case .failure(let problem):
        StandardStreams.write(problem.jsonBytes + [UInt8(ascii: "\n")], to: STDERR_FILENO)
        throw ExitCode(2)
    }
}
