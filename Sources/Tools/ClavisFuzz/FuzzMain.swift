import ClavisFuzzTargets
#if canImport(Glibc)
import Glibc
#endif

// libFuzzer's entry: the target named by CLAVIS_FUZZ_TARGET (scripts/fuzz.sh sets it).
// Built with -sanitize=fuzzer and CLAVIS_LIBFUZZER, `main` hands the arguments to libFuzzer's
// driver (SwiftPM links an executable's entry under the module's name, `clavis_fuzz_main`,
// so libFuzzer's own `main` is not the one that runs).
private let fuzzTarget: FuzzTarget = {
    let name = getenv("CLAVIS_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let line = "clavis-fuzz: set CLAVIS_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n"
        _ = Array(line.utf8).withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzTarget.run(size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

#if CLAVIS_LIBFUZZER
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<Int32>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

@_cdecl("clavis_fuzz_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzzOneInput)
}
#else
/// Without libFuzzer: `clavis-fuzz TARGET FILE...` runs each file through the target once,
/// to reproduce what a fuzzing run found (`.build-fuzz/crashes/TARGET/crash-…`).
@main
struct CorpusRunner {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            print("usage: clavis-fuzz TARGET FILE... (targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))")
            exit(2)
        }
        for path in arguments.dropFirst() {
            guard let file = fopen(path, "rb") else {
                print("clavis-fuzz: cannot read \(path)")
                exit(2)
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { bytes += chunk[0..<count] }
            fclose(file)
            target.run(bytes)
            print("\(path): ok")
        }
    }
}
#endif
