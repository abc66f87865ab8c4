/// One linear equation of the tableau: `basic = constant + Σ coefficient · symbol`.
///
/// Cells are kept sorted by symbol, in one contiguous array: rows are short (a handful of
/// cells for layout systems), so binary search and linear merges beat any hashed map, and the
/// order makes every scan deterministic.
struct Row {
    struct Cell {
        var symbol: Symbol
        var coefficient: Double
    }

    private(set) var cells: [Cell]
    var constant: Double

    init(constant: Double = 0) {
        cells = []
        self.constant = constant
    }

    /// The position of `symbol`, or where it would be inserted.
    @inline(__always)
    private func search(_ symbol: Symbol) -> (found: Bool, index: Int) {
        var low = 0
        var high = cells.count
        while low < high {
            let mid = (low + high) >> 1
            let raw = cells[mid].symbol.raw
            if raw == symbol.raw { return (true, mid) }
            if raw < symbol.raw { low = mid + 1 } else { high = mid }
        }
        return (false, low)
    }

    /// The coefficient of `symbol`, or 0 when the row does not contain it.
    func coefficient(for symbol: Symbol) -> Double {
        let (found, index) = search(symbol)
        return found ? cells[index].coefficient : 0
    }

    /// Adds `coefficient · symbol`, dropping the cell if the sum is near zero; reports a cell
    /// that appeared to `work`.
    mutating func insert(_ symbol: Symbol, _ coefficient: Double, work: inout RowWork) {
        let (found, index) = search(symbol)
        if found {
            let sum = cells[index].coefficient + coefficient
            if nearZero(sum) {
                cells.remove(at: index)
            } else {
                cells[index].coefficient = sum
            }
        } else if !nearZero(coefficient) {
            cells.insert(Cell(symbol: symbol, coefficient: coefficient), at: index)
            work.added.append(symbol)
        }
    }

    /// Adds `coefficient · other` (its constant too), merging the sorted cell lists into
    /// `work`'s scratch buffer and swapping buffers, so a merge allocates nothing once the
    /// buffers have grown.
    mutating func insert(_ other: Row, _ coefficient: Double, work: inout RowWork) {
        constant += other.constant * coefficient
        if other.cells.count <= 2 {
            for cell in other.cells { insert(cell.symbol, cell.coefficient * coefficient, work: &work) }
            return
        }
        var merged = work.takeScratch(capacity: cells.count + other.cells.count)
        var i = 0
        var j = 0
        let mine = cells.count
        let theirs = other.cells.count
        while i < mine || j < theirs {
            if j == theirs || (i < mine && cells[i].symbol.raw < other.cells[j].symbol.raw) {
                merged.append(cells[i])
                i += 1
            } else if i == mine || other.cells[j].symbol.raw < cells[i].symbol.raw {
                let value = other.cells[j].coefficient * coefficient
                if !nearZero(value) {
                    merged.append(Cell(symbol: other.cells[j].symbol, coefficient: value))
                    work.added.append(other.cells[j].symbol)
                }
                j += 1
            } else {
                let sum = cells[i].coefficient + other.cells[j].coefficient * coefficient
                if !nearZero(sum) { merged.append(Cell(symbol: cells[i].symbol, coefficient: sum)) }
                i += 1
                j += 1
            }
        }
        swap(&cells, &merged)
        work.returnScratch(merged)
    }

    /// Removes `symbol`'s cell, if any.
    mutating func remove(_ symbol: Symbol) {
        let (found, index) = search(symbol)
        if found { cells.remove(at: index) }
    }

    /// Negates the constant and every coefficient.
    mutating func reverseSign() {
        constant = -constant
        for index in cells.indices { cells[index].coefficient = -cells[index].coefficient }
    }

    /// Rewrites `0 = a·symbol + rest` as `symbol = −rest / a`: the symbol's cell goes away.
    /// The row must contain `symbol`.
    mutating func solve(for symbol: Symbol) {
        let (_, index) = search(symbol)
        let scale = -1 / cells[index].coefficient
        cells.remove(at: index)
        constant *= scale
        for index in cells.indices { cells[index].coefficient *= scale }
    }

    /// Rewrites `lhs = rest` (with `rhs` in `rest`) as `rhs = …`, `lhs` moving into the cells.
    mutating func solve(for lhs: Symbol, _ rhs: Symbol, work: inout RowWork) {
        insert(lhs, -1, work: &work)
        solve(for: rhs)
    }

    /// Replaces `symbol` by the expression `row` stands for, if this row contains it.
    /// Returns whether it did.
    @discardableResult
    mutating func substitute(_ symbol: Symbol, with row: Row, work: inout RowWork) -> Bool {
        let (found, index) = search(symbol)
        guard found else { return false }
        let coefficient = cells[index].coefficient
        cells.remove(at: index)
        insert(row, coefficient, work: &work)
        return true
    }

    /// Whether every cell is a dummy (a required equality with nothing left to vary).
    var isAllDummies: Bool { cells.allSatisfy { $0.symbol.isDummy } }
}

/// Reusable buffers for row operations: the symbols an operation added (so the solver can
/// extend its column index) and a scratch cell array that merges write into.
struct RowWork {
    var added: [Symbol] = []
    private var scratch: [Row.Cell] = []

    /// Forgets the symbols recorded so far.
    mutating func clear() {
        added.removeAll(keepingCapacity: true)
    }

    mutating func takeScratch(capacity: Int) -> [Row.Cell] {
        var buffer: [Row.Cell] = []
        swap(&buffer, &scratch)
        buffer.removeAll(keepingCapacity: true)
        buffer.reserveCapacity(capacity)
        return buffer
    }

    mutating func returnScratch(_ buffer: [Row.Cell]) {
        scratch = buffer
    }
}
