import Foundation
import XCTest

/// docs/layout.schema.json accepts every built-in layout and rejects an unknown field, so
/// editors that validate against it agree with `clavis check` on the basics.
final class LayoutSchemaTests: XCTestCase {
    func testTheSchemaAcceptsEveryBuiltInAndRejectsUnknownFields() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let script = """
            import glob, json, sys
            try:
                import jsonschema, yaml
            except ImportError as error:
                print("missing", error); sys.exit(3)
            schema = json.load(open("docs/layout.schema.json"))
            jsonschema.Draft202012Validator.check_schema(schema)
            files = sorted(glob.glob("data/layouts/*.yaml"))
            for name in files:
                jsonschema.validate(yaml.safe_load(open(name)), schema)
            try:
                jsonschema.validate({"id": "x", "colour": "red", "layers": {"a": {"rows": ["q"]}}}, schema)
                print("accepted an unknown field"); sys.exit(1)
            except jsonschema.ValidationError:
                pass
            print(len(files))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 3 { throw XCTSkip("python3 lacks jsonschema or PyYAML: \(text)") }
        XCTAssertEqual(process.terminationStatus, 0, text)
        XCTAssertEqual(text, "13\n")
    }
}
