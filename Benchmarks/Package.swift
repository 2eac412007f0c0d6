// swift-tools-version: 6.1
// The benchmark suite (package-benchmark). A package of its own, so that the
// main package builds and tests without the benchmark tooling:
//   cd Benchmarks && swift package benchmark
import PackageDescription

let package = Package(
    name: "NavFlowBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "NavFlow", path: "..", traits: ["Z3"]),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "NavFlowBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "NavFlowSource", package: "NavFlow"),
                .product(name: "NavFlowSpec", package: "NavFlow"),
                .product(name: "NavFlowModel", package: "NavFlow"),
                .product(name: "NavFlowSearch", package: "NavFlow"),
                .product(name: "NavFlowQuery", package: "NavFlow"),
                .product(name: "NavFlowCheck", package: "NavFlow"),
                .product(name: "NavFlowCoverage", package: "NavFlow"),
                .product(name: "NavFlowZ3", package: "NavFlow"),
                .product(name: "NavFlowGenerator", package: "NavFlow"),
            ],
            path: "Benchmarks/NavFlowBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
