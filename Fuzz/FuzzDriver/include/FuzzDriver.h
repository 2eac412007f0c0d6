#ifndef NAVFLOW_FUZZ_DRIVER_H
#define NAVFLOW_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs with their own main
/// (from the fuzzer runtime that -sanitize=fuzzer links).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

// Each harness's test function is also exported as
// LLVMFuzzerTestOneInput. A debug build needs it: SwiftPM renames a debug
// executable's entry point (and points `main` at it when linking), so the
// linker also pulls in the fuzzer runtime's own main, which refers to
// that symbol. The harness's main still runs, through LLVMFuzzerRunDriver.

#endif
