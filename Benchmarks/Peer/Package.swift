// swift-tools-version: 6.1
import PackageDescription

/// The peers for the HTTP benchmark: the same planner behind Hummingbird 2, with JSONDecoder and JSONEncoder as most
/// Swift teams would write the service, or with Flightplan's own JSON forms (the server's `Endpoint.plan.answer`).
/// Only `Benchmarks/http_bench.py --peer` builds it; the product does not depend on it.
let package = Package(
    name: "flightplan-peer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "flightplan", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "FlightplanPeer",
            dependencies: [
                .product(name: "FlightplanWire", package: "flightplan"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
    ]
)
