import ArgumentParser
import FlightplanCore
import Foundation

/// `flightplan plan [FILE]`: one request in, one plan out, the same bytes the server sends.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Read a plan request (JSON) and print the plan as JSON.",
        discussion: "An invalid request prints an RFC 9457 problem on stderr and exits with status 2.")

    @Argument(help: "The request file; standard input when omitted or '-'.")
    var file: String?

    func run() throws {
        let body: Data
        do {
            if let file, file != "-" {
                body = try Data(contentsOf: URL(fileURLWithPath: file))
            } else {
                body = FileHandle.standardInput.readDataToEndOfFile()
            }
        } catch {
            throw ValidationError("cannot read \(file ?? "standard input"): \(error.localizedDescription)")
        }
        switch PlanEndpoint.plan(body: Array(body)) {
        case .success(let bytes):
            FileHandle.standardOutput.write(Data(bytes + [UInt8(ascii: "\n")]))
        case .failure(let problem):
            FileHandle.standardError.write(Data(problem.jsonBytes + [UInt8(ascii: "\n")]))
            throw ExitCode(2)
        }
    }
}
