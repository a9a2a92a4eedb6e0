// swift-tools-version: 6.1
import PackageDescription

/// The same language settings for every target, as hummingbird does.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "flightplan",
    // What FlightplanClient needs on Apple systems (`URLSession.data(for:)` and async/await); the server, the
    // CLI and the fuzzer are built for Linux only (libmicrohttpd, Synchronization). See docs/sdk.md.
    platforms: [.macOS(.v12), .iOS(.v15), .tvOS(.v15), .watchOS(.v8), .visionOS(.v1)],
    products: [
        .library(name: "FlightplanGeometry", targets: ["FlightplanGeometry"]),
        .library(name: "FlightplanCore", targets: ["FlightplanCore"]),
        .library(name: "FlightplanWire", targets: ["FlightplanWire"]),
        .library(name: "FlightplanClient", targets: ["FlightplanClient"]),
        // No `.executable` product for `flightplan`: SwiftPM synthesizes one for this package's own builds
        // (`swift build --product flightplan`, `swift run flightplan`), and a package that depends on this one
        // resolves the dependencies of every product declared here, so declaring it would make an app that uses
        // FlightplanClient fetch swift-argument-parser and swift-log and compile argument-parser's plugins
        // (scripts/sdk_consumer.py fails then).
    ],
    // Exact versions, so every build (the image's included) resolves the same code whatever Package.resolved says
    // or lacks; docs/operations.md#pinned-dependencies says how to move one.
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-numerics", exact: "1.1.1"),
        // `swift package generate-documentation --target FlightplanClient` (DocC); a plugin, linked into nothing.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"),
    ],
    targets: [
        // Geometry, timing, tracks and sampling: the maths, with no request, JSON or HTTP notions.
        .target(
            name: "FlightplanGeometry",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: swiftSettings
        ),
        // The transition model: requests, plans, limits and defaults, validation, one file per style, the planners.
        .target(
            name: "FlightplanCore",
            dependencies: ["FlightplanGeometry", .product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: swiftSettings
        ),
        // A strict JSON parser and a deterministic writer, knowing nothing of Flightplan.
        .target(name: "FlightplanJSON", swiftSettings: swiftSettings),
        // The wire layer: JSON forms of every request and answer, problem details, the endpoints (body in,
        // body out) and their limits; shared by the server, the SDK, the CLI and the fuzzer.
        .target(
            name: "FlightplanWire",
            dependencies: ["FlightplanCore", "FlightplanJSON"],
            swiftSettings: swiftSettings
        ),
        // Spans out by OTLP/HTTP: the protobuf encoding, the `OTEL_*` settings, the batcher and its socket; nothing
        // heavy (docs/architecture.md says why not swift-otel).
        .target(name: "FlightplanTracing", swiftSettings: swiftSettings),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        // glibc's malloc.h (mallopt), for `serve`'s allocator setting; Linux only.
        .systemLibrary(name: "CGlibcMalloc"),
        .target(
            name: "FlightplanServer",
            dependencies: [
                "FlightplanWire",
                "FlightplanJSON",
                "FlightplanTracing",
                "CMicroHTTPD",
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Resources/openapi.yaml"), .embedInCode("Resources/preview.html")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "flightplan",
            dependencies: [
                "FlightplanWire",
                "FlightplanServer",
                "FlightplanTracing",
                .target(name: "CGlibcMalloc", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "FlightplanClient", dependencies: ["FlightplanWire"], swiftSettings: swiftSettings),
        .target(
            name: "FlightplanTestSupport",
            dependencies: ["FlightplanCore", .product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "FlightplanServerTestSupport",
            dependencies: ["FlightplanServer", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FlightplanFuzz",
            dependencies: ["FlightplanWire"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FlightplanGeometryTests",
            dependencies: ["FlightplanGeometry", "FlightplanTestSupport", .product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "FlightplanCoreTests", dependencies: ["FlightplanCore", "FlightplanTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "FlightplanJSONTests", dependencies: ["FlightplanJSON", "FlightplanTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "FlightplanWireTests", dependencies: ["FlightplanWire", "FlightplanTestSupport"], exclude: ["Fixtures"],
            swiftSettings: swiftSettings),
        .testTarget(name: "FlightplanTracingTests", dependencies: ["FlightplanTracing"], swiftSettings: swiftSettings),
        .testTarget(
            name: "FlightplanServerTests",
            dependencies: ["FlightplanServer", "FlightplanWire", "FlightplanTracing", "FlightplanServerTestSupport", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FlightplanClientTests",
            dependencies: ["FlightplanClient", "FlightplanWire", "FlightplanServer", "FlightplanTestSupport", "FlightplanServerTestSupport"],
            swiftSettings: swiftSettings
        ),
    ]
)
