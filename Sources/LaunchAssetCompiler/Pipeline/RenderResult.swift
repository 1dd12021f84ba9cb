/// What a run did, for a command to report: the summary scripts read, and the lines a person reads.
package struct RenderResult: Sendable {
    /// What `render --json` prints; `nil` for a check and a merge.
    package var summary: RenderSummary?
    /// The closing summary, for standard error unless the command is told to be quiet.
    package var lines: [String] = []
    /// Lines shown whatever the command is told: each stale output of a check and its verdict.
    package var findings: [String] = []
    /// Whether a check found outputs that are not what the inputs give (`render --check` exits 3).
    package var isStale = false
}
