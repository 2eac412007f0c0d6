/// Whether this build includes the symbolic (Z3) engine: it does when built
/// with the `Z3` package trait (`swift build --traits Z3`, needs libz3-dev).
public enum SymbolicEngineAvailability {
    #if Z3
    public static let isAvailable = true
    #else
    public static let isAvailable = false
    #endif
}
