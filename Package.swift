// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "NavFlow",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "navflow", targets: ["navflow"]),
        .library(name: "NavFlowSpec", targets: ["NavFlowSpec"]),
        .library(name: "NavFlowModel", targets: ["NavFlowModel"]),
        .library(name: "NavFlowCheck", targets: ["NavFlowCheck"]),
        .library(name: "NavFlowReport", targets: ["NavFlowReport"]),
    ],
    traits: [
        .trait(name: "Z3", description: "Enables the symbolic (Z3) query engine; needs libz3-dev."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "NavFlowSpec"),
        .target(name: "NavFlowModel", dependencies: ["NavFlowSpec"]),
        .target(name: "NavFlowCheck", dependencies: ["NavFlowSpec", "NavFlowModel"]),
        .target(name: "NavFlowReport", dependencies: ["NavFlowSpec", "NavFlowModel", "NavFlowCheck"]),
        .executableTarget(
            name: "navflow",
            dependencies: [
                "NavFlowSpec", "NavFlowModel", "NavFlowCheck", "NavFlowReport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "NavFlowSpecTests", dependencies: ["NavFlowSpec"]),
        .testTarget(
            name: "NavFlowCheckTests",
            dependencies: ["NavFlowSpec", "NavFlowModel", "NavFlowCheck", "NavFlowReport"],
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
