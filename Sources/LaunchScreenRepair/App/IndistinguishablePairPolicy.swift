/// What goes into a pair of same-size snapshots whose pixels look the same (a launch
/// storyboard that ignores dark mode): the slots cannot be told apart.
public enum IndistinguishablePairPolicy: String, Codable, Sendable, Hashable, CaseIterable {
    /// Leave both alone, with a reason that says what to do (the default).
    case skip
    /// Both get the light variant.
    case light
    /// Both get the dark variant.
    case dark

    /// The appearance both files get, `nil` for ``skip``.
    var appearance: Appearance? {
        switch self {
        case .skip: nil
        case .light: .light
        case .dark: .dark
        }
    }
}
