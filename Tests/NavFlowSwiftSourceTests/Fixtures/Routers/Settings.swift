import SwiftUI

struct SettingsTab: View {
    @StateObject private var router = SettingsRouter()
    @State private var showingAbout = false
    @State private var showingLicenses = false

    var body: some View {
        NavigationStack(path: $router.path) {
            Form {
                NavigationLink("Account", value: Route.profile(name: "me"))
                NavigationLink(destination: AboutView()) { Text("About") }
            }
            .sheet(isPresented: $showingAbout) { AboutView() }
            .sheet(isPresented: $showingLicenses) { LicensesView() }
        }
    }
}

struct AboutView: View {
    var body: some View {
        // The about box keeps its old layout on purpose.
        // navflow:disable swift-navigation-view
        NavigationView {
            Text("About")
        }
    }
}

struct LicensesView: View {
    var body: some View { Text("Licenses") }
}

struct ComposeView: View {
    var body: some View { Text("Compose") }
}

struct EditProfileView: View {
    var body: some View { Text("Edit profile") }
}
