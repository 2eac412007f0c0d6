#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory the process really holds, as the operating system counts it:
/// its resident set. `--max-memory` is held against it.
public enum ProcessMemory {
    /// The peak resident set size of the process so far, in bytes; 0 where
    /// the platform does not tell. On Linux it is the `VmHWM` of
    /// `/proc/self/status`, the peak of this program's own memory:
    /// `getrusage` also counts the memory of the process that started it
    /// before the program replaced it (`exec`), however large.
    public static func peakBytes() -> Int {
        #if canImport(Glibc)
        if let peak = statusField("VmHWM:", of: "self") { return peak }
        #endif
        var usage = rusage()
        #if canImport(Darwin)
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss)           // bytes on Darwin
        #else
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) * 1024    // kilobytes on Linux
        #endif
    }

    /// The resident set size of the process now, in bytes; 0 where the
    /// platform does not tell. Costs a few microseconds (one read of
    /// `/proc/self/statm` on Linux, one `task_info` call on Darwin).
    public static func residentBytes() -> Int {
        #if canImport(Darwin)
        var info = mach_task_basic_info()
        var count = mach_msg_type_number_t(MemoryLayout<mach_task_basic_info>.size / MemoryLayout<natural_t>.size)
        let status = withUnsafeMutablePointer(to: &info) { pointer in
            pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                task_info(mach_task_self_, task_flavor_t(MACH_TASK_BASIC_INFO), $0, &count)
            }
        }
        return status == KERN_SUCCESS ? Int(info.resident_size) : 0
        #elseif canImport(Glibc)
        // "size resident shared text lib data dt", in pages.
        let file = open("/proc/self/statm", O_RDONLY)
        guard file >= 0 else { return 0 }
        defer { close(file) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer -> Int in
            let read = Glibc.read(file, buffer.baseAddress, buffer.count)
            guard read > 0 else { return 0 }
            var field = 0
            var pages = 0
            for byte in buffer[0..<read] {
                if byte == UInt8(ascii: " ") {
                    field += 1
                    if field == 2 { break }
                } else if field == 1, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    pages = pages * 10 + Int(byte - UInt8(ascii: "0"))
                }
            }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        }
        #else
        return 0
        #endif
    }

    #if canImport(Glibc)
    /// A field in kB of `/proc/PROCESS/status` (`VmHWM:`, `VmRSS:`), in bytes.
    public static func statusField(_ name: String, of process: String) -> Int? {
        let file = open("/proc/\(process)/status", O_RDONLY)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var bytes: [UInt8] = []
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { buffer in
            while true {
                let read = Glibc.read(file, buffer.baseAddress, buffer.count)
                guard read > 0 else { break }
                bytes += buffer[0..<read]
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }) else { return nil }
        let digits = line.dropFirst(name.count).filter(\.isNumber)
        return Int(digits).map { $0 * 1024 }
    }
    #endif
}
