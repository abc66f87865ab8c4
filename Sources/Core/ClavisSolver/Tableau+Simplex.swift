/// The simplex machinery, as mutating methods on the tableau value: each call is one access
/// to the solver's stored tableau, instead of a dynamically checked access per row touched
/// (those checks were a quarter of a resize).
extension Tableau {
    /// Primal simplex on the objective (or the phase-1 artificial objective): pivots until
    /// no symbol can lower it. Entering: the lowest-id non-dummy symbol with a negative
    /// objective coefficient; leaving: the minimum-ratio restricted row, lowest id on ties.
    /// With this fixed order the method cannot cycle (Bland's rule); the cap guards against
    /// floating-point degeneracy all the same.
    ///
    /// The objective is a weighted sum of non-negative error symbols, so it is bounded below
    /// and every symbol that can lower it is limited by some restricted row. A negative
    /// coefficient that no restricted row limits is rounding residue (-7e-8 beside strengths
    /// of 1e6, left by cancelling substitutions): it is dropped from the objective, where
    /// kiwi reports "the objective is unbounded" and gives up on a solvable system.
    mutating func optimize(artificial: Bool, maxIterations: Int) throws(SolverError) {
        var iterations = 0
        while let entering = enteringSymbol(artificial: artificial) {
            var leaving: Symbol?
            var best = Double.greatestFiniteMagnitude
            for basic in holders(of: entering) where !basic.isExternal {
                let coefficient = rows[basic.id]!.coefficient(for: entering)
                guard coefficient < 0 else { continue }
                let ratio = -rows[basic.id]!.constant / coefficient
                if ratio < best || (ratio == best && basic < leaving!) {
                    best = ratio
                    leaving = basic
                }
            }
            guard let leaving else {
                // Phase 1's objective is itself a restricted row, which always limits.
                guard !artificial else { throw .internalFailure("the objective is unbounded") }
                objective.remove(entering)
                continue
            }
            iterations += 1
            if iterations > maxIterations { throw .iterationLimit(maxIterations) }
            pivot(entering: entering, leaving: leaving)
        }
    }

    private func enteringSymbol(artificial: Bool) -> Symbol? {
        let isCandidate: (Row.Cell) -> Bool = { $0.coefficient < 0 && !$0.symbol.isDummy }
        return artificial
            ? self.artificial!.cells.first(where: isCandidate)?.symbol
            : objective.cells.first(where: isCandidate)?.symbol
    }

    /// Dual simplex after suggestions: restores feasibility of rows whose constants went
    /// negative while keeping the objective optimal.
    mutating func dualOptimize(maxIterations: Int) throws(SolverError) {
        var iterations = 0
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving.id], row.constant < 0, !nearZero(row.constant) else { continue }
            var entering: Symbol?
            var best = Double.greatestFiniteMagnitude
            for cell in row.cells where cell.coefficient > 0 && !cell.symbol.isDummy {
                let ratio = objective.coefficient(for: cell.symbol) / cell.coefficient
                if ratio < best {
                    best = ratio
                    entering = cell.symbol
                }
            }
            guard let entering else { throw .internalFailure("dual optimize failed") }
            iterations += 1
            if iterations > maxIterations { throw .iterationLimit(maxIterations) }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// Phase 1: adds the row under an artificial variable and minimises it. Returns whether
    /// the constraint is feasible; the caller restores the tableau when it is not.
    mutating func addWithArtificialVariable(_ row: Row, maxIterations: Int) throws(SolverError) -> Bool {
        let artificialSymbol = newSymbol(.slack)
        setRow(artificialSymbol, row)
        artificial = row
        try optimize(artificial: true, maxIterations: maxIterations)
        let feasible = nearZero(artificial!.constant)
        artificial = nil

        if rows[artificialSymbol.id] != nil {
            var basicRow = takeRow(artificialSymbol)
            if basicRow.cells.isEmpty { return feasible }
            guard let entering = basicRow.cells.first(where: { $0.symbol.isRestricted })?.symbol else {
                return false
            }
            work.clear()
            basicRow.solve(for: artificialSymbol, entering, work: &work)
            substitute(entering, with: basicRow)
            setRow(entering, basicRow)
        }
        for basic in takeHolders(of: artificialSymbol) {
            willChange(basic.id)
            rows[basic.id]!.remove(artificialSymbol)
        }
        objective.remove(artificialSymbol)
        return feasible
    }

