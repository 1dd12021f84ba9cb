@_spi(Fuzzing) import LaunchScreenRepair

/// Fuzzes `ASTCPayload.read` (AAPL `LZFS`/`astc` chunks, KTX 1.1 plain or LZFSE, KTX 2.0) and
/// `VoidExtentLuminance.measure` on whatever it returns, plus the measure of the raw input as
/// blocks.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let luminance = SnapshotParsers.measureVoidExtents(bytes) {
        precondition(luminance.isFinite || luminance.isNaN)
    }
    if let payload = SnapshotParsers.readASTCPayload(bytes) {
        precondition(payload.blockBytes == payload.expectedBytes)
    }
    return 0
}
