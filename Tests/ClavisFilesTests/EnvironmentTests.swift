import ClavisFiles
import Foundation
import Testing

@Suite struct EnvironmentTests {
    @Test func variablesAreThoseOfTheProcess() {
        setenv("CLAVIS_ENVIRONMENT_TEST", "a=b c", 1)
        defer { unsetenv("CLAVIS_ENVIRONMENT_TEST") }
        let variables = Environment.variables
        #expect(variables["CLAVIS_ENVIRONMENT_TEST"] == "a=b c")
        #expect(variables["PATH"] == ProcessInfo.processInfo.environment["PATH"])
        #expect(variables.count == ProcessInfo.processInfo.environment.count)
    }
}
