import ClavisLayout
import Testing

@Suite struct RecentCacheTests {
    @Test func keepsAtMostItsCapacity() {
        var cache = RecentCache<Int, String>(capacity: 8)
        for index in 0..<1_000 { cache[index] = "\(index)" }
        #expect(cache.count <= 8)
        #expect(cache[999] == "999", "the newest entry stays")
    }

    @Test func evictsTheLeastRecentlyUsed() {
        var cache = RecentCache<String, Int>(capacity: 4)
        for (index, key) in ["a", "b", "c", "d"].enumerated() { cache[key] = index }
        #expect(cache["a"] == 0, "a read counts as a use")
        cache["e"] = 4
        #expect(cache["a"] == 0)
        #expect(cache["b"] == nil, "b was used least recently")
        #expect(cache["e"] == 4)
    }

    @Test func settingNilRemoves() {
        var cache = RecentCache<String, Int>(capacity: 2)
        cache["a"] = 1
        cache["a"] = nil
        #expect(cache["a"] == nil)
        #expect(cache.count == 0)
    }

    @Test func overwritingDoesNotGrow() {
        var cache = RecentCache<String, Int>(capacity: 2)
        for index in 0..<10 { cache["a"] = index }
        #expect(cache.count == 1)
        #expect(cache["a"] == 9)
    }
}
