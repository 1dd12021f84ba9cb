import Crypto
import Foundation

/// Lower-case hex SHA-256, as remote variants' `sha256` fields (and image file names) hold it.
enum SHA256Hex {
    static func of(_ data: Data) -> String {
        SHA256.hash(data: data).lowercaseHex
    }
}
