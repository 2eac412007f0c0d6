import NavFlowGenerator

/// Specs several test targets share.
public enum Fixtures {
    /// A small generated app with the interactions real apps have
    /// (`AppShape.interactions`): 2 or 3 tabs of depth 2, whose "Open in
    /// tab 0" action lifts the first tab when the others are parked.
    public static func interactingApp(seed: UInt64) -> String {
        var shape = AppShape(tabs: 2 + Int(seed % 2), screens: 6 + Int(seed % 4), fanOut: 1 + Int(seed % 2), depth: 2,
                             sheets: Int(seed % 2), flags: Int(seed % 2), inputs: 0, deepLinks: Int(seed % 3), seed: seed)
        shape.interactions = true
        return AppSpecGenerator.spec(shape)
    }

    /// A shop: tabs, a gated sheet, arguments and a deep link.
    public static let shop = """
        app Shop
        scheme "shop"
        enum Section { new, sale }
        id Slug: String
        flag signedIn = false
        input beta
        input region
        assume !(beta && region)
        stack HomeStack root Home {
          destination Catalog
          destination Product
          destination Settings
        }
        tabs Main {
          tab home "Home" HomeStack
          tab labs "Labs" Labs hidden if !beta
        }
        screen Home {
          push Catalog
          sheet SignIn if !signedIn
          push Settings if signedIn
        }
        screen Catalog(section: Section) { push Product }
        screen Product(slug: Slug)
        screen Settings { pop }
        screen SignIn locked {
          action "Sign in" { set signedIn = true; dismiss }
        }
        screen Labs { tab home }
        deeplink "shop://product/{s: Slug}" -> home / Catalog(new) / Product(s)
        """
}
