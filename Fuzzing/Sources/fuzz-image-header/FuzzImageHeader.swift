@_spi(Fuzzing) import LaunchScreenRepair

/// Fuzzes `ImageHeaderProbe.probe` (AAPL, KTX 1.1, KTX 2.0, PNG, JPEG headers) over an in-memory
/// byte source. Every outcome is either a typed error or a size within the documented range.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let size = SnapshotParsers.probeHeader(bytes) {
        precondition((1...SnapshotParsers.maximumDimension).contains(size.width))
        precondition((1...SnapshotParsers.maximumDimension).contains(size.height))
    }
    return 0
}
