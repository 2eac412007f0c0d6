/// Specs several test targets share.
public enum Fixtures {
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
