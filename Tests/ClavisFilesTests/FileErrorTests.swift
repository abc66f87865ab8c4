import ClavisFiles
import Foundation
import Testing

@Suite struct FileErrorTests {
    @Test func theReasonIsAFewWordsAndTheDescriptionNamesTheFile() {
        #expect(FileError(path: "/x", code: ENOENT).description == "/x: no such file")
        #expect(FileError(path: "/x", code: EACCES).reason == "permission denied")
        #expect(FileError(path: "/x", code: ENOSPC).reason == "no space left on the device")
        #expect(FileError(path: "/x", code: EIO).reason == String(cString: strerror(EIO)))
    }
}
