#if FUZZING
    import Foundation

    /// libFuzzer's entry for a program that has its own `main` (LLVM 11 and later).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ body: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    /// Hands a target to libFuzzer with the process's arguments (`-max_total_time=30 CORPUS…`).
    enum FuzzEngine {
        // The C callback captures nothing: the one target of the process waits here.
        nonisolated(unsafe) private static var check: ((inout FuzzInput) -> Void)?

        static func run(_ check: @escaping (inout FuzzInput) -> Void) -> Never {
            Self.check = check
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            let status = LLVMFuzzerRunDriver(&argc, &argv) { data, count in
                var input = FuzzInput(Array(UnsafeBufferPointer(start: data, count: count)))
                FuzzEngine.check?(&input)
                return 0
            }
            exit(status)
        }
    }
#endif
