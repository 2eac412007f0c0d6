#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory the process really holds, as the operating system counts it.
public enum PeakMemory {
    /// The peak resident set size of the process so far, in bytes; 0 where
    /// the platform does not tell.
    public static func bytes() -> Int {
        var usage = rusage()
        #if canImport(Darwin)
        guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss)           // bytes on Darwin
        #else
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) * 1024    // kilobytes on Linux
        #endif
    }
}
