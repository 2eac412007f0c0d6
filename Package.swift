// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "NavFlow",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "navflow", targets: ["navflow"]),
        .library(name: "NavFlowSource", targets: ["NavFlowSource"]),
        .library(name: "NavFlowDiagnostics", targets: ["NavFlowDiagnostics"]),
        .library(name: "NavFlowSpec", targets: ["NavFlowSpec"]),
        .library(name: "NavFlowModel", targets: ["NavFlowModel"]),
        .library(name: "NavFlowSearch", targets: ["NavFlowSearch"]),
        .library(name: "NavFlowQuery", targets: ["NavFlowQuery"]),
        .library(name: "NavFlowCheck", targets: ["NavFlowCheck"]),
        .library(name: "NavFlowReport", targets: ["NavFlowReport"]),
        .library(name: "NavFlowZ3", targets: ["NavFlowZ3"]),
        .library(name: "NavFlowCoverage", targets: ["NavFlowCoverage"]),
        .library(name: "NavFlowGenerator", targets: ["NavFlowGenerator"]),
        .library(name: "NavFlowExport", targets: ["NavFlowExport"]),
        .library(name: "NavFlowSwiftSource", targets: ["NavFlowSwiftSource"]),
        // For apps and UI tests: records traces, needs nothing but Foundation.
        .library(name: "NavFlowTrace", targets: ["NavFlowTrace"]),
        // `swift package navflow verify|coverage|plan|...` in a package that depends on NavFlow.
        .plugin(name: "NavFlowCommandPlugin", targets: ["NavFlowCommandPlugin"]),
        // Verifies a target's .navflow specs on build, their findings as build diagnostics.
        .plugin(name: "NavFlowBuildPlugin", targets: ["NavFlowBuildPlugin"]),
    ],
    traits: [
        .trait(name: "Z3", description: "Enables the symbolic (Z3) query engine; needs libz3-dev."),
        .trait(name: "SwiftSource", description: "Adds `lint`, `extract` and `drift`, which read Swift with swift-syntax (about a minute more for a first build)."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
        .package(path: "Z3Support"),
    ],
    targets: [
        // Spec files and positions in them.
        .target(name: "NavFlowSource"),
        // Findings as data: rule ids, severities, diagnostics, witnesses, rule descriptors.
        .target(name: "NavFlowDiagnostics", dependencies: ["NavFlowSource"]),
        .target(name: "NavFlowSpec", dependencies: ["NavFlowSource", "NavFlowDiagnostics"]),
        .target(name: "NavFlowModel", dependencies: ["NavFlowSource", "NavFlowSpec"]),
        // How states are explored: visited sets, memos of the transition function, tab parking, the explorers.
        .target(name: "NavFlowSearch", dependencies: ["NavFlowSource", "NavFlowSpec", "NavFlowModel"]),
        // Reachability questions and their answers, and witnesses in words: what the engines (explicit and Z3) share.
        .target(name: "NavFlowQuery", dependencies: ["NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec", "NavFlowModel", "NavFlowSearch"]),
        .target(name: "NavFlowCheck", dependencies: ["NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec", "NavFlowModel", "NavFlowSearch", "NavFlowQuery"]),
        .target(
            name: "NavFlowCoverage",
            dependencies: [
                "NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec", "NavFlowModel", "NavFlowSearch", "NavFlowQuery", "NavFlowCheck", "NavFlowTrace",
                .product(name: "DequeModule", package: "swift-collections"),
            ]
        ),
        .target(name: "NavFlowTrace"),
        // Exports a model for other checkers (Promela for SPIN).
        .target(name: "NavFlowExport", dependencies: ["NavFlowSource", "NavFlowSpec", "NavFlowModel"]),
        .target(
            name: "NavFlowReport",
            dependencies: ["NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec", "NavFlowModel", "NavFlowSearch", "NavFlowQuery", "NavFlowCheck", "NavFlowCoverage"]
        ),
        // What the command line reads, writes and runs: the spec and trace
        // files its arguments name, reports written atomically, and Graphviz
        // for the HTML report's graph.
        .target(name: "NavFlowIO", dependencies: ["NavFlowSource", "NavFlowSpec", "NavFlowReport"]),
        // `.navflow.yml`: a team's defaults for the command line.
        .target(name: "NavFlowConfiguration", dependencies: ["NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec", .product(name: "Yams", package: "Yams")]),
        // Reads SwiftUI source with swift-syntax: `lint` and `extract`; empty
        // unless the SwiftSource trait is enabled.
        .target(
            name: "NavFlowSwiftSource",
            dependencies: [
                "NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec", "NavFlowCheck", "NavFlowReport",
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["SwiftSource"])),
                .product(name: "SwiftParser", package: "swift-syntax", condition: .when(traits: ["SwiftSource"])),
            ]
        ),
        // Seeded random specs for property tests and benchmarks.
        .target(name: "NavFlowGenerator"),
        // The symbolic engine; empty unless the Z3 trait is enabled.
        .target(
            name: "NavFlowZ3",
            dependencies: [
                "NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec", "NavFlowModel", "NavFlowSearch", "NavFlowQuery",
                .product(name: "Z3Solver", package: "Z3Support", condition: .when(traits: ["Z3"])),
            ]
        ),
        .executableTarget(
            name: "navflow",
            dependencies: [
                "NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec", "NavFlowModel", "NavFlowSearch", "NavFlowQuery", "NavFlowCheck", "NavFlowReport", "NavFlowZ3", "NavFlowCoverage",
                "NavFlowIO", "NavFlowGenerator", "NavFlowExport", "NavFlowSwiftSource", "NavFlowConfiguration", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "NavFlowCommandPlugin",
            capability: .command(intent: .custom(verb: "navflow", description: "Run a navflow command on the package's specs (a navflow/ folder, else its targets' .navflow files).")),
            dependencies: ["navflow"]
        ),
        .plugin(name: "NavFlowBuildPlugin", capability: .buildTool(), dependencies: ["navflow"]),
        // What several test targets share: repository paths, spec models, a coverage run, fixtures.
        .target(
            name: "NavFlowTestSupport",
            dependencies: ["NavFlowSource", "NavFlowSpec", "NavFlowModel", "NavFlowCoverage", "NavFlowGenerator"],
            path: "Tests/NavFlowTestSupport"
        ),
        .testTarget(name: "NavFlowSpecTests", dependencies: ["NavFlowTestSupport", "NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec"]),
        .testTarget(name: "NavFlowSearchTests", dependencies: ["NavFlowTestSupport", "NavFlowModel", "NavFlowSearch", "NavFlowGenerator"]),
        .testTarget(
            name: "NavFlowCheckTests",
            dependencies: ["NavFlowTestSupport", "NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec", "NavFlowModel", "NavFlowSearch", "NavFlowQuery", "NavFlowCheck", "NavFlowReport", "NavFlowGenerator"],
            exclude: ["FuzzRegressions"]
        ),
        .testTarget(
            name: "NavFlowCoverageTests",
            dependencies: [
                "NavFlowTestSupport", "NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec", "NavFlowModel", "NavFlowSearch", "NavFlowQuery", "NavFlowCheck", "NavFlowCoverage", "NavFlowTrace", "NavFlowGenerator",
            ],
            exclude: ["Traces"]
        ),
        .testTarget(name: "NavFlowTraceTests", dependencies: ["NavFlowTrace"]),
        .testTarget(
            name: "NavFlowSwiftSourceTests",
            dependencies: ["NavFlowTestSupport", "NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec", "NavFlowCheck", "NavFlowSwiftSource", "NavFlowReport"],
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(
            name: "NavFlowReportTests",
            dependencies: ["NavFlowTestSupport", "NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec", "NavFlowModel", "NavFlowSearch", "NavFlowQuery", "NavFlowCheck", "NavFlowCoverage", "NavFlowReport", "NavFlowIO", "NavFlowTrace"],
            exclude: ["Golden"]
        ),
        .testTarget(name: "NavFlowGeneratorTests", dependencies: ["NavFlowSource", "NavFlowSpec", "NavFlowGenerator"]),
        .testTarget(
            name: "NavFlowExportTests",
            dependencies: ["NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec", "NavFlowModel", "NavFlowSearch", "NavFlowQuery", "NavFlowCheck", "NavFlowExport", "NavFlowGenerator", "NavFlowTestSupport"]
        ),
        // Runs the built `navflow` as a user does; depending on it makes
        // `swift test` build it first.
        .testTarget(name: "NavFlowCLITests", dependencies: ["NavFlowTestSupport", "navflow", "NavFlowGenerator", "NavFlowSearch", "NavFlowConfiguration", "NavFlowSource", "NavFlowSpec"]),
        .testTarget(
            name: "NavFlowZ3Tests",
            dependencies: [
                "NavFlowTestSupport", "NavFlowSource", "NavFlowDiagnostics", "NavFlowSpec", "NavFlowModel", "NavFlowSearch", "NavFlowQuery", "NavFlowCheck", "NavFlowZ3", "NavFlowGenerator",
                .product(name: "Z3Solver", package: "Z3Support", condition: .when(traits: ["Z3"])),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
