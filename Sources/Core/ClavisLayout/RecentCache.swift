/// A dictionary that keeps only the `capacity` most recently used entries.
///
/// Caches that fill with what a user happens to look at (every emoji ever shown, at every
/// size) must have a bound, or the keyboard's memory grows for as long as it runs. Eviction
/// is by least recent use, so what is on screen now always stays.
///
///     var images = RecentCache<String, Image>(capacity: 2)
///     images["a"] = a; images["b"] = b
///     _ = images["a"]          // a is now the most recent
///     images["c"] = c          // b goes
public struct RecentCache<Key: Hashable, Value> {
    /// How many entries the cache keeps at most.
    public let capacity: Int
    private var entries: [Key: (value: Value, use: UInt64)] = [:]
    private var clock: UInt64 = 0

    public init(capacity: Int) {
        precondition(capacity > 0, "a cache keeps at least one entry")
        self.capacity = capacity
    }

    /// How many entries are kept.
    public var count: Int { entries.count }

    /// The value for `key` (marking it used), or `nil`; setting `nil` removes the entry.
    public subscript(key: Key) -> Value? {
        mutating get {
            guard let entry = entries[key] else { return nil }
            clock += 1
            entries[key] = (entry.value, clock)
            return entry.value
        }
        set {
            guard let newValue else {
                entries[key] = nil
                return
            }
            clock += 1
            entries[key] = (newValue, clock)
            if entries.count > capacity { evictOldest() }
        }
    }

    /// Drops every entry.
    public mutating func removeAll() {
        entries.removeAll()
    }

    /// Drops the oldest quarter at once, so a full cache does not scan on every insertion.
    private mutating func evictOldest() {
        let excess = entries.count - capacity
        let batch = max(excess, capacity / 4)
        let oldest = entries.sorted { $0.value.use < $1.value.use }.prefix(batch)
        for (key, _) in oldest { entries[key] = nil }
    }
}
