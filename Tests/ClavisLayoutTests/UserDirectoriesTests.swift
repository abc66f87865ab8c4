import ClavisLayout
import Testing

@Suite struct UserDirectoriesTests {
    @Test func aTildeIsTheHomeFolder() {
        let home = UserDirectories.home
        #expect(!home.isEmpty)
        #expect(UserDirectories.expandingTilde("~/a/b.yaml") == home + "/a/b.yaml")
        #expect(UserDirectories.expandingTilde("~") == home)
        #expect(UserDirectories.expandingTilde("/etc/~x") == "/etc/~x")
        #expect(UserDirectories.expandingTilde("~other/x") == "~other/x", "another user's home is not looked up")
    }
}
