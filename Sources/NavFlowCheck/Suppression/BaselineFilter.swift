import NavFlowDiagnostics

/// Applies a baseline to the results of a `verify` run: each finding an
/// entry matches moves to the result's suppressed findings.
public enum BaselineFilter {
    /// - Parameter path: the baseline file as the user named it, recorded in each suppression.
    /// - Returns: how many entries matched no finding (fixed since the
    ///   baseline was written), or nil when the run cannot tell because a
    ///   spec stopped at a limit or could not be read.
    @discardableResult
    public static func apply(_ baseline: Baseline, path: String, to results: inout [Verifier.Result]) -> Int? {
        var matcher = Baseline.Matcher(baseline)
        var complete = true
        for index in results.indices {
            var result = results[index]
            if result.hasInputErrors || result.limit != nil { complete = false }
            // Front-end errors stop the run; a baseline does not hide them.
            guard !result.hasInputErrors else { continue }
            var kept: [Diagnostic] = []
            var suppressed: [SuppressedDiagnostic] = []
            for diagnostic in result.diagnostics {
                if matcher.absorbs(diagnostic) {
                    suppressed.append(SuppressedDiagnostic(diagnostic: diagnostic, suppression: .baseline(path: path)))
                } else {
                    kept.append(diagnostic)
                }
            }
            guard !suppressed.isEmpty else { continue }
            result.diagnostics = kept
            result.suppressed = (result.suppressed + suppressed).sorted {
                let left = $0.diagnostic, right = $1.diagnostic
                if left.range.start != right.range.start { return left.range.start < right.range.start }
                if left.rule != right.rule { return left.rule < right.rule }
                return left.message < right.message
            }
            results[index] = result
        }
        return complete ? matcher.unmatched : nil
    }
}
