import SwiftUI

// A tab app with a router per tab, a shared destination modifier, a sheet
// enum and a URL handler: the patterns of the reference material, with a
// few of the mistakes `navflow lint` reports.
@main
struct RoutersApp: App {
    @State private var tabs = TabRouter()

    var body: some Scene {
        WindowGroup {
            RootTabs()
                .environment(tabs)
                .onOpenURL { tabs.open($0) }
        }
    }
}

struct RootTabs: View {
    @Environment(TabRouter.self) private var tabs

    var body: some View {
        TabView {
            TimelineTab().tabItem { Label("Timeline", systemImage: "list.bullet") }
            SettingsTab().tabItem { Label("Settings", systemImage: "gear") }
        }
        .sheet(item: Bindable(tabs).presentedSheet) { sheet in
            NavigationStack { sheet.view.withAppRouter() }
        }
    }
}
