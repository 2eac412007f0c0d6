// The only interface NavFlow has to Z3. Every function records Z3 errors
// in the solver instead of letting Z3 abort the process; callers check
// nf_error after each call. Terms are opaque pointers owned by the solver's
// context and freed with it.
#ifndef NF_Z3_H
#define NF_Z3_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct nf_solver nf_solver;
typedef const void *nf_term;

/// A fresh context and solver. `timeout_ms` bounds each check (0: none);
/// `rlimit` bounds Z3's resource counter per check (0: none). NULL when Z3
/// cannot create a context.
nf_solver *nf_solver_new(unsigned timeout_ms, unsigned rlimit);
void nf_solver_free(nf_solver *solver);

/// Sets the time the next checks may take (0: none), as a deadline comes
/// nearer.
void nf_set_timeout(nf_solver *solver, unsigned timeout_ms);

/// Stops the check running on `solver` (it then answers unknown); one
/// made before Z3 begins the check is lost. The one function that may be
/// called from another thread than the solver's, while the solver lives.
void nf_interrupt(nf_solver *solver);

/// Caps the memory Z3 itself allocates, in all contexts at once, in MiB (0:
/// no cap); an allocation past it fails the call that makes it with a
/// memory error, or the check with unknown.
void nf_set_memory_limit(unsigned megabytes);

/// The bytes Z3 holds now, all contexts together, as Z3 counts them.
uint64_t nf_allocated_memory(void);

/// The code of the first error since the last nf_clear_error (0: none), and
/// its message copied into `buffer`.
int nf_error(const nf_solver *solver, char *buffer, size_t size);
void nf_clear_error(nf_solver *solver);

/// Forces a Z3 error, to test that errors never abort.
void nf_provoke_error(nf_solver *solver);

nf_term nf_bool_const(nf_solver *solver, const char *name);
nf_term nf_bv_const(nf_solver *solver, const char *name, unsigned width);
nf_term nf_bv_value(nf_solver *solver, uint64_t value, unsigned width);
nf_term nf_bool_value(nf_solver *solver, int value);
nf_term nf_not(nf_solver *solver, nf_term term);
nf_term nf_and(nf_solver *solver, unsigned count, const nf_term *terms);
nf_term nf_or(nf_solver *solver, unsigned count, const nf_term *terms);
nf_term nf_eq(nf_solver *solver, nf_term lhs, nf_term rhs);
nf_term nf_distinct(nf_solver *solver, unsigned count, const nf_term *terms);
nf_term nf_bv_ult(nf_solver *solver, nf_term lhs, nf_term rhs);
/// `condition ? then : otherwise`, of two terms of the same sort.
nf_term nf_ite(nf_solver *solver, nf_term condition, nf_term then_term, nf_term otherwise);
/// Sum of two bit-vectors of the same width, modulo 2^width.
nf_term nf_bv_add(nf_solver *solver, nf_term lhs, nf_term rhs);

void nf_assert(nf_solver *solver, nf_term term);
void nf_push(nf_solver *solver);
void nf_pop(nf_solver *solver);

/// 1: satisfiable (a model is kept), 0: unsatisfiable, -1: unknown (see
/// nf_reason_unknown), -2: an error was recorded.
int nf_check(nf_solver *solver);
/// Why the last check answered unknown ("timeout", "max. resource limit exceeded", ...).
void nf_reason_unknown(nf_solver *solver, char *buffer, size_t size);

/// Values in the model of the last satisfiable check; 0 on success.
int nf_model_bool(nf_solver *solver, nf_term term, int *value);
int nf_model_bv(nf_solver *solver, nf_term term, uint64_t *value);

#ifdef __cplusplus
}
#endif

#endif
