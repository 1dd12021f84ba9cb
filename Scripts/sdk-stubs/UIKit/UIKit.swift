// UIKit/UIKit.h: UIKit re-exports Foundation (and through it CoreFoundation and the Objective-C
// runtime's types) and QuartzCore.
@_exported import CoreFoundationRunLoop
@_exported import Foundation
@_exported import ObjectiveC
@_exported import QuartzCore
