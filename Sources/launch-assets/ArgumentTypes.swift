// Runtime types read straight from the command line; a bad value is a usage error (exit 2).
import ArgumentParser
import LaunchAssetCompiler
import LaunchScreenRepair

extension Appearance: ExpressibleByArgument {}
extension Idiom: ExpressibleByArgument {}
extension OrientationPolicy: ExpressibleByArgument {}
extension IndistinguishablePairPolicy: ExpressibleByArgument {}
extension SwiftSourceGenerator.ResourceBundle: ExpressibleByArgument {}

extension SystemVersion: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}

extension SeasonDate: ExpressibleByArgument {
    /// Only absolute `YYYY-MM-DD` dates name a day.
    public init?(argument: String) {
        guard let date = SeasonDate(argument), date.year != nil else { return nil }
        self = date
    }
}

extension Shard: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}
