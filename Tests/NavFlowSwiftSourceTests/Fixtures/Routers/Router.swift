import SwiftUI

enum Route: Hashable {
    case post(id: Int)
    case profile(name: String)
    case tag(String)
}

enum SheetDestination: Identifiable {
    case compose
    case editProfile

    var id: Self { self }
}

@MainActor @Observable
final class RouterPath {
    var path: [Route] = []

    func navigate(to route: Route) { path.append(route) }
}

@MainActor @Observable
final class TabRouter {
    var timeline = RouterPath()
    var presentedSheet: SheetDestination?

    func open(_ url: URL) {
        guard url.scheme == "routers", let host = url.host() else { return }
        switch host {
        case "post": if let id = Int(url.lastPathComponent) { timeline.navigate(to: .post(id: id)) }
        case "compose": presentedSheet = .compose
        default: break
        }
    }
}

/// The settings screens still use the Combine router of the first version.
final class SettingsRouter: ObservableObject {
    @Published var path = NavigationPath()
}

final class LegacyState: ObservableObject {
    @Published var settings = SettingsRouter()
}
