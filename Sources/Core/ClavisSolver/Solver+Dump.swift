extension Solver: CustomDebugStringConvertible {
    /// The whole state as text, for debugging a layout that solves wrongly: the objective,
    /// every row of the tableau, the infeasible rows, the variables, the edit variables and
    /// the constraints, each section in a fixed order so two dumps can be diffed.
    ///
    ///     print(solver.debugDescription)
    ///
    /// Symbols print as their kind and id: `v` external, `s` slack, `e` error, `d` dummy.
    public var debugDescription: String {
        var text = "Objective\n---------\n\(format(tableau.objective))\n"
        text += "\nTableau\n-------\n"
        for (id, row) in tableau.rows.enumerated() {
            guard let row else { continue }
            text += "\(name(tableau.symbols[id])) | \(format(row))\n"
        }
        text += "\nInfeasible\n----------\n"
        for symbol in tableau.infeasible { text += "\(name(symbol))\n" }
        text += "\nVariables\n---------\n"
        for (id, symbol) in externals.enumerated() {
            guard let symbol else { continue }
            text += "\(label(ofVariable: id)) = \(name(symbol))\n"
        }
        text += "\nEdit Variables\n--------------\n"
        for (id, edit) in edits.sorted(by: { $0.key < $1.key }) {
            text += "\(label(ofVariable: id)) = \(Expression.format(edit.constant))\n"
        }
        text += "\nConstraints\n-----------\n"
        for record in constraints.values.sorted(by: { $0.sequence < $1.sequence }) {
            text += "\(record.constraint)\n"
        }
        return text
    }

    /// Rows in the tableau (basic symbols).
    var basicRowCount: Int { tableau.rows.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// The weighted violation of the non-required constraints at the current solution.
    var objectiveValue: Double { tableau.objective.constant }

    /// Whether the objective has no terms left.
    var objectiveIsEmpty: Bool { tableau.objective.cells.isEmpty }

    private func label(ofVariable id: Int) -> String {
        variableNames[id].isEmpty ? "v\(id)" : variableNames[id]
    }

    private func name(_ symbol: Symbol) -> String {
        let prefix = switch symbol.kind {
        case .external: "v"
        case .slack: "s"
        case .error: "e"
        case .dummy: "d"
        }
        return "\(prefix)\(symbol.id)"
    }

    private func format(_ row: Row) -> String {
        ([Expression.format(row.constant)] + row.cells.map { "\(Expression.format($0.coefficient)) * \(name($0.symbol))" })
            .joined(separator: " + ")
    }
}
