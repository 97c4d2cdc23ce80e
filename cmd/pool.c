/*
 * The ordered worker pool (see pool.h).
 *
 * The ring holds jobs from `head` (the oldest not yet handed to `done`) to
 * `tail` (the next slot to fill); `next` is the oldest job no worker has
 * taken yet.  Workers take jobs in submission order and mark them finished
 * in any order; only the submitting thread moves `head`, so `done` always
 * runs there and in order.  One mutex guards the indices and states; the
 * jobs themselves are touched by one thread at a time.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "pool.h"

enum state { FREE, QUEUED, RUNNING, FINISHED };

struct worker {
	struct pool *p;
	void *ctx;
	pthread_t tid;
};

struct pool {
	struct pool_ops ops;
	void *arg;
	int nthreads;
	struct worker *w;
	size_t depth;
	unsigned char *jobs;	/* depth slots of ops.job_size bytes */
	enum state *state;
	size_t head, tail, next;
	size_t count;		/* slots in use */
	size_t queued;		/* jobs no worker has taken yet */
	int stop;
	int synced;		/* the mutex and conditions exist */
	pthread_mutex_t mu;
	pthread_cond_t work_cv;	/* a job was queued, or stop */
	pthread_cond_t done_cv;	/* a job finished */
};

static void *
job_at(struct pool *p, size_t i)
{
	return p->jobs + i * p->ops.job_size;
}

static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	struct pool *p = w->p;
	size_t i;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (!p->stop && p->queued == 0)
			pthread_cond_wait(&p->work_cv, &p->mu);
		if (p->queued == 0)
			break;
		i = p->next;
		p->next = (p->next + 1) % p->depth;
		p->queued--;
		p->state[i] = RUNNING;
		pthread_mutex_unlock(&p->mu);
		p->ops.work(job_at(p, i), w->ctx);
		pthread_mutex_lock(&p->mu);
		p->state[i] = FINISHED;
		pthread_cond_broadcast(&p->done_cv);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

int
pool_new(struct pool **out, int nthreads, const struct pool_ops *ops,
    void *const *ctx, void *arg)
{
	struct pool *p;
	int i;

	if ((p = calloc(1, sizeof(*p))) == NULL)
		return -1;
	p->ops = *ops;
	p->arg = arg;
	/* Enough jobs in flight to keep every worker busy while the
	 * oldest one finishes. */
	p->depth = nthreads > 0 ? 4 * (size_t)nthreads : 1;
	p->jobs = calloc(p->depth, ops->job_size);
	p->state = calloc(p->depth, sizeof(*p->state));
	p->w = calloc(nthreads > 0 ? (size_t)nthreads : 1, sizeof(*p->w));
	if (p->jobs == NULL || p->state == NULL || p->w == NULL) {
		pool_free(p);
		return -1;
	}
	if (nthreads == 0) {
		p->w[0].ctx = ctx[0];
		*out = p;
		return 0;
	}
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->work_cv, NULL);
	pthread_cond_init(&p->done_cv, NULL);
	p->synced = 1;
	for (i = 0; i < nthreads; i++) {
		p->w[i].p = p;
		p->w[i].ctx = ctx[i];
		if (pthread_create(&p->w[i].tid, NULL, worker_main,
		    &p->w[i]) != 0) {
			pool_free(p);
			return -1;
		}
		p->nthreads++;
	}
	*out = p;
	return 0;
}

/* Hands the oldest job to `done` once it is finished (threads only). */
static void
retire_one(struct pool *p)
{
	size_t i = p->head;

	pthread_mutex_lock(&p->mu);
	while (p->state[i] != FINISHED)
		pthread_cond_wait(&p->done_cv, &p->mu);
	pthread_mutex_unlock(&p->mu);
	p->ops.done(job_at(p, i), p->arg);
	pthread_mutex_lock(&p->mu);
	p->state[i] = FREE;
	p->head = (p->head + 1) % p->depth;
	p->count--;
	pthread_mutex_unlock(&p->mu);
}

void *
pool_slot(struct pool *p)
{
	if (p->nthreads > 0 && p->count == p->depth)
		retire_one(p);
	return job_at(p, p->tail);
}

void
pool_submit(struct pool *p)
{
	void *job = job_at(p, p->tail);

	if (p->nthreads == 0) {
		p->ops.work(job, p->w[0].ctx);
		p->ops.done(job, p->arg);
		return;
	}
	pthread_mutex_lock(&p->mu);
	p->state[p->tail] = QUEUED;
	p->tail = (p->tail + 1) % p->depth;
	p->count++;
	p->queued++;
	pthread_cond_signal(&p->work_cv);
	pthread_mutex_unlock(&p->mu);
}

void
pool_drain(struct pool *p)
{
	while (p->nthreads > 0 && p->count > 0)
		retire_one(p);
}

void
pool_free(struct pool *p)
{
	size_t i;
	int k;

	if (p == NULL)
		return;
	if (p->nthreads > 0) {
		pool_drain(p);
		pthread_mutex_lock(&p->mu);
		p->stop = 1;
		pthread_cond_broadcast(&p->work_cv);
		pthread_mutex_unlock(&p->mu);
		for (k = 0; k < p->nthreads; k++)
			pthread_join(p->w[k].tid, NULL);
	}
	if (p->synced) {
		pthread_mutex_destroy(&p->mu);
		pthread_cond_destroy(&p->work_cv);
		pthread_cond_destroy(&p->done_cv);
	}
	if (p->jobs != NULL && p->ops.release != NULL)
		for (i = 0; i < p->depth; i++)
			p->ops.release(job_at(p, i));
	free(p->jobs);
	free(p->state);
	free(p->w);
	free(p);
}
