/// An incremental Cassowary constraint solver, after kiwi's design.
///
///     let solver = Solver()
///     let width = solver.makeVariable("keyboard.width")
///     let q = solver.makeVariable("q.width")
///     try solver.add(q == 0.1 * width - 4)
///     try solver.addEditVariable(width, strength: .strong)
///     try solver.suggestValue(800, for: width)
///     solver.updateVariables()
///     solver.value(of: q)   // 76
///
/// Constraints are added and removed one at a time, each followed by a re-optimisation;
/// `suggestValue` re-solves with a dual simplex step, cheap enough for every frame of a
/// window resize. Unlike kiwi, every call that throws leaves the solver exactly as it was
/// before the call (kiwi keeps half of a rejected constraint), pivoting is capped so a
/// degenerate system ends in an error instead of a hang, and nothing depends on memory
/// addresses or hash order, so results are bit-identical across processes.
public final class Solver {
    /// The most simplex pivots one call may make before giving up with `iterationLimit`.
    public var maxIterations = 100_000

    // State is internal rather than private so the dump (Solver+Dump.swift) can read it.

    // Variables, by variable id.
    private(set) var variableNames: [String] = []
    private(set) var externals: [Symbol?] = []
    private var values: [Double] = []

    /// The tableau: everything a failed phase 1 must be able to restore at once.
    private(set) var tableau = Tableau()

    private(set) var constraints: [ObjectIdentifier: Record] = [:]
    private(set) var edits: [Int: Edit] = [:]
    private var sequence = 0
    private var rebuilding = false
    private var work = RowWork()  // for building rows; the tableau has its own

    /// What the solver keeps for an added constraint.
    struct Record {
        let constraint: Constraint
        let tag: Tag
        /// Whether it was added removable (see `add(contentsOf:removable:)`).
        let removable: Bool
        /// Add order, so a rebuild re-adds constraints as they came.
        let sequence: Int
    }

    /// The helper symbols a constraint added: its marker (slack, dummy or positive error;
    /// none for a permanent required equality) and, for non-required constraints, the other
    /// error symbol.
    struct Tag {
        var marker: Symbol?
        var other: Symbol?
    }

    struct Edit {
        let constraint: Constraint
        let tag: Tag
        var constant: Double
    }

    public init() {}

    // MARK: Variables

    /// A new variable; `name` appears in error messages and dumps.
    public func makeVariable(_ name: String = "") -> Variable {
        let variable = Variable(id: variableNames.count, name: name)
        variableNames.append(name)
        externals.append(nil)
        values.append(0)
        return variable
    }

    /// The variable's value as of the last `updateVariables()`.
    public func value(of variable: Variable) -> Double {
        variable.id < values.count ? values[variable.id] : 0
    }

    /// An expression's value as of the last `updateVariables()`.
    public func value(of expression: Expression) -> Double {
        expression.value(value(of:))
    }

    /// Copies the solution out of the tableau into the values `value(of:)` reads.
    public func updateVariables() {
        tableau.readValues(of: externals, into: &values)
    }

    // MARK: Constraints

    /// Whether `constraint` (this object) has been added.
    public func contains(_ constraint: Constraint) -> Bool {
        constraints[ObjectIdentifier(constraint)] != nil
    }

    /// The number of constraints added, edit variables' included.
    public var constraintCount: Int { constraints.count }

    /// Adds a constraint and re-optimises.
    ///
    /// Throws `unsatisfiable` when a required constraint contradicts the required ones
    /// already present (the solver is then exactly as before), `duplicateConstraint` when it
    /// was added already.
    public func add(_ constraint: Constraint) throws(SolverError) {
        try insert(constraint)
        do {
            try tableau.optimize(artificial: false, maxIterations: maxIterations)
        } catch {
            constraints[ObjectIdentifier(constraint)] = nil
            rebuild()
            throw error
        }
    }