    /// Takes a removed constraint's error term out of the objective.
    mutating func removeMarkerEffects(_ marker: Symbol, strength: Double) {
        guard marker.kind == .error else { return }
        work.clear()
        if let row = rows[marker.id] {
            objective.insert(row, -strength, work: &work)
        } else {
            objective.insert(marker, -strength, work: &work)
        }
    }

    /// The row to pivot a removed constraint's marker into: the restricted row it limits
    /// most, else any restricted row holding it, else an unrestricted one.
    mutating func markerLeavingRow(_ marker: Symbol) -> Symbol? {
        var first: Symbol?
        var second: Symbol?
        var third: Symbol?
        var ratio1 = Double.greatestFiniteMagnitude
        var ratio2 = Double.greatestFiniteMagnitude
        for basic in holders(of: marker) {
            let row = rows[basic.id]!
            let coefficient = row.coefficient(for: marker)
            if coefficient == 0 {
                continue
            } else if basic.isExternal {
                if third == nil || basic > third! { third = basic }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if ratio < ratio1 || (ratio == ratio1 && basic < first!) {
                    ratio1 = ratio
                    first = basic
                }
            } else {
                let ratio = row.constant / coefficient
                if ratio < ratio2 || (ratio == ratio2 && basic < second!) {
                    ratio2 = ratio
                    second = basic
                }
            }
        }
        return first ?? second ?? third
    }

    /// Removes `marker` from the tableau by solving `leaving`'s row for it and dropping that
    /// row (the last step of removing a constraint whose marker is not basic).
    mutating func eliminate(_ marker: Symbol, byDropping leaving: Symbol) {
        var row = takeRow(leaving)
        work.clear()
        row.solve(for: leaving, marker, work: &work)
        substitute(marker, with: row)
    }

    /// Moves an edit constraint's constant by `delta`: through whichever of its error
    /// symbols is basic, or else through every row that holds the marker. Rows that go
    /// negative are queued for the dual simplex.
    mutating func shiftEdit(marker: Symbol, other: Symbol?, by delta: Double) {
        if rows[marker.id] != nil {
            rows[marker.id]!.constant -= delta
            if rows[marker.id]!.constant < 0 { infeasible.append(marker) }
        } else if let other, rows[other.id] != nil {
            rows[other.id]!.constant += delta
            if rows[other.id]!.constant < 0 { infeasible.append(other) }
        } else {
            let holders = holders(of: marker)
            rows.withUnsafeMutableBufferPointer { rows in
                for basic in holders {
                    let coefficient = rows[basic.id]!.coefficient(for: marker)
                    guard coefficient != 0 else { continue }
                    rows[basic.id]!.constant += delta * coefficient
                    if !basic.isExternal && rows[basic.id]!.constant < 0 { infeasible.append(basic) }
                }
            }
        }
    }

    /// Each variable's value: its row's constant when basic, else 0.
    func readValues(of externals: [Symbol?], into values: inout [Double]) {
        for id in externals.indices {
            guard let symbol = externals[id] else { continue }
            values[id] = rows[symbol.id]?.constant ?? 0
        }
    }

    mutating func pivot(entering: Symbol, leaving: Symbol) {
        var row = takeRow(leaving)
        work.clear()
        row.solve(for: leaving, entering, work: &work)
        substitute(entering, with: row)
        setRow(entering, row)
    }

    /// Replaces `symbol` by `row` in every row that holds it, the objectives included.
    mutating func substitute(_ symbol: Symbol, with row: Row) {
        for basic in takeHolders(of: symbol) {
            work.clear()
            willChange(basic.id)
            guard rows[basic.id]!.substitute(symbol, with: row, work: &work) else { continue }
            record(work, in: basic)
            if !basic.isExternal && rows[basic.id]!.constant < 0 {
                infeasible.append(basic)
            }
        }
        work.clear()
        objective.substitute(symbol, with: row, work: &work)
        if artificial != nil {
            work.clear()
            artificial!.substitute(symbol, with: row, work: &work)
        }
    }
}
