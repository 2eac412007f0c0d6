import SwiftUI

extension View {
    func withAppRouter() -> some View {
        navigationDestination(for: Route.self) { route in
            switch route {
            case .post(let id): PostDetail(id: id)
            case .profile(let name): ProfileView(name: name)
            case .tag(let tag): TagView(tag: tag)
            }
        }
    }
}

extension SheetDestination {
    @ViewBuilder var view: some View {
        switch self {
        case .compose: ComposeView()
        case .editProfile: EditProfileView()
        }
    }
}
