import Foundation

// ObjectiveC/NSObject.h: `-performSelector:` of the NSObject protocol. Instance methods of a root
// class are imported as class methods too, since a class object is an instance of its root
// class: `UIApplication.perform(_:)` sends the message to the class. The result is optional,
// so a class method that returns nil gives nil.
extension NSObject {
    public class func perform(_ aSelector: Selector!) -> Unmanaged<AnyObject>! { fatalError() }
}
