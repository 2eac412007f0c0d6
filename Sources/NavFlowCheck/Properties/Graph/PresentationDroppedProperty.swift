import NavFlowDiagnostics
import NavFlowModel
import NavFlowSpec

/// `presentation-dropped`: a deep link presents a modal from a view that a
/// modal it keeps up covers. A view presents one modal at a time, and only
/// while nothing covers it (UIKit refuses to present from a view controller
/// that is already presenting), so SwiftUI does not show the modal: the
/// user stays where they were, under the modal the link kept.
public struct PresentationDroppedProperty: GraphProperty {
    public static let descriptor = RuleDescriptor(
        id: .presentationDropped, severity: .error, phase: .exploration,
        summary: "A deep link or an appear hook presents a modal from a view another modal covers, so SwiftUI does not show it.",
        givesWitness: true, examples: .defects(.presentationDropped))

    public init() {}

    public var onPartialGraph: PartialGraphVerdict { .decided }

    public func check(_ analysis: GraphAnalysis) -> [Diagnostic] {
        analysis.linkDiagnostics(self, select: {
            if case .presentationDropped = $0 { true } else { false }
        }, message: { link in
            "\(link.subject) does not always show its target: it presents a modal from a view another modal covers, and SwiftUI does not show it"
        }, detail: { problem in
            guard case .presentationDropped(let presentable, let coveredBy) = problem else { return nil }
            return DeepLinkOutcome.presentationDropped(presentable: presentable, coveredBy: coveredBy).reason(in: analysis.model)
        }, notes: { _ in
            [DiagnosticNote(message: "present it from where the user is ('* + sheet ...' with 'keep modals'), or close what is presented first (no 'keep modals', or name it in 'close')")]
        })
    }
}

extension RuleID {
    public static let presentationDropped = RuleID(rawValue: "presentation-dropped")
}
