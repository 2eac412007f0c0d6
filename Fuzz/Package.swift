// swift-tools-version: 6.1
// libFuzzer harnesses for the inputs NavFlow reads: specs, queries, deep-link
// patterns and URLs, traces. Build and run them with scripts/fuzz.sh, which
// passes -sanitize=fuzzer,address; each harness's main hands its test
// function to libFuzzer's LLVMFuzzerRunDriver.
import PackageDescription

let package = Package(
    name: "NavFlowFuzz",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "NavFlow", path: "..")],
    targets: [
        .target(name: "FuzzDriver", path: "FuzzDriver"),
        .executableTarget(
            name: "FuzzSpec",
            dependencies: ["FuzzDriver", .product(name: "NavFlowSearch", package: "NavFlow"), .product(name: "NavFlowQuery", package: "NavFlow"), .product(name: "NavFlowCheck", package: "NavFlow"), .product(name: "NavFlowSource", package: "NavFlow"), .product(name: "NavFlowSpec", package: "NavFlow")],
            path: "FuzzSpec"
        ),
        .executableTarget(
            name: "FuzzQuery",
            dependencies: ["FuzzDriver", .product(name: "NavFlowSearch", package: "NavFlow"), .product(name: "NavFlowQuery", package: "NavFlow"), .product(name: "NavFlowCheck", package: "NavFlow"), .product(name: "NavFlowSource", package: "NavFlow"), .product(name: "NavFlowSpec", package: "NavFlow"),
                           .product(name: "NavFlowModel", package: "NavFlow")],
            path: "FuzzQuery"
        ),
        .executableTarget(
            name: "FuzzDeepLink",
            dependencies: ["FuzzDriver", .product(name: "NavFlowSource", package: "NavFlow"), .product(name: "NavFlowSpec", package: "NavFlow")],
            path: "FuzzDeepLink"
        ),
        .executableTarget(
            name: "FuzzTrace",
            dependencies: ["FuzzDriver", .product(name: "NavFlowCoverage", package: "NavFlow"), .product(name: "NavFlowSource", package: "NavFlow"), .product(name: "NavFlowSpec", package: "NavFlow"),
                           .product(name: "NavFlowModel", package: "NavFlow")],
            path: "FuzzTrace"
        ),
    ],
    swiftLanguageModes: [.v6]
)
