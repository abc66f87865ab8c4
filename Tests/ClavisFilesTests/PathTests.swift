import ClavisFiles
import Testing

@Suite struct PathTests {
    @Test func joiningPutsOneSlashBetween() {
        #expect(Path.join("/usr/share", "clavis/layouts") == "/usr/share/clavis/layouts")
        #expect(Path.join("/usr/share/", "clavis") == "/usr/share/clavis")
        #expect(Path.join("/usr/share/", "/clavis") == "/usr/share/clavis")
        #expect(Path.join("", "clavis") == "clavis")
        #expect(Path.join("/", "etc") == "/etc")
    }

    @Test func theParentIsTheFolderAbove() {
        #expect(Path.parent(of: "/a/b/c.yaml") == "/a/b")
        #expect(Path.parent(of: "/a/b/") == "/a")
        #expect(Path.parent(of: "/a") == "/")
        #expect(Path.parent(of: "/") == "/")
        #expect(Path.parent(of: "c.yaml") == ".")
        #expect(Path.parent(of: "x/c.yaml") == "x")
    }

    @Test func theLastComponentIsTheName() {
        #expect(Path.lastComponent(of: "/a/b/c.yaml") == "c.yaml")
        #expect(Path.lastComponent(of: "/a/b/") == "b")
        #expect(Path.lastComponent(of: "c") == "c")
        #expect(Path.lastComponent(of: "/") == "/")
    }
}
