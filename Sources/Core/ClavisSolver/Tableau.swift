/// The solver's mutable simplex state, kept in one value so that a phase 1 that fails can
/// be undone by restoring a copy (copy-on-write makes the copy cheap until it is needed).
struct Tableau {
    /// The row of each basic symbol, indexed by symbol id; `nil` for non-basic symbols.
    /// Rows may be changed in place, but enter and leave only through `setRow` and
    /// `takeRow`, which keep `isBasic` and the column index in step.
    var rows: [Row?] = []
    /// Per symbol id, whether it has a row: a check that does not touch the row itself.
    private var isBasic: [Bool] = []
    /// For each symbol id, the basic symbols whose rows contain it: substitution and the
    /// ratio tests visit only those rows instead of scanning the whole tableau.
    ///
    /// Kept lazily: a row that loses a symbol, or stops being basic, is not looked up and
    /// removed (that search dominated the solver's time). Reading a column through
    /// `holders(of:)` drops repeated entries and rows no longer basic; an entry whose row
    /// has since lost the symbol may remain, so readers check the row. A column that keeps
    /// growing is compacted when its length reaches a power of two.
    private(set) var columns: [[Symbol]] = []
    /// Per symbol id, the last compaction that visited its row (deduplication marks).
    private var stamps: [UInt32] = []
    private var stampToken: UInt32 = 0
    /// Counts rows entering and leaving the basis; a column compacted at the current epoch
    /// and not appended to since is already compact, which keeps repeated resizes cheap.
    private var basisEpoch = 0
    private var compactedAt: [Int] = []

    /// While a phase 1 runs: each row it changed, as it was before (nil: not basic then).
    private var journaling = false
    private var journalIDs: [Int] = []
    private var journalRows: [Row?] = []
    /// Per symbol id, the journal generation that saved its row (membership in O(1)).
    private var journaledIn: [Int] = []
    private var journalGeneration = 0
    private var journalObjective = Row()
    private var journalInfeasible: [Symbol] = []
    private var journalTick = 0
    /// Σ strength · error, the weighted violation of non-required constraints.
    var objective = Row()
    /// Phase 1's objective while a constraint is added under an artificial variable.
    var artificial: Row?
    /// Basic restricted symbols whose rows went negative, for the dual simplex.
    var infeasible: [Symbol] = []
    /// Scratch buffers for row operations.
    var work = RowWork()
    /// Every symbol made so far, indexed by id.
    private(set) var symbols: [Symbol] = []
    /// The next symbol id.
    var tick: Int { symbols.count }

    mutating func newSymbol(_ kind: Symbol.Kind) -> Symbol {
        let symbol = Symbol(id: tick, kind: kind)
        symbols.append(symbol)
        rows.append(nil)
        isBasic.append(false)
        columns.append([])
        stamps.append(0)
        compactedAt.append(-1)
        journaledIn.append(0)
        return symbol
    }

    /// Forgets symbols created from `tick` on (none of them may be in the tableau).
    mutating func truncateSymbols(to newTick: Int) {
        guard newTick < tick else { return }
        let count = tick - newTick
        rows.removeLast(count)
        isBasic.removeLast(count)
        columns.removeLast(count)
        stamps.removeLast(count)
        compactedAt.removeLast(count)
        journaledIn.removeLast(count)
        symbols.removeLast(count)
    }

    /// Makes `row` the row of `basic` and indexes its cells.
    mutating func setRow(_ basic: Symbol, _ row: Row) {
        willChange(basic.id)
        rows[basic.id] = row
        isBasic[basic.id] = true
        basisEpoch += 1
        for cell in row.cells { addToColumn(cell.symbol, basic) }
    }

    /// Takes `basic`'s row out of the tableau (its column entries go stale and are dropped
    /// lazily).
    mutating func takeRow(_ basic: Symbol) -> Row {
        willChange(basic.id)
        var row: Row? = nil
        swap(&row, &rows[basic.id])
        isBasic[basic.id] = false
        basisEpoch += 1
        return row!
    }

