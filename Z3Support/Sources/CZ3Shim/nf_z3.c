#include "nf_z3.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <z3.h>

struct nf_solver {
    Z3_context context;
    Z3_solver solver;
    Z3_model model;
    int error;
    char message[256];
};

// Z3 reports errors through a handler that has only the context; the
// solver that owns the context is found through this thread's current one.
static _Thread_local nf_solver *nf_current;

static void nf_on_error(Z3_context context, Z3_error_code code) {
    nf_solver *solver = nf_current;
    if (solver == NULL || solver->context != context || solver->error != 0) {
        return;
    }
    solver->error = (int)code;
    const char *text = Z3_get_error_msg(context, code);
    snprintf(solver->message, sizeof solver->message, "%s", text ? text : "unknown Z3 error");
}

#define NF_ENTER(solver) nf_current = (solver)

// Contexts are made one at a time: Z3's global parameters are read then.
static pthread_mutex_t nf_creation = PTHREAD_MUTEX_INITIALIZER;

nf_solver *nf_solver_new(unsigned timeout_ms, unsigned rlimit) {
    nf_solver *solver = calloc(1, sizeof *solver);
    if (solver == NULL) {
        return NULL;
    }
    // A configuration reads Z3's global parameters, which nf_set_memory_limit sets.
    pthread_mutex_lock(&nf_creation);
    Z3_config config = Z3_mk_config();
    pthread_mutex_unlock(&nf_creation);
    if (config == NULL) {
        free(solver);
        return NULL;
    }
    char text[32];
    if (timeout_ms > 0) {
        snprintf(text, sizeof text, "%u", timeout_ms);
        Z3_set_param_value(config, "timeout", text);
    }
    if (rlimit > 0) {
        snprintf(text, sizeof text, "%u", rlimit);
        Z3_set_param_value(config, "rlimit", text);
    }
    Z3_set_param_value(config, "model", "true");
    pthread_mutex_lock(&nf_creation);
    solver->context = Z3_mk_context(config);
    pthread_mutex_unlock(&nf_creation);
    Z3_del_config(config);
    if (solver->context == NULL) {
        free(solver);
        return NULL;
    }
    NF_ENTER(solver);
    Z3_set_error_handler(solver->context, nf_on_error);
    solver->solver = Z3_mk_solver(solver->context);
    if (solver->error != 0 || solver->solver == NULL) {
        Z3_del_context(solver->context);
        free(solver);
        return NULL;
    }
    Z3_solver_inc_ref(solver->context, solver->solver);
    if (timeout_ms > 0) {
        Z3_params params = Z3_mk_params(solver->context);
        Z3_params_inc_ref(solver->context, params);
        Z3_params_set_uint(solver->context, params, Z3_mk_string_symbol(solver->context, "timeout"), timeout_ms);
        Z3_solver_set_params(solver->context, solver->solver, params);
        Z3_params_dec_ref(solver->context, params);
    }
    return solver;
}

void nf_set_timeout(nf_solver *solver, unsigned timeout_ms) {
    NF_ENTER(solver);
    Z3_params params = Z3_mk_params(solver->context);
    Z3_params_inc_ref(solver->context, params);
    Z3_params_set_uint(solver->context, params, Z3_mk_string_symbol(solver->context, "timeout"), timeout_ms);
    Z3_solver_set_params(solver->context, solver->solver, params);
    Z3_params_dec_ref(solver->context, params);
}

void nf_interrupt(nf_solver *solver) {
    Z3_interrupt(solver->context);
}

uint64_t nf_allocated_memory(void) {
    return Z3_get_estimated_alloc_size();
}

void nf_set_memory_limit(unsigned megabytes) {
    char text[32];
    snprintf(text, sizeof text, "%u", megabytes);
    pthread_mutex_lock(&nf_creation);
    Z3_global_param_set("memory_max_size", text);
    pthread_mutex_unlock(&nf_creation);
}

void nf_solver_free(nf_solver *solver) {
    if (solver == NULL) {
        return;
    }
    NF_ENTER(solver);
    if (solver->model != NULL) {
        Z3_model_dec_ref(solver->context, solver->model);
    }
    Z3_solver_dec_ref(solver->context, solver->solver);
    Z3_del_context(solver->context);
    if (nf_current == solver) {
        nf_current = NULL;
    }
    free(solver);
}

int nf_error(const nf_solver *solver, char *buffer, size_t size) {
    if (buffer != NULL && size > 0) {
        snprintf(buffer, size, "%s", solver->error != 0 ? solver->message : "");
    }
    return solver->error;
}

void nf_clear_error(nf_solver *solver) {
    solver->error = 0;
    solver->message[0] = '\0';
}

void nf_provoke_error(nf_solver *solver) {
    NF_ENTER(solver);
    // A bit-vector of width 0 is invalid: Z3 reports an error.
    Z3_mk_bv_sort(solver->context, 0);
}

nf_term nf_bool_const(nf_solver *solver, const char *name) {
    NF_ENTER(solver);
    Z3_symbol symbol = Z3_mk_string_symbol(solver->context, name);
    return Z3_mk_const(solver->context, symbol, Z3_mk_bool_sort(solver->context));
}

