// SwiftPM links every executable target with `main` aliased to `<module>_main` (here
// `fuzz_template_main`), expecting the Swift entry point under that name. `-parse-as-library` (needed so
// that Swift emits no `main` of its own next to libFuzzer's) leaves that symbol undefined, so
// it is defined here and hands over to libFuzzer's driver, exactly what libFuzzer's own
// `main` does.
// swift-format-ignore: AlwaysUseLowerCamelCase
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("fuzz_template_main")
public func templateMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var vector = argv
    return LLVMFuzzerRunDriver(&count, &vector) { data, size in fuzz(data, size) }
}
