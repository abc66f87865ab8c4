import ClavisWordMode
import Testing

@Suite struct AddressCompletionTests {
    @Test func mailDomainsFinishTheAddressLearnedOnesFirst() {
        #expect(AddressCompletion.completions(of: "ada@gm", kind: .email, learned: []) == ["ada@gmail.com", "ada@gmx.de", "ada@gmx.net"])
        #expect(AddressCompletion.completions(of: "ada@g", kind: .email, learned: ["bob@galaxy.org"]).first == "ada@galaxy.org",
                "the domains of addresses typed before come first")
        #expect(AddressCompletion.completions(of: "ad", kind: .email, learned: ["ada@work.example", "bob@x.org"]) == ["ada@work.example"])
        #expect(AddressCompletion.completions(of: "ada", kind: .email, learned: []) == [], "no words before the @")
        #expect(AddressCompletion.completions(of: "@gm", kind: .email, learned: []) == [], "no name, nothing to finish")
        #expect(!AddressCompletion.completions(of: "ada@gmail.com", kind: .email, learned: []).contains("ada@gmail.com"),
                "what is typed is never offered back")
    }

    @Test func webEndingsFinishTheHost() {
        #expect(AddressCompletion.completions(of: "example.co", kind: .web, learned: []) == ["example.com", "example.co.uk"])
        #expect(AddressCompletion.completions(of: "example", kind: .web, learned: []) == ["example.com", "example.org", "example.net"])
        #expect(AddressCompletion.completions(of: "ex", kind: .web, learned: ["example.org", "other.net"]).first == "example.org")
        #expect(AddressCompletion.completions(of: "a b", kind: .web, learned: []) == [])
    }

    @Test(arguments: [("ada@example.com", true), ("ada@example", false), ("@example.com", false), ("ada@.com", false),
                      ("a@b@c.de", false), ("ada@ex.c", false), ("", false)])
    func wholeEmailAddresses(address: String, whole: Bool) {
        #expect(AddressCompletion.isComplete(address, kind: .email) == whole)
    }

    @Test func theAddressBeingTypedIsTheLastRunWithoutSpaces() {
        #expect(AddressCompletion.token(before: "mail ada@ex") == "ada@ex")
        #expect(AddressCompletion.token(before: "line\nexample.c") == "example.c")
        #expect(AddressCompletion.token(before: "done ") == "")
    }
}
