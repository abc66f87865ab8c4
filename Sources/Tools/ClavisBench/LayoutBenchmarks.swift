import ArgumentParser
import ClavisLayout
import Foundation

/// `clavis-bench layouts`: how building and rotating a layout grow with its number of keys.
struct LayoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layouts",
        abstract: "Time building and rotating generated layouts of 100 to 800 keys."
    )

    @OptionGroup var options: BenchmarkOptions
    var runs: Int { options.runs }

    func run() throws {
        options.warnIfDebug()
        let sizes = [100, 200, 400, 500, 800]
        var builds: [Int: Samples] = [:]
        var toggles: [Int: Samples] = [:]
        for keys in sizes {
            let layout = try StressLayout.layout(keys: keys)
            var buildTimes: [Double] = []
            var toggleTimes: [Double] = []
            for _ in 0..<runs {
                var solver: LayerSolver?
                buildTimes.append(try time {
                    solver = try LayerSolver(layout: layout, layer: "all", width: 400, height: 700, orientation: .portrait)
                })
                let toggle = 20
                toggleTimes.append(try time {
                    for i in 0..<toggle {
                        let landscape = i % 2 == 0
                        try solver!.update(width: landscape ? 1280 : 400, height: landscape ? 360 : 700,
                                           orientation: landscape ? .landscape : .portrait)
                    }
                } / 20)
            }
            builds[keys] = Samples(values: buildTimes)
            toggles[keys] = Samples(values: toggleTimes)
            print("\(keys) keys: build \(builds[keys]!.summary), toggle \(toggles[keys]!.summary)")
        }
        var table = "| keys | build | growth per doubling | orientation toggle (with resize) | growth per doubling |\n"
        table += "|---|---|---|---|---|\n"
        for keys in sizes {
            let half = keys / 2
            let buildGrowth = builds[half].map { String(format: "%.2f×", builds[keys]!.median / $0.median) } ?? "–"
            let toggleGrowth = toggles[half].map { String(format: "%.2f×", toggles[keys]!.median / $0.median) } ?? "–"
            table += "| \(keys) | \(builds[keys]!.summary) | \(buildGrowth) | \(toggles[keys]!.summary) | \(toggleGrowth) |\n"
        }
        let growth = [200, 400, 800].map { builds[$0]!.median / builds[$0 / 2]!.median }
        let worst = growth.max()!
        let fiveHundred = builds[500]!.median
        let verdicts = """
            - A 500-key layout builds in \(formatDuration(fiveHundred)): \(fiveHundred < 5e-3 ? "meets" : "**misses**") the < 5 ms target.
            - Build time grows at most \(String(format: "%.2f", worst))× per doubling of keys: \(worst <= 2.2 ? "meets" : "**misses**") the ≤ 2.2× target (linear would be 2×).
            """
        let body = """
            ## Layout scale

            `scripts/bench-layouts.sh` — \(machineDescription()). Generated layouts of rows of 20 keys, \
            a portrait and a landscape set changing the first keys of every row; build = parse \
            excluded, all constraints added and solved at 400×700; toggle = one orientation switch \
            with its resize (mean of 20; the first switch builds the other orientation's solver, later ones only resize it). \(runs) runs each, median (min–max).

            \(table)
            \(verdicts)

            """
        try options.publish(body, section: "layouts")
    }
}
