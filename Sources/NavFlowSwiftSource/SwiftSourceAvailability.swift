/// Whether this build reads Swift source (`lint`, `extract`): it does when
/// built with the `SwiftSource` package trait (`swift build --traits
/// SwiftSource`), which adds swift-syntax to the build.
public enum SwiftSourceAvailability {
    #if SwiftSource
    public static let isAvailable = true
    #else
    public static let isAvailable = false
    #endif

    /// What a command that reads Swift says when the build has no swift-syntax.
    public static let missing = "this build does not read Swift source; build with 'swift build --traits SwiftSource' (adds swift-syntax)"
}
