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

    /// `close NAME, ...` as a statement: from an edge, an action (with the
    /// rest of the action after it) and a link's `else`, over sheets with
    /// and without stacks (no appear hook: the Promela export has none).
    public static let closeStatements = """
        app CloseStatements
        scheme "c"
        flag reset = false
        stack HomeStack root Home { destination Detail; depth 2 }
        stack EditorStack root Editor { destination Detail; depth 1 }
        tabs Main {
          tab home "Home" HomeStack
          tab other "Other" Other
        }
        start Main
        screen Home { push Detail; sheet Filters }
        screen Other { sheet Filters; close Filters }
        screen Detail { push Detail; sheet EditorStack }
        screen Filters { sheet EditorStack; action "Reset" { close Filters; tab other }; dismiss }
        screen Editor { push Detail; sheet Picker; action "Back" { close EditorStack; sheet Picker } }
        screen Picker { action "Start over" { set reset = true; close EditorStack, Filters; set reset = false }; close Picker }
        deeplink "c://reset" -> home requires !reset else close Filters
        """

    /// An entry point offered while a flag holds: a toast's "Show" button
    /// after a stack is created, until the user hides it.
    public static let toasts = """
        app Toasts
        id StackID
        flag created = false
        stack HomeStack root Stacks { destination StackDetail }
        tabs Main {
          tab stacks "Stacks" HomeStack
          tab settings "Settings" Settings
        }
        start Main
        screen Stacks {
          push StackDetail
          sheet NewStack
        }
        screen StackDetail(id: StackID) { action "Hide" { set created = false } }
        screen Settings
        screen NewStack {
          action "Create" { set created = true; dismiss }
          action "Cancel" { dismiss }
        }
        entry toast showStack(id: StackID) if created -> stacks / StackDetail(id)
        """

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
