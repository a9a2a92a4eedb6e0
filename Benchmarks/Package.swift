// swift-tools-version: 6.1
import PackageDescription

/// In-process benchmarks of the planner and the wire layer (decode, plan per style, encode, the whole request path),
/// kept in their own package so the product does not depend on the benchmark harness.
let package = Package(
    name: "flightplan-benchmarks",
    dependencies: [
        .package(name: "flightplan", path: ".."),
        // Exact, like the product's own dependencies (docs/operations.md#pinned-dependencies).
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "FlightplanBenchmarks",
            dependencies: [
                .product(name: "FlightplanWire", package: "flightplan"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/FlightplanBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
