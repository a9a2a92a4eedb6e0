#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The standard process metrics of Prometheus client libraries (`process_cpu_seconds_total`,
/// `process_resident_memory_bytes`, …), read from `/proc/self` at each scrape. Empty where there is no
/// `/proc` (macOS), as the Go and Python clients leave them out there.
enum ProcessMetrics {
    /// One gauge or counter: its name, type, help and value.
    struct Sample {
        let name: String, type: String, help: String, value: Double
    }

    /// The process's samples now.
    static func samples() -> [Sample] {
        guard let stat = contents(of: "/proc/self/stat"), let closing = stat.lastIndex(of: UInt8(ascii: ")")) else { return [] }
        // The fields after the command name (which may hold spaces), from field 3 (state) on.
        let fields = stat[(closing + 2)...].split(separator: UInt8(ascii: " ")).map { Double(String(decoding: $0, as: UTF8.self)) ?? 0 }
        guard fields.count > 22 else { return [] }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
        var samples = [
            Sample(
                name: "process_cpu_seconds_total", type: "counter", help: "Total user and system CPU time spent in seconds.",
                value: (fields[11] + fields[12]) / ticks),
            Sample(name: "process_resident_memory_bytes", type: "gauge", help: "Resident memory size in bytes.", value: fields[21] * pageSize),
            Sample(name: "process_virtual_memory_bytes", type: "gauge", help: "Virtual memory size in bytes.", value: fields[20])
        ]
        if let boot = bootTime() {
            samples.append(
                Sample(
                    name: "process_start_time_seconds", type: "gauge", help: "Start time of the process since unix epoch in seconds.",
                    value: boot + fields[19] / ticks))
        }
        if let open = openDescriptors() {
            samples.append(Sample(name: "process_open_fds", type: "gauge", help: "Number of open file descriptors.", value: Double(open)))
        }
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
            samples.append(
                Sample(name: "process_max_fds", type: "gauge", help: "Maximum number of open file descriptors.", value: Double(limit.rlim_cur)))
        }
        return samples
    }

    /// The machine's boot time, seconds since the epoch (`btime` of /proc/stat).
    private static func bootTime() -> Double? {
        guard let stat = contents(of: "/proc/stat") else { return nil }
        for line in stat.split(separator: UInt8(ascii: "\n")) where line.starts(with: "btime ".utf8) {
            return Double(String(decoding: line.dropFirst(6), as: UTF8.self))
        }
        return nil
    }

    /// Entries of /proc/self/fd, less the one reading it.
    private static func openDescriptors() -> Int? {
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            if UInt8(bitPattern: entry.pointee.d_name.0) != UInt8(ascii: ".") { count += 1 }
        }
        return count - 1
    }

    /// A whole (small) file, or nil.
    private static func contents(of path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }
}
