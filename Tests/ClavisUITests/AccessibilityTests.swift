import Foundation
import XCTest

/// The demo as a screen reader sees it: the real `clavis` on a private session bus with its
/// accessibility bus, read and driven over AT-SPI by pyatspi (python3-pyatspi) in another
/// process, as Orca or a switch-access tool would.
final class AccessibilityTests: XCTestCase {
    func testFieldsAndKeysAreNamedAndTheKeysActions() throws {
        try GUI.requireDisplay()
        let desktop = try ForeignDesktop(windowManager: false)
        defer { desktop.tearDown() }
        let geometryFile = desktop.folder.appendingPathComponent("keys.json")
        let script = desktop.folder.appendingPathComponent("probe.py")
        try Self.probe.write(to: script, atomically: true, encoding: .utf8)
        let clavis = GUI.clavis
        // The test runner silences the accessibility bridge; this app must have it.
        try desktop.start([clavis, "--geometry-out", geometryFile.path], environment: ["NO_AT_BRIDGE": "0"])
        desktop.wait("the keyboard on screen") { ExportedGeometry.read(geometryFile)?.key("q") != nil }
        let q = try XCTUnwrap(ExportedGeometry.read(geometryFile)?.key("q"))

        let outputFile = desktop.folder.appendingPathComponent("probe.json")
        let probe = try desktop.start(["/usr/bin/python3", script.path], output: outputFile.path)
        desktop.wait("the probe to finish", seconds: 60) { !probe.isRunning }
        let output = try Data(contentsOf: outputFile)
        let stderr = (try? String(contentsOf: desktop.folder.appendingPathComponent("stderr.txt"), encoding: .utf8)) ?? ""
        let report = try XCTUnwrap(try? JSONDecoder().decode(ProbeReport.self, from: output),
                                   "the probe's report; it said: \(String(decoding: output, as: UTF8.self)) \(stderr.suffix(2000))")

        // Every field named by its visible label, labelled by it; the password as a password.
        for name in ["First name", "Last name", "Email", "Phone", "Postal code", "Message", "Password"] {
            XCTAssertEqual(report.fields[name]?.labelledBy, [name], name)
            XCTAssertEqual(report.fields[name]?.role, name == "Password" ? "password text" : "text", name)
        }
        // Every letter a push button (capitals: the first name starts a word), Shift a toggle.
        let buttons = Set(report.keys.filter { $0[1] == "push button" }.map { $0[0] })
        XCTAssertTrue(buttons.isSuperset(of: "QWERTYUIOPASDFGHJKLZXCVBNM".map(String.init)), "\(buttons)")
        XCTAssertTrue(buttons.isSuperset(of: ["Delete", "Space", "Numbers", "Return, Next"]), "\(buttons)")
        XCTAssertTrue(report.keys.contains(["Shift", "toggle button"]))
        // What a screen reader says of Shift: on ("checked", read as pressed) for the next
        // letter, then off, then caps lock after two activations.
        XCTAssertTrue(report.shift.states.contains("checked"))
        XCTAssertEqual(report.shift.description, "next letter capital")
        XCTAssertFalse(report.shiftAfterQ.states.contains("checked"))
        XCTAssertTrue(report.shiftLocked.states.contains("checked"))
        XCTAssertEqual(report.shiftLocked.description, "caps lock")
        // The q key is where it is drawn (the geometry export is in root coordinates).
        XCTAssertEqual(report.qExtents, [q.x, q.y, q.width, q.height])
        XCTAssertEqual(report.qActions, ["click"])
        // The action does what a click does: types, follows shift, and Return moves on.
        XCTAssertEqual(report.afterQ, "Q")
        XCTAssertEqual(report.afterQq, "Qq")
        XCTAssertEqual(report.returnName, "Return, Next")
        XCTAssertTrue(report.lastNameFocused)
        // The suggestion bar's slots follow the keys, as buttons that choose their word (typed
        // in Message: the name fields offer names only).
        XCTAssertEqual(report.suggestion, ["Suggestion: Hello", "push button"])
        XCTAssertEqual(report.asTyped, ["As typed: Helo"])
        XCTAssertEqual(report.afterSuggestion, "Hello ")
        // After the Numbers key the children are the numbers layer's.
        XCTAssertTrue(report.afterLayer.contains("1") && report.afterLayer.contains("Letters"), "\(report.afterLayer)")
        XCTAssertFalse(report.afterLayer.contains("Q") || report.afterLayer.contains("q"), "\(report.afterLayer)")
    }

