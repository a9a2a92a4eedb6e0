/// Which tracks the exports draw inside which (``Track/parent``), by their positions in the plan's tracks.
struct ExportTree {
    /// The positions of the tracks drawn on the stage, in order.
    let roots: [Int]
    /// The positions of each track's children, in order.
    let children: [[Int]]
    /// The position of each track's parent, nil for a track on the stage.
    let parents: [Int?]

    init(_ tracks: [Track]) {
        var first: [String: Int] = [:], parents: [Int?] = [], children = Array(repeating: [Int](), count: tracks.count)
        // Only the ids are read, where they lie: a track copied out would retain all it holds.
        for index in tracks.indices {
            // The first track of that id (as `Plan.parent(of:)` finds it) before this one: parents come first.
            let parent = tracks[index].parent.flatMap { first[$0] }
            parents.append(parent)
            if let parent { children[parent].append(index) }
            if first[tracks[index].id] == nil { first[tracks[index].id] = index }
        }
        self.parents = parents
        self.children = children
        roots = tracks.indices.filter { parents[$0] == nil }
    }

    /// The positions of the track's parents, outermost first.
    func ancestors(of index: Int) -> [Int] {
        var chain: [Int] = [], current = parents[index]
        while let parent = current {
            chain.insert(parent, at: 0)
            current = parents[parent]
        }
        return chain
    }
}
