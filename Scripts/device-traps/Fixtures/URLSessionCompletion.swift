// URLSession calls completion handlers on its delegate queue, a background one.
import Foundation
import UIKit

final class FeedViewController: UIViewController {
    func load(_ url: URL) {
        URLSession.shared.dataTask(with: url) { data, _, _ in  // expect: trap
            print(data?.count ?? 0)
        }.resume()
        URLSession.shared.downloadTask(with: url, completionHandler: { location, _, _ in  // expect: trap
            print(location as Any)
        }).resume()
    }

    func loadSendable(_ url: URL) {
        URLSession.shared.dataTask(with: url) { @Sendable data, _, _ in
            print(data?.count ?? 0)
        }.resume()
    }

    /// Inside a `@Sendable` closure nothing is isolated any more.
    func loadLater(_ url: URL) {
        DispatchQueue.main.async { @Sendable in
            URLSession.shared.dataTask(with: url) { data, _, _ in print(data?.count ?? 0) }.resume()
        }
    }
}

/// A nested type is not isolated by the type around it.
@MainActor
enum Feeds {
    struct Loader {
        func load(_ url: URL) {
            URLSession.shared.dataTask(with: url) { data, _, _ in print(data?.count ?? 0) }.resume()
        }
    }
}

/// An actor isolates its closures too: the completion handler runs on URLSession's queue, not the actor's.
actor FeedCache {
    func refresh(_ url: URL) {
        URLSession.shared.dataTask(with: url) { data, _, _ in  // expect: trap
            print(data?.count ?? 0)
        }.resume()
    }

    nonisolated func refreshNonisolated(_ url: URL) {
        URLSession.shared.dataTask(with: url) { data, _, _ in print(data?.count ?? 0) }.resume()
    }
}
