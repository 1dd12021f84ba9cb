/// How an input file differs from what the render recorded.
public enum SourceChange: Sendable, Hashable, CustomStringConvertible {
    /// The file's bytes are not those the render read.
    case changed(path: String)
    /// A file the render did not read: a new layout or template file.
    case added(path: String)
    /// A file the render read is gone.
    case removed(path: String)

    /// The path, relative to the Swift file's folder.
    public var path: String {
        switch self {
        case .changed(let path), .added(let path), .removed(let path): path
        }
    }

    public var description: String {
        switch self {
        case .changed(let path): "\(path) changed since the render"
        case .added(let path): "\(path) was added since the render"
        case .removed(let path): "\(path) was removed since the render"
        }
    }
}
