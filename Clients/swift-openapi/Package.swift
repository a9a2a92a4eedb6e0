// swift-tools-version:6.1
// The contract as swift-openapi-generator reads it: a client generated from ../../openapi.yaml at build time (its
// build plugin) and a driver that sends requests through it (scripts/generated_clients.py runs it against the real
// server). Its own package, so that the SDK and the server never resolve the generator.
import PackageDescription

let package = Package(
    name: "FlightplanSwiftOpenAPICheck",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", exact: "1.4.0")
    ],
    targets: [
        .executableTarget(
            name: "GeneratedClientCheck",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession")
            ],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        )
    ]
)
