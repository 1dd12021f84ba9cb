import UIKit

// SwiftUI.swiftinterface: main-actor isolated.
@available(iOS 13.0, *)
@MainActor
@preconcurrency
public protocol UIViewRepresentable: View where Body == Never {
    associatedtype UIViewType: UIView
    associatedtype Coordinator = Void
    typealias Context = UIViewRepresentableContext<Self>
    func makeUIView(context: Self.Context) -> Self.UIViewType
    func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
extension UIViewRepresentable {
    public var body: Never { fatalError() }
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
@MainActor
public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {}
