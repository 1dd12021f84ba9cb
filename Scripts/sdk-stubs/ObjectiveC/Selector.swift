// swift-format-ignore-file: AlwaysUseLowerCamelCase

// ObjectiveC/objc.h (SEL), imported as ObjectiveC.Selector.
/// An Objective-C method name. The check turns `#selector(name)` into `Selector("name")`, since a
/// Linux compiler has no Objective-C runtime; Xcode checks the selector itself.
public struct Selector: Hashable, Sendable {
    let name: String

    public init(_ name: String) { self.name = name }
}

// Foundation/NSObjCRuntime.h
public func NSSelectorFromString(_ aSelectorName: String) -> Selector { Selector(aSelectorName) }