    /// Notes that `basic`'s row now contains `symbol`.
    mutating func addToColumn(_ symbol: Symbol, _ basic: Symbol) {
        columns[symbol.id].append(basic)
        compactedAt[symbol.id] = -1
        let count = columns[symbol.id].count
        if count >= 32 && count & (count - 1) == 0 { compactColumn(symbol) }
    }

    /// Notes every symbol a row operation added to `basic`'s row.
    mutating func record(_ work: RowWork, in basic: Symbol) {
        for symbol in work.added { addToColumn(symbol, basic) }
    }

    /// How many entries `symbol`'s column holds, stale ones included (0 means no row holds it).
    func columnLength(of symbol: Symbol) -> Int {
        columns[symbol.id].count
    }

    /// Each basic symbol whose row may contain `symbol`, once, in a deterministic order
    /// (every row that does contain it is among them).
    mutating func holders(of symbol: Symbol) -> [Symbol] {
        compactColumn(symbol)
        return columns[symbol.id]
    }

    /// Like `holders(of:)`, and empties the column: for a substitution, after which no row
    /// contains the symbol.
    mutating func takeHolders(of symbol: Symbol) -> [Symbol] {
        compactColumn(symbol)
        var list: [Symbol] = []
        swap(&list, &columns[symbol.id])
        return list
    }

    /// Drops repeated entries and rows no longer basic. (Rows that merely lost the symbol
    /// stay: checking each cost more than the substitutions it saved.)
    private mutating func compactColumn(_ symbol: Symbol) {
        if compactedAt[symbol.id] == basisEpoch { return }
        compactedAt[symbol.id] = basisEpoch
        stampToken &+= 1
        if stampToken == 0 {
            for index in stamps.indices { stamps[index] = 0 }
            stampToken = 1
        }
        var list: [Symbol] = []
        swap(&list, &columns[symbol.id])
        var kept = 0
        for index in list.indices {
            let basic = list[index]
            // A symbol id reused after a rollback may still have old entries: compare the
            // whole symbol, kind included.
            guard stamps[basic.id] != stampToken, isBasic[basic.id], symbols[basic.id] == basic else { continue }
            stamps[basic.id] = stampToken
            list[kept] = basic
            kept += 1
        }
        list.removeLast(list.count - kept)
        swap(&list, &columns[symbol.id])
    }

    // MARK: Journal

    /// Starts recording changes so `rollBack()` can undo them: a failed phase 1 or batch
    /// touches a few rows, and copying the whole tableau beforehand cost more than the work
    /// itself. Returns false, and does nothing, when a journal is already open: the
    /// enclosing owner commits or rolls back.
    @discardableResult
    mutating func beginJournal() -> Bool {
        guard !journaling else { return false }
        journaling = true
        journalGeneration += 1
        journalIDs.removeAll(keepingCapacity: true)
        journalRows.removeAll(keepingCapacity: true)
        journalObjective = objective
        journalInfeasible = infeasible
        journalTick = tick
        return true
    }

    /// Keeps the changes recorded since `beginJournal()`.
    mutating func commitJournal() {
        journaling = false
        journalRows.removeAll(keepingCapacity: true)
    }

    /// Puts back every row changed since `beginJournal()`, the objective and the infeasible
    /// list, and forgets the symbols made since.
    mutating func rollBack() {
        guard journaling else { return }
        journaling = false
        for (id, row) in zip(journalIDs, journalRows) where id < journalTick {
            rows[id] = row
            isBasic[id] = row != nil
            if let row {
                // Compactions meanwhile may have dropped this row from columns it is back in.
                for cell in row.cells { columns[cell.symbol.id].append(symbols[id]) }
            }
        }
        journalRows.removeAll(keepingCapacity: true)
        truncateSymbols(to: journalTick)
        objective = journalObjective
        infeasible = journalInfeasible
        artificial = nil
        basisEpoch += 1
        for id in compactedAt.indices { compactedAt[id] = -1 }
    }

    /// Records a row's state before its first change under the journal.
    mutating func willChange(_ id: Int) {
        guard journaling, journaledIn[id] != journalGeneration else { return }
        journaledIn[id] = journalGeneration
        journalIDs.append(id)
        journalRows.append(rows[id])
    }
}
