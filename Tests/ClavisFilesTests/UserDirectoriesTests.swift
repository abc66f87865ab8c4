import ClavisFiles
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

    @Test func theXDGFoldersDefaultAsTheSpecificationSays() {
        let folders = UserDirectories(environment: ["HOME": "/home/ann", "XDG_DATA_HOME": ""])
        #expect(folders.dataHome == "/home/ann/.local/share", "an empty variable counts as unset")
        #expect(folders.configHome == "/home/ann/.config")
        #expect(folders.dataDirectories == ["/usr/local/share", "/usr/share"])
        #expect(folders.clavisData == "/home/ann/.local/share/clavis")
        #expect(folders.clavisConfig == "/home/ann/.config/clavis")
    }

    @Test func theVariablesWin() {
        let folders = UserDirectories(environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "/data", "XDG_CONFIG_HOME": "/config",
                                                    "XDG_DATA_DIRS": "/a:/b", "XDG_RUNTIME_DIR": "/run/x"])
        #expect(folders.clavisData == "/data/clavis")
        #expect(folders.configHome == "/config")
        #expect(folders.dataDirectories == ["/a", "/b"])
        #expect(folders.runtimeDirectory == "/run/x")
    }
}
