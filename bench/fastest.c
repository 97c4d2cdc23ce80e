/*
 * fastest N OUT ERR COMMAND [ARG ...]: runs COMMAND N times, its standard
 * output to OUT and its standard error to ERR (each run's own), and
 * prints the wall time of the fastest run, from fork() to wait(), in
 * microseconds, and the last run's exit status: "US STATUS".  For the
 * times of whole commands of a few milliseconds (bench/70-find.sh), which
 * date(1) before and after would measure with its own start.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long
now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

int
main(int argc, char **argv)
{
	long long best = -1, t0, t;
	int n, i, st = 0, fd;
	pid_t pid;

	if (argc < 5 || (n = atoi(argv[1])) < 1) {
		fprintf(stderr, "usage: fastest N OUT ERR COMMAND [ARG ...]\n");
		return 2;
	}
	for (i = 0; i < n; i++) {
		t0 = now_us();
		if ((pid = fork()) < 0) {
			perror("fork");
			return 2;
		}
		if (pid == 0) {
			if ((fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC,
			    0666)) < 0 || dup2(fd, 1) < 0 || (fd = open(argv[3],
			    O_WRONLY | O_CREAT | O_TRUNC, 0666)) < 0 ||
			    dup2(fd, 2) < 0)
				_exit(127);
			execvp(argv[4], argv + 4);
			_exit(127);
		}
		if (waitpid(pid, &st, 0) < 0) {
			perror("waitpid");
			return 2;
		}
		t = now_us() - t0;
		if (best < 0 || t < best)
			best = t;
	}
	printf("%lld %d\n", best, WIFEXITED(st) ? WEXITSTATUS(st) : 128);
	return 0;
}
