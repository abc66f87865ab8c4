/// The solver's mutable simplex state, kept in one value so that a phase 1 that fails can
/// be undone by restoring a copy (copy-on-write makes the copy cheap until it is needed).
struct Tableau {
    /// The row of each basic symbol, indexed by symbol id; `nil` for non-basic symbols.
    var rows: [Row?] = []
    /// For each symbol id, the basic symbols whose rows contain it: substitution and the
    /// ratio tests visit only those rows instead of scanning the whole tableau.
    var columns: [[Symbol]] = []
    /// Σ strength · error, the weighted violation of non-required constraints.
    var objective = Row()
    /// Phase 1's objective while a constraint is added under an artificial variable.
    var artificial: Row?
    /// Basic restricted symbols whose rows went negative, for the dual simplex.
    var infeasible: [Symbol] = []
    /// Every symbol made so far, indexed by id.
    private(set) var symbols: [Symbol] = []
    /// The next symbol id.
    var tick: Int { symbols.count }

    mutating func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        let symbol = Symbol(id: tick, kind: kind)
        symbols.append(symbol)
        rows.append(nil)
        columns.append([])
        return symbol
    }

    /// Forgets symbols created from `tick` on (none of them may be in the tableau).
    mutating func truncateSymbols(to newTick: Int) {
        guard newTick < tick else { return }
        let count = tick - newTick
        rows.removeLast(count)
        columns.removeLast(count)
        symbols.removeLast(count)
    }

    /// Updates the column index after `basic`'s row gained and lost cells.
    mutating func record(_ changes: Changes, in basic: Symbol) {
        for symbol in changes.added { columns[symbol.id].append(basic) }
        for symbol in changes.removed { removeFromColumn(symbol, basic) }
    }

    mutating func removeFromColumn(_ symbol: Symbol, _ basic: Symbol) {
        guard let index = columns[symbol.id].firstIndex(of: basic) else { return }
        columns[symbol.id].swapAt(index, columns[symbol.id].count - 1)
        columns[symbol.id].removeLast()
    }
}
