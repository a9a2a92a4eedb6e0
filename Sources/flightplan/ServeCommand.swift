import ArgumentParser

/// `flightplan serve`: the REST API on libmicrohttpd.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: "Serve the REST API.")
}
