// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (the C functions keep their SDK names)

import Foundation

// CoreFoundation/CFBase.h
public typealias CFIndex = Int
// CoreFoundation/CFBase.h
public typealias CFOptionFlags = UInt

// CoreFoundation/CFBase.h: CFAllocatorRef, a Core Foundation object (imported as a class).
public final class CFAllocator {}
// CoreFoundation/CFBase.h
nonisolated(unsafe) public let kCFAllocatorDefault: CFAllocator! = nil

// CoreFoundation/CFRunLoop.h
public final class CFRunLoop {}
// CoreFoundation/CFRunLoop.h
public final class CFRunLoopObserver {}

// CoreFoundation/CFRunLoop.h: CFRunLoopMode, an extensible string enum.
public struct CFRunLoopMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    // CoreFoundation/CFRunLoop.h: kCFRunLoopDefaultMode
    public static let defaultMode: CFRunLoopMode! = CFRunLoopMode(rawValue: "kCFRunLoopDefaultMode")
    // CoreFoundation/CFRunLoop.h: kCFRunLoopCommonModes
    public static let commonModes: CFRunLoopMode! = CFRunLoopMode(rawValue: "kCFRunLoopCommonModes")
}

// CoreFoundation/CFRunLoop.h
public struct CFRunLoopActivity: OptionSet, Sendable {
    public let rawValue: CFOptionFlags
    public init(rawValue: CFOptionFlags) { self.rawValue = rawValue }

    public static let entry = CFRunLoopActivity(rawValue: 1 << 0)
    public static let beforeTimers = CFRunLoopActivity(rawValue: 1 << 1)
    public static let beforeSources = CFRunLoopActivity(rawValue: 1 << 2)
    public static let beforeWaiting = CFRunLoopActivity(rawValue: 1 << 5)
    public static let afterWaiting = CFRunLoopActivity(rawValue: 1 << 6)
    public static let exit = CFRunLoopActivity(rawValue: 1 << 7)
    public static let allActivities = CFRunLoopActivity(rawValue: 0x0FFF_FFFF)
}

// CoreFoundation/CFRunLoop.h
@available(iOS 2.0, *)
public func CFRunLoopGetMain() -> CFRunLoop! { fatalError() }

// CoreFoundation/CFRunLoop.h
@available(iOS 2.0, *)
public func CFRunLoopGetCurrent() -> CFRunLoop! { fatalError() }

// CoreFoundation/CFRunLoop.h: the block is a plain (not Sendable) block; it runs on the thread of
// the run loop the observer is added to.
@available(iOS 5.0, *)
public func CFRunLoopObserverCreateWithHandler(
    _ allocator: CFAllocator!, _ activities: CFOptionFlags, _ repeats: Bool, _ order: CFIndex,
    _ block: ((CFRunLoopObserver?, CFRunLoopActivity) -> Void)!
) -> CFRunLoopObserver! { fatalError() }

// CoreFoundation/CFRunLoop.h
@available(iOS 2.0, *)
public func CFRunLoopAddObserver(_ rl: CFRunLoop!, _ observer: CFRunLoopObserver!, _ mode: CFRunLoopMode!) { fatalError() }

// CoreFoundation/CFRunLoop.h
@available(iOS 2.0, *)
public func CFRunLoopRemoveObserver(_ rl: CFRunLoop!, _ observer: CFRunLoopObserver!, _ mode: CFRunLoopMode!) { fatalError() }
