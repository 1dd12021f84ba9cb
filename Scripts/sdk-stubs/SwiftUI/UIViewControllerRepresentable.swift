import UIKit

// SwiftUI.swiftinterface: main-actor isolated.
@available(iOS 13.0, *)
@MainActor
@preconcurrency
public protocol UIViewControllerRepresentable: View where Body == Never {
    associatedtype UIViewControllerType: UIViewController
    associatedtype Coordinator = Void
    typealias Context = UIViewControllerRepresentableContext<Self>
    func makeUIViewController(context: Self.Context) -> Self.UIViewControllerType
    func updateUIViewController(_ uiViewController: Self.UIViewControllerType, context: Self.Context)
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
extension UIViewControllerRepresentable {
    public var body: Never { fatalError() }
}

// SwiftUI.swiftinterface
@available(iOS 13.0, *)
@MainActor
public struct UIViewControllerRepresentableContext<Representable: UIViewControllerRepresentable> {}
