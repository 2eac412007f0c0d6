// swift-tools-version: 6.1
import PackageDescription

// Z3 for NavFlow's symbolic engine, kept in a package of its own so that a
// build without the `Z3` trait never compiles a target that includes <z3.h>.
let package = Package(
    name: "Z3Support",
    products: [
        .library(name: "Z3Solver", targets: ["Z3Solver"]),
    ],
    targets: [
        .systemLibrary(
            name: "CZ3",
            pkgConfig: "z3",
            providers: [.apt(["libz3-dev"]), .brew(["z3"])]
        ),
        .target(name: "CZ3Shim", dependencies: ["CZ3"]),
        .target(name: "Z3Solver", dependencies: ["CZ3Shim"]),
    ],
    swiftLanguageModes: [.v6]
)
