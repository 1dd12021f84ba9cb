import LaunchScreenRepair

/// Fuzzes `ASTCPayload.read` (AAPL `LZFS`/`astc` chunks, KTX 1.1 plain or LZFSE, KTX 2.0) and
/// `VoidExtentLuminance.measure` on whatever it returns, plus `measure(blocks:)` on the raw input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let luminance = VoidExtentLuminance.measure(blocks: bytes) {
        precondition(luminance.mean.isFinite || luminance.mean.isNaN)
    }
    do {
        let payload = try ASTCPayload.read(from: InMemoryBytes(bytes))
        precondition(payload.blocks.count == ASTCPayload.expectedSize(width: payload.width, height: payload.height))
        _ = VoidExtentLuminance.measure(payload)
    } catch {
        _ = error.description
    }
    return 0
}