    /// Adds several constraints and optimises once at the end: what a layout does when it
    /// builds or switches orientation. Each constraint is still checked for feasibility as
    /// it arrives, but the objective is not re-optimised between them, which saves most of
    /// the pivots. All or nothing: if one throws, the solver is exactly as before the call.
    ///
    /// `removable: false` is for constraints that live as long as the solver (a layout's
    /// shared constraints): a required equality then gets no dummy marker. Markers are only
    /// needed to take a constraint out again, and they pile up along chains of equalities
    /// (`b.left == a.right`, `c.left == b.right`, …), making rows long and every later step
    /// slower. Removing such a constraint still works, by rebuilding the solver without it.
    public func add(contentsOf batch: [Constraint], removable: Bool = true) throws(SolverError) {
        tableau.beginJournal()
        let externalsBefore = externals
        let sequenceBefore = sequence
        constraints.reserveCapacity(constraints.count + batch.count)
        do {
            for constraint in batch { try insert(constraint, removable: removable) }
            try tableau.optimize(artificial: false, maxIterations: maxIterations)
            tableau.commitJournal()
        } catch {
            tableau.rollBack()
            externals = externalsBefore
            for constraint in batch { constraints[ObjectIdentifier(constraint)] = nil }
            sequence = sequenceBefore
            throw error
        }
    }

    /// Removes several constraints and optimises once at the end. All or nothing: an
    /// unknown constraint in the batch throws before anything is removed.
    public func remove(contentsOf batch: [Constraint]) throws(SolverError) {
        var seen = Set<ObjectIdentifier>()
        for constraint in batch where constraints[ObjectIdentifier(constraint)] == nil
            || !seen.insert(ObjectIdentifier(constraint)).inserted {
            throw .unknownConstraint(constraint)
        }
        let records = batch.map { constraints.removeValue(forKey: ObjectIdentifier($0))! }
        do {
            for record in records { try removeFromTableau(record) }
            try tableau.optimize(artificial: false, maxIterations: maxIterations)
        } catch {
            // A permanent constraint, or a numeric failure midway: the removals still stand,
            // on a rebuilt tableau.
            rebuild()
        }
        if constraints.isEmpty { reset() } else { compactIfSparse() }
    }

    /// Symbol ids are never reused, so every orientation switch (remove one set, add
    /// another) grows the per-symbol arrays a little. When most ids are dead, rebuilding
    /// renumbers them densely; at a few dozen symbols per switch this happens about once
    /// in a hundred switches, and costs about one build.
    private func compactIfSparse() {
        if tableau.tick > 4096 && tableau.tick > 8 * (constraints.count * 3 + externals.count) { rebuild() }
    }

    /// Puts a constraint into the tableau without optimising the objective. On failure the
    /// solver is exactly as before.
    private func insert(_ constraint: Constraint, removable: Bool = true) throws(SolverError) {
        let key = ObjectIdentifier(constraint)
        guard constraints[key] == nil else { throw .duplicateConstraint(constraint) }
        let tickBefore = tableau.tick
        defer { newExternals.removeAll(keepingCapacity: true) }

        var (row, tag) = createRow(for: constraint, removable: removable)
        var subject = chooseSubject(&row, tag)
        if subject == nil && row.isAllDummies {
            guard nearZero(row.constant) else {
                forgetSymbols(since: tickBefore)
                throw .unsatisfiable(constraint)
            }
            // Redundant: it holds whatever the other constraints do. A removable one keeps
            // its marker basic so it can be found again; a permanent one needs no row.
            subject = tag.marker
        }

        if subject == nil && tag.marker == nil && row.isAllDummies {
            // Nothing to store.
        } else if let subject {
            row.solve(for: subject)
            tableau.substitute(subject, with: row)
            tableau.setRow(subject, row)
        } else {
            // Phase 1 pivots the tableau; journal its changes to undo them if it fails (a
            // batch's journal, if one is open, undoes them with the rest of the batch).
            let ownsJournal = tableau.beginJournal()
            let feasible: Bool
            do {
                feasible = try tableau.addWithArtificialVariable(row, maxIterations: maxIterations)
            } catch {
                if ownsJournal { tableau.rollBack() }
                forgetSymbols(since: tickBefore)
                throw error
            }
            guard feasible else {
                if ownsJournal { tableau.rollBack() }
                forgetSymbols(since: tickBefore)
                throw .unsatisfiable(constraint)
            }
            if ownsJournal { tableau.commitJournal() }
        }
        constraints[key] = Record(constraint: constraint, tag: tag, removable: removable, sequence: sequence)
        sequence += 1
    }

    /// Removes a constraint added earlier and re-optimises.
    public func remove(_ constraint: Constraint) throws(SolverError) {
        guard let record = constraints.removeValue(forKey: ObjectIdentifier(constraint)) else {
            throw .unknownConstraint(constraint)
        }
        do {
            try removeFromTableau(record)
            try tableau.optimize(artificial: false, maxIterations: maxIterations)
        } catch {
            // A permanent constraint, or a numeric failure midway: the removal still stands,
            // on a rebuilt tableau.
            rebuild()
        }
        // With nothing left, start clean: rounding residue in the objective and the symbol
        // ids used so far are dropped instead of carried into the next layout.
        if constraints.isEmpty { reset() } else { compactIfSparse() }
    }

