/// The routes of the shop's catalog stack, as the app's router names them.
public enum ShopRoute: Hashable, Sendable {
    case category(String)
    case product(Int)
}
