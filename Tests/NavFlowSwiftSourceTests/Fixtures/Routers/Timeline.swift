import SwiftUI

struct TimelineTab: View {
    @Environment(TabRouter.self) private var tabs

    var body: some View {
        NavigationStack(path: Bindable(tabs.timeline).path) {
            TimelineList()
                .withAppRouter()
        }
    }
}

struct TimelineList: View {
    let posts: [Post] = []

    var body: some View {
        List(posts) { post in
            NavigationLink(post.title, value: Route.post(id: post.id))
                .navigationDestination(for: Tag.self) { TagView(tag: $0.name) }
        }
        .withAppRouter()
    }
}

struct PostDetail: View {
    let id: Int

    var body: some View {
        NavigationStack {
            Text("Post \(id)")
        }
    }
}

struct ProfileView: View {
    let name: String
    var body: some View { Text(name) }
}

struct TagView: View {
    let tag: String
    var body: some View { Text(tag) }
}
