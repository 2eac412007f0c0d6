/// The words of a `StateStore`'s states, `width` per state, in chunks of
/// `chunkStates` states. The first chunk grows by doubling until it is
/// whole; after that, growing allocates one more chunk and copies nothing.
/// So a large store costs its states' words plus at most one chunk, and
/// no growth step touches the states already stored.
///
/// A value type: a copy shares the chunks until one side writes, which
/// then copies them (`makeUnique`). Pointers from `pointer(to:)` are for
/// reading, or for writing right after `reserve(_:)`.
struct StateWords: @unchecked Sendable {
    /// States per chunk: 2^13, so that a chunk of one-word states is 64 KiB.
    static let chunkShift = 13
    static let chunkStates = 1 << chunkShift

    let width: Int
    /// The states the allocated chunks hold.
    private(set) var capacity = 0
    private var directory: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>
    private var chunkCount = 0
    private var directoryCapacity: Int
    /// Frees the memory when the last copy goes; its identity tells whether a copy shares it.
    private var owner: Owner

    init(width: Int, capacity: Int) {
        self.width = width
        directoryCapacity = 4
        directory = .allocate(capacity: directoryCapacity)
        owner = Owner(directory: directory)
        reserve(max(1, capacity))
    }

    /// Bytes allocated.
    var bytes: Int { capacity * width * 8 + directoryCapacity * 8 }

    /// The most bytes `reserve(states)` allocates: the first chunk doubled,
    /// or the chunks it adds.
    func growthBytes(holding states: Int) -> Int {
        guard states > capacity else { return 0 }
        let chunks = (states - capacity + Self.chunkStates - 1) >> Self.chunkShift + 1
        return chunks * Self.chunkStates * width * 8 + directoryCapacity * 16
    }

    /// The words of state `index`, which must be below `capacity`.
    @inline(__always)
    func pointer(to index: Int) -> UnsafeMutablePointer<UInt64> {
        chunks.pointer(to: index)
    }

    /// The chunks as they are now, without a reference to their owner: for
    /// loops that must not retain it. Valid until the next `reserve(_:)`.
    @inline(__always)
    var chunks: Chunks { Chunks(directory: directory, width: width) }

    /// The chunks of a `StateWords` at one moment.
    struct Chunks {
        let directory: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>
        let width: Int

        /// The words of state `index`.
        @inline(__always)
        func pointer(to index: Int) -> UnsafeMutablePointer<UInt64> {
            directory[index >> StateWords.chunkShift] + (index & (StateWords.chunkStates - 1)) * width
        }
    }

    /// Makes room for `states` states and makes the chunks this value's own.
    mutating func reserve(_ states: Int) {
        makeUnique()
        while capacity < states {
            if chunkCount == 1 && capacity < Self.chunkStates {
                // The first chunk doubles until it is whole.
                let grown = min(Self.chunkStates, max(capacity * 2, states))
                let chunk = UnsafeMutablePointer<UInt64>.allocate(capacity: grown * width)
                chunk.initialize(from: directory[0], count: capacity * width)
                (chunk + capacity * width).initialize(repeating: 0, count: (grown - capacity) * width)
                directory[0].deallocate()
                directory[0] = chunk
                capacity = grown
            } else {
                let states = chunkCount == 0 ? min(Self.chunkStates, states) : Self.chunkStates
                if chunkCount == directoryCapacity {
                    let grown = UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>.allocate(capacity: directoryCapacity * 2)
                    grown.initialize(from: directory, count: chunkCount)
                    directory.deallocate()
                    directory = grown
                    directoryCapacity *= 2
                }
                directory[chunkCount] = .allocate(capacity: states * width)
                directory[chunkCount].initialize(repeating: 0, count: states * width)
                chunkCount += 1
                capacity += states
            }
        }
        owner.directory = directory
        owner.chunkCount = chunkCount
    }

    private mutating func makeUnique() {
        guard !isKnownUniquelyReferenced(&owner) else { return }
        let copy = UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>.allocate(capacity: directoryCapacity)
        for chunk in 0..<chunkCount {
            let words = (chunk == 0 ? min(capacity, Self.chunkStates) : Self.chunkStates) * width
            copy[chunk] = .allocate(capacity: words)
            copy[chunk].initialize(from: directory[chunk], count: words)
        }
        directory = copy
        owner = Owner(directory: copy)
        owner.chunkCount = chunkCount
    }

    private final class Owner {
        var directory: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>
        var chunkCount = 0

        init(directory: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>>) {
            self.directory = directory
        }

        deinit {
            for chunk in 0..<chunkCount { directory[chunk].deallocate() }
            directory.deallocate()
        }
    }
}