    private func removeFromTableau(_ record: Record) throws(SolverError) {
        let tag = record.tag
        guard let marker = tag.marker else {
            // A permanent constraint has no marker to pivot on: the caller rebuilds.
            throw .internalFailure("permanent constraint")
        }
        let strength = record.constraint.strength.value
        // The objective must lose the error terms before any pivot (kiwi's order; the
        // other way round gives wrong results).
        tableau.removeMarkerEffects(marker, strength: strength)
        if let other = tag.other { tableau.removeMarkerEffects(other, strength: strength) }

        if tableau.rows[marker.id] != nil {
            _ = tableau.takeRow(marker)
        } else {
            guard let leaving = tableau.markerLeavingRow(marker) else {
                throw .internalFailure("no row to remove '\(record.constraint)' from")
            }
            tableau.eliminate(marker, byDropping: leaving)
        }
    }

    // MARK: Edit variables

    /// Makes `variable` suggestible at a strength below required.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(SolverError) {
        guard edits[variable.id] == nil else { throw .duplicateEditVariable(variable) }
        guard !strength.isRequired else { throw .requiredEditVariable(variable) }
        let constraint = Constraint(Expression(variable), .equal, strength: strength, label: "edit '\(variable)'")
        try add(constraint)
        let tag = constraints[ObjectIdentifier(constraint)]!.tag
        edits[variable.id] = Edit(constraint: constraint, tag: tag, constant: 0)
    }

    /// Stops `variable` being an edit variable.
    public func removeEditVariable(_ variable: Variable) throws(SolverError) {
        guard let edit = edits.removeValue(forKey: variable.id) else { throw .unknownEditVariable(variable) }
        try remove(edit.constraint)
    }

    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[variable.id] != nil
    }

    /// Asks for `variable` to take `value`, as far as the stronger constraints allow, and
    /// re-solves incrementally (dual simplex). This is the per-frame call of a resize.
    public func suggestValue(_ value: Double, for variable: Variable) throws(SolverError) {
        guard var edit = edits[variable.id] else { throw .unknownEditVariable(variable) }
        let previous = edit.constant
        let delta = value - previous
        edit.constant = value
        edits[variable.id] = edit
        tableau.shiftEdit(marker: edit.tag.marker!, other: edit.tag.other, by: delta)
        do {
            try tableau.dualOptimize(maxIterations: maxIterations)
        } catch {
            edits[variable.id]?.constant = previous
            rebuild()
            throw error
        }
    }

    // MARK: Reset

    /// Removes every constraint and edit variable. Variables stay valid (their values read 0
    /// until they are constrained again).
    public func reset() {
        tableau = Tableau()
        constraints.removeAll()
        edits.removeAll()
        for id in externals.indices {
            externals[id] = nil
            values[id] = 0
        }
        sequence = 0
    }

    /// Re-adds every constraint, in the order they came, to a fresh tableau, then the edit
    /// variables with their last suggestions: the way back to a sound state after a numeric
    /// failure left the incremental one in doubt.
    ///
    /// The cap is lifted to at least the default while rebuilding: each of these constraints
    /// was accepted before, and a cap lowered since must not empty the solver.
    func rebuild() {
        // A failure while rebuilding must not start another rebuild.
        guard !rebuilding else { return }
        rebuilding = true
        defer { rebuilding = false }
        let records = constraints.values.sorted { $0.sequence < $1.sequence }
        let editList = edits.sorted { $0.key < $1.key }.map(\.value)
        let cap = maxIterations
        maxIterations = max(cap, 100_000)
        defer { maxIterations = cap }
        reset()
        let editConstraints = Set(editList.map { ObjectIdentifier($0.constraint) })
        for record in records where !editConstraints.contains(ObjectIdentifier(record.constraint)) {
            try? insert(record.constraint, removable: record.removable)
        }
        try? tableau.optimize(artificial: false, maxIterations: maxIterations)
        for edit in editList {
            guard let term = edit.constraint.expression.terms.first else { continue }
            try? addEditVariable(term.variable, strength: edit.constraint.strength)
            try? suggestValue(edit.constant, for: term.variable)
        }
    }

    // MARK: Building rows

    /// Variables that got their external symbol during the current `add`, to undo on failure.
    private var newExternals: [Int] = []

    private func external(for variable: Variable) -> Symbol {
        if let symbol = externals[variable.id] { return symbol }
        let symbol = tableau.newSymbol(.external)
        externals[variable.id] = symbol
        newExternals.append(variable.id)
        return symbol
    }

    /// Undoes the symbols a failed `add` created.
    private func forgetSymbols(since tick: Int) {
        for id in newExternals { externals[id] = nil }
        tableau.truncateSymbols(to: tick)
    }

    /// The constraint as a tableau row, with basic variables substituted and its slack,
    /// error or dummy symbols added (error symbols also enter the objective).
    private func createRow(for constraint: Constraint, removable: Bool) -> (Row, Tag) {
        var row = Row(constant: constraint.expression.constant)
        work.clear()
        for term in constraint.expression.terms where !nearZero(term.coefficient) {
            let symbol = external(for: term.variable)
            if let basicRow = tableau.rows[symbol.id] {
                row.insert(basicRow, term.coefficient, work: &work)
            } else {
                row.insert(symbol, term.coefficient, work: &work)
            }
        }
        let strength = constraint.strength
        var tag: Tag
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            let sign: Double = constraint.relation == .lessOrEqual ? 1 : -1
            let slack = tableau.newSymbol(.slack)
            tag = Tag(marker: slack, other: nil)
            row.insert(slack, sign, work: &work)
            if !strength.isRequired {
                let error = tableau.newSymbol(.error)
                tag.other = error
                row.insert(error, -sign, work: &work)
                tableau.objective.insert(error, strength.value, work: &work)
            }
        case .equal:
            if strength.isRequired && !removable {
                tag = Tag(marker: nil, other: nil)
            } else if strength.isRequired {
                let dummy = tableau.newSymbol(.dummy)
                tag = Tag(marker: dummy, other: nil)
                row.insert(dummy, 1, work: &work)
            } else {
                let plus = tableau.newSymbol(.error)
                let minus = tableau.newSymbol(.error)
                tag = Tag(marker: plus, other: minus)
                row.insert(plus, -1, work: &work)
                row.insert(minus, 1, work: &work)
                tableau.objective.insert(plus, strength.value, work: &work)
                tableau.objective.insert(minus, strength.value, work: &work)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag)
    }

    /// The symbol to solve the new row for, the cheapest valid choice first:
    ///
    /// 1. an external symbol, the one the fewest other rows mention (kiwi takes the first
    ///    external, which in a keyboard is often the key unit that every key's row holds,
    ///    and then rewrites them all: builds grew with the square of the keys). External
    ///    symbols must come first: the simplex only ever raises a parametric symbol from
    ///    zero, so an unrestricted variable left parametric could not go negative;
    /// 2. this constraint's own slack or error symbol, if its coefficient is negative (its
    ///    row's constant is non-negative, so the symbol starts feasible);
    /// 3. when the row's constant is zero, its first restricted symbol (see below);
    /// 4. none: phase 1 is needed.
    ///
    /// The last case is beyond kiwi too: a constraint that already holds at the current
    /// solution (`top(q) == top(w)` once both are placed) can be solved for any restricted
    /// symbol, because with a zero constant the substitution moves no other row's constant
    /// and so keeps every row feasible. kiwi sends such rows through phase 1, a pivot each.
    private func chooseSubject(_ row: inout Row, _ tag: Tag) -> Symbol? {
        var cheapest: (symbol: Symbol, holders: Int)?
        for cell in row.cells where cell.symbol.isExternal {
            // The column's length, stale entries and all: a cheap upper bound is enough to
            // rank candidates, and compacting here made building quadratic.
            let holders = tableau.columnLength(of: cell.symbol)
            if holders == 0 { return cell.symbol }
            if cheapest == nil || holders < cheapest!.holders { cheapest = (cell.symbol, holders) }
        }
        if let cheapest { return cheapest.symbol }
        if let marker = tag.marker, marker.isRestricted, row.coefficient(for: marker) < 0 { return marker }
        if let other = tag.other, other.isRestricted, row.coefficient(for: other) < 0 { return other }
        if nearZero(row.constant), let cell = row.cells.first(where: { $0.symbol.isRestricted }) {
            if cell.coefficient > 0 { row.reverseSign() }
            row.constant = 0  // rounding noise must not push another row negative
            return cell.symbol
        }
        return nil
    }
}
