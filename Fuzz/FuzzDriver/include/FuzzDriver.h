#ifndef NAVFLOW_FUZZ_DRIVER_H
#define NAVFLOW_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs with their own main
/// (from the fuzzer runtime that -sanitize=fuzzer links).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
