import LaunchScreenRepair

/// Finds the days of the year no yearly schedule covers (the fallback shows then) and the days
/// several layouts claim at once (the higher priority wins). Both are legal, so both are warnings.
struct ScheduleCoverage {
    let layouts: [SeasonalLayout]

    var warnings: [Diagnostic] {
        yearlyWarnings + absoluteWarnings
    }

    /// Runs of days with no yearly layout, or with more than one.
    private var yearlyWarnings: [Diagnostic] {
        let yearly = layouts.filter { $0.schedule.contains { !$0.isAbsolute } }
        guard !yearly.isEmpty else { return [] }
        // Walk a leap year so that February 29 is checked too.
        var days: [(date: SeasonDate, owners: [String])] = []
        for month in 1...12 {
            for day in 1...SeasonDate.daysIn(month: month, year: 2024) {
                let owners = yearly.filter { layout in
                    layout.schedule.contains { !$0.isAbsolute && $0.contains(year: 2024, month: month, day: day) }
                }
                days.append((SeasonDate(month: month, day: day), owners.map(\.id)))
            }
        }
        var warnings: [Diagnostic] = []
        var start = 0
        while start < days.count {
            var end = start
            while end + 1 < days.count, days[end + 1].owners == days[start].owners { end += 1 }
            let owners = days[start].owners
            let span = start == end ? "\(days[start].date)" : "\(days[start].date) through \(days[end].date)"
            if owners.isEmpty {
                warnings.append(Diagnostic.scheduleGap(span).placed(file: folder, path: nil))
            } else if owners.count > 1 {
                warnings.append(Diagnostic.yearlyOverlap(owners, on: span).placed(file: folder, path: nil))
            }
            start = end + 1
        }
        return warnings
    }

    /// Absolute ranges of different layouts that share days.
    private var absoluteWarnings: [Diagnostic] {
        let absolute = layouts.flatMap { layout in
            layout.schedule.filter(\.isAbsolute).map { (layout.id, $0) }
        }
        var warnings: [Diagnostic] = []
        for (index, (id, range)) in absolute.enumerated() {
            for (otherID, other) in absolute[(index + 1)...] where otherID != id {
                if range.from.description <= other.through.description, other.from.description <= range.through.description {
                    let overlap = Diagnostic.absoluteOverlap(
                        id, "\(range.from)…\(range.through)", otherID, "\(other.from)…\(other.through)")
                    warnings.append(overlap.placed(file: folder, path: nil))
                }
            }
        }
        return warnings
    }

    private var folder: String? { layouts.first?.file.parentFolderForDisplay }
}