    private struct ProbeReport: Decodable {
        struct Field: Decodable { var role: String; var labelledBy: [String] }
        struct Toggle: Decodable { var states: [String]; var description: String }
        var fields: [String: Field]
        var keys: [[String]]
        var shift, shiftAfterQ, shiftLocked: Toggle
        var qExtents: [Int]
        var qActions: [String]
        var afterQ, afterQq, returnName: String
        var lastNameFocused: Bool
        var suggestion: [String]
        var asTyped: [String]
        var afterSuggestion: String
        var afterLayer: [String]
    }

    /// Reads the demo over AT-SPI and activates keys; prints one JSON report.
    private static let probe = #"""
import sys, time, json
import pyatspi

def wait_for(what, fn, seconds=10):
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            v = fn()
            if v:
                return v
        except Exception:
            pass
        time.sleep(0.1)
    raise SystemExit("timed out waiting for " + what)

def app():
    for a in pyatspi.Registry.getDesktop(0):
        if a is not None and a.name == "clavis":
            return a

def walk(node):
    yield node
    for child in node:
        if child is not None:
            yield from walk(child)

a = wait_for("the app", app)
def nodes(): return list(walk(a))
def keyboard(): return next(n for n in nodes() if n.getRoleName() == "panel" and n.name == "Keyboard")
def keys(): return [k for k in keyboard() if k is not None]
def key(name): return next(k for k in keys() if k.name == name)
def field(name): return next(n for n in nodes() if n.getRoleName() in ("text", "password text", "entry") and n.name == name)
def text(name):
    t = field(name).queryText(); return t.getText(0, -1)
def states(n): return sorted(pyatspi.stateToString(s) for s in n.getState().getStates())

out = {}
wait_for("the keys", lambda: len(keys()) > 20)
fields = {}
for n in nodes():
    if n.getRoleName() in ("text", "password text", "entry"):
        labelled = [t.name for r in n.getRelationSet() if r.getRelationType() == pyatspi.RELATION_LABELLED_BY for t in [r.getTarget(i) for i in range(r.getNTargets())]]
        fields[n.name] = {"role": n.getRoleName(), "labelledBy": labelled}
out["fields"] = fields
out["keys"] = [[k.name, k.getRoleName()] for k in keys()]
shift = key("Shift")
out["shift"] = {"states": states(shift), "description": shift.description}
q = wait_for("the q key", lambda: next((k for k in keys() if k.name in ("q", "Q")), None))
ext = q.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
out["qExtents"] = [ext.x, ext.y, ext.width, ext.height]
out["qActions"] = [q.queryAction().getName(i) for i in range(q.queryAction().nActions)]
q.queryAction().doAction(0)
out["afterQ"] = wait_for("Q typed", lambda: text("First name") or None)
out["shiftAfterQ"] = {"states": states(key("Shift")), "description": key("Shift").description}
key("q").queryAction().doAction(0)
out["afterQq"] = wait_for("q typed", lambda: text("First name") if len(text("First name")) == 2 else None)
# Shift twice: caps lock, as two taps
key("Shift").queryAction().doAction(0); time.sleep(0.2)
key("Shift").queryAction().doAction(0); time.sleep(0.3)
out["shiftLocked"] = {"states": states(key("Shift")), "description": key("Shift").description}
key("Shift").queryAction().doAction(0); time.sleep(0.3)
ret = next(k for k in keys() if k.name.startswith("Return"))
out["returnName"] = ret.name
ret.queryAction().doAction(0)
out["lastNameFocused"] = wait_for("focus on last name", lambda: "focused" in states(field("Last name")))
# Prose, where the bar suggests words (a name field offers names only): Message.
field("Message").queryComponent().grabFocus()
wait_for("focus on the message", lambda: "focused" in states(field("Message")))
time.sleep(0.3)
for c in "helo":
    next(k for k in keys() if k.name.lower() == c).queryAction().doAction(0)
    time.sleep(0.15)
slot = wait_for("the suggestion", lambda: next((k for k in keys() if k.name == "Suggestion: Hello"), None))
out["suggestion"] = [slot.name, slot.getRoleName()]
out["asTyped"] = [k.name for k in keys() if k.name.startswith("As typed: ")]
slot.queryAction().doAction(0)
out["afterSuggestion"] = wait_for("the word chosen", lambda: text("Message") if text("Message").endswith(" ") else None)
key("Numbers").queryAction().doAction(0)
out["afterLayer"] = wait_for("number keys", lambda: [k.name for k in keys()] if any(k.name == "1" for k in keys()) else None)
print(json.dumps(out))
"""#
}
