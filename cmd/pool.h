/*
 * An ordered worker pool: jobs are handed to N threads and their results
 * come back in the order the jobs were submitted, so that a tool's output
 * with -j N is byte for byte the output with -j 1.
 *
 * The pool owns a ring of `depth` job slots of `job_size` bytes each,
 * zeroed once and then reused, so that a job may keep its buffers from one
 * use to the next and memory stays bounded by the ring.  The submitting
 * thread asks for a free slot (pool_slot()), fills it and submits it
 * (pool_submit()); whenever the oldest submitted job is finished, its
 * `done` callback runs on the submitting thread (never on a worker), in
 * submission order.  With no threads (N = 0) each job runs right away on
 * the submitting thread: the same code path, no pthreads involved.
 */
#ifndef POOL_H
#define POOL_H

#include <stddef.h>

struct pool;

struct pool_ops {
	size_t job_size;
	/* Runs a job on a worker; ctx is that worker's own context. */
	void (*work)(void *job, void *ctx);
	/* Takes a finished job's results, in order; arg as given. */
	void (*done)(void *job, void *arg);
	/* Frees what a slot holds when the pool ends (may be NULL). */
	void (*release)(void *job);
};

/*
 * A pool of `nthreads` workers (0: none), whose worker i gets ctx[i]
 * (ctx[0] when there are no threads).  `ops` is copied.  Returns 0, or -1
 * when memory or a thread could not be had (nothing is left running).
 */
int pool_new(struct pool **out, int nthreads, const struct pool_ops *ops,
    void *const *ctx, void *arg);

/*
 * A free slot for the next job, after waiting for the oldest job (and
 * running its `done`) if the ring is full.  The slot holds whatever its
 * last job left.
 */
void *pool_slot(struct pool *p);

/* Submits the slot pool_slot() returned last. */
void pool_submit(struct pool *p);

/* Waits for every job submitted, running their `done` in order. */
void pool_drain(struct pool *p);

/* Drains, stops the workers and frees the pool; NULL is accepted. */
void pool_free(struct pool *p);

#endif /* POOL_H */
