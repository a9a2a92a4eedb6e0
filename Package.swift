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
    products: [
        .library(name: "FlightplanCore", targets: ["FlightplanCore"]),
        .library(name: "FlightplanClient", targets: ["FlightplanClient"]),
        .executable(name: "flightplan", targets: ["flightplan"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        .target(
            name: "FlightplanCore",
            dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: swiftSettings
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .target(
            name: "FlightplanServer",
            dependencies: [
                "FlightplanCore",
                "CMicroHTTPD",
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("Resources/openapi.yaml"), .embedInCode("Resources/preview.html")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "flightplan",
            dependencies: [
                "FlightplanCore",
                "FlightplanServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "FlightplanClient", dependencies: ["FlightplanCore"], swiftSettings: swiftSettings),
        .target(name: "FlightplanTestSupport", dependencies: ["FlightplanCore"], swiftSettings: swiftSettings),
        .target(
            name: "FlightplanServerTestSupport",
            dependencies: ["FlightplanServer", .product(name: "Logging", package: "swift-log")],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "FlightplanFuzz",
            dependencies: ["FlightplanCore"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FlightplanCoreTests", dependencies: ["FlightplanCore", "FlightplanTestSupport"], swiftSettings: swiftSettings),
        .testTarget(
            name: "FlightplanServerTests",
            dependencies: ["FlightplanServer", "FlightplanCore", "FlightplanServerTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "FlightplanClientTests",
            dependencies: ["FlightplanClient", "FlightplanCore", "FlightplanServer", "FlightplanTestSupport", "FlightplanServerTestSupport"],
            swiftSettings: swiftSettings
        ),
    ]
)
