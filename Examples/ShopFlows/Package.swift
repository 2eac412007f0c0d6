// swift-tools-version: 6.1
// A package that uses NavFlow as a team would: its navigation specs are
// verified on every build (NavFlowBuildPlugin, on the ShopFlows target),
// and `swift package navflow verify|plan|coverage|...` runs navflow on them
// (NavFlowCommandPlugin, which takes the specs of navflow/ by default).
import PackageDescription

let package = Package(
    name: "ShopFlows",
    dependencies: [
        .package(name: "NavFlow", path: "../.."),
    ],
    targets: [
        .target(
            name: "ShopFlows",
            plugins: [.plugin(name: "NavFlowBuildPlugin", package: "NavFlow")]
        ),
    ]
)
