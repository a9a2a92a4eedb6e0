/// Names made unique within one export document. Each name is claimed with the suffixes a format derives from it (a
/// CSS class's `-paint` box and `@keyframes`, an SVG `-mask` clip path); a name is granted only when none of its
/// derived names is already taken by another name or a name derived from one, else the first number after a
/// separator (`child-x-2`) that frees them all. Distinct tracks therefore never share a derived name, whatever their
/// ids: `x` and `x-paint` (whose names would meet at `x-paint`), or ids that sanitise to the same characters.
struct UniqueNames {
    /// Every name taken, derived names included.
    private var taken: Set<String>
    /// Between a name and the number that makes it unique.
    private let separator: String
    /// The next number to try for each name that needed one, so that many ids that sanitise alike cost no rescans.
    private var nextNumber: [String: Int] = [:]

    /// Names no claim may take (the stage's class, or the ids the document writes as they are).
    init(reserving reserved: some Sequence<String>, separator: String) {
        taken = Set(reserved)
        self.separator = separator
    }

    /// The name granted for `base`: `base` itself when it and its derived names (`base + suffix`) are all free, else
    /// `base`, the separator and the first number from 2 that frees them. All of them are taken from then on.
    mutating func claim(_ base: String, suffixes: [String] = [""]) -> String {
        var name = base, number = nextNumber[base] ?? 2
        while suffixes.contains(where: { taken.contains(name + $0) }) {
            name = "\(base)\(separator)\(number)"
            number += 1
            nextNumber[base] = number
        }
        for suffix in suffixes { taken.insert(name + suffix) }
        return name
    }
}