nf_term nf_bv_const(nf_solver *solver, const char *name, unsigned width) {
    NF_ENTER(solver);
    Z3_symbol symbol = Z3_mk_string_symbol(solver->context, name);
    Z3_sort sort = Z3_mk_bv_sort(solver->context, width);
    if (sort == NULL) {
        return NULL;
    }
    return Z3_mk_const(solver->context, symbol, sort);
}

nf_term nf_bv_value(nf_solver *solver, uint64_t value, unsigned width) {
    NF_ENTER(solver);
    Z3_sort sort = Z3_mk_bv_sort(solver->context, width);
    if (sort == NULL) {
        return NULL;
    }
    return Z3_mk_unsigned_int64(solver->context, value, sort);
}

nf_term nf_bool_value(nf_solver *solver, int value) {
    NF_ENTER(solver);
    return value ? Z3_mk_true(solver->context) : Z3_mk_false(solver->context);
}

nf_term nf_not(nf_solver *solver, nf_term term) {
    NF_ENTER(solver);
    return Z3_mk_not(solver->context, (Z3_ast)term);
}

nf_term nf_and(nf_solver *solver, unsigned count, const nf_term *terms) {
    NF_ENTER(solver);
    if (count == 0) {
        return Z3_mk_true(solver->context);
    }
    return Z3_mk_and(solver->context, count, (const Z3_ast *)terms);
}

nf_term nf_or(nf_solver *solver, unsigned count, const nf_term *terms) {
    NF_ENTER(solver);
    if (count == 0) {
        return Z3_mk_false(solver->context);
    }
    return Z3_mk_or(solver->context, count, (const Z3_ast *)terms);
}

nf_term nf_eq(nf_solver *solver, nf_term lhs, nf_term rhs) {
    NF_ENTER(solver);
    return Z3_mk_eq(solver->context, (Z3_ast)lhs, (Z3_ast)rhs);
}

nf_term nf_distinct(nf_solver *solver, unsigned count, const nf_term *terms) {
    NF_ENTER(solver);
    if (count < 2) {
        return Z3_mk_true(solver->context);
    }
    return Z3_mk_distinct(solver->context, count, (const Z3_ast *)terms);
}

nf_term nf_bv_ult(nf_solver *solver, nf_term lhs, nf_term rhs) {
    NF_ENTER(solver);
    return Z3_mk_bvult(solver->context, (Z3_ast)lhs, (Z3_ast)rhs);
}

nf_term nf_ite(nf_solver *solver, nf_term condition, nf_term then_term, nf_term otherwise) {
    NF_ENTER(solver);
    return Z3_mk_ite(solver->context, (Z3_ast)condition, (Z3_ast)then_term, (Z3_ast)otherwise);
}

nf_term nf_bv_add(nf_solver *solver, nf_term lhs, nf_term rhs) {
    NF_ENTER(solver);
    return Z3_mk_bvadd(solver->context, (Z3_ast)lhs, (Z3_ast)rhs);
}

void nf_assert(nf_solver *solver, nf_term term) {
    NF_ENTER(solver);
    if (term == NULL) {
        return;
    }
    Z3_solver_assert(solver->context, solver->solver, (Z3_ast)term);
}

void nf_push(nf_solver *solver) {
    NF_ENTER(solver);
    Z3_solver_push(solver->context, solver->solver);
}

void nf_pop(nf_solver *solver) {
    NF_ENTER(solver);
    Z3_solver_pop(solver->context, solver->solver, 1);
}

int nf_check(nf_solver *solver) {
    NF_ENTER(solver);
    if (solver->model != NULL) {
        Z3_model_dec_ref(solver->context, solver->model);
        solver->model = NULL;
    }
    Z3_lbool result = Z3_solver_check(solver->context, solver->solver);
    if (solver->error != 0) {
        return -2;
    }
    if (result == Z3_L_TRUE) {
        solver->model = Z3_solver_get_model(solver->context, solver->solver);
        if (solver->model != NULL) {
            Z3_model_inc_ref(solver->context, solver->model);
        }
        return solver->error != 0 ? -2 : 1;
    }
    return result == Z3_L_FALSE ? 0 : -1;
}

void nf_reason_unknown(nf_solver *solver, char *buffer, size_t size) {
    NF_ENTER(solver);
    Z3_string reason = Z3_solver_get_reason_unknown(solver->context, solver->solver);
    snprintf(buffer, size, "%s", reason ? reason : "unknown");
}

static int nf_evaluate(nf_solver *solver, nf_term term, Z3_ast *result) {
    NF_ENTER(solver);
    if (solver->model == NULL || term == NULL) {
        return -1;
    }
    if (!Z3_model_eval(solver->context, solver->model, (Z3_ast)term, 1, result) || solver->error != 0) {
        return -1;
    }
    return 0;
}

int nf_model_bool(nf_solver *solver, nf_term term, int *value) {
    Z3_ast result;
    if (nf_evaluate(solver, term, &result) != 0) {
        return -1;
    }
    Z3_lbool truth = Z3_get_bool_value(solver->context, result);
    if (truth == Z3_L_UNDEF) {
        return -1;
    }
    *value = truth == Z3_L_TRUE;
    return 0;
}

int nf_model_bv(nf_solver *solver, nf_term term, uint64_t *value) {
    Z3_ast result;
    if (nf_evaluate(solver, term, &result) != 0) {
        return -1;
    }
    return Z3_get_numeral_uint64(solver->context, result, value) && solver->error == 0 ? 0 : -1;
}
