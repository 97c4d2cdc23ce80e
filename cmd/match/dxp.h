/*
 * The DamExchange protocol's messages (DXP; pdn-match(1)): the game
 * request, its acceptance, moves, the game's end, take-back answers.
 * Each message is 1 to 127 ASCII characters; on the wire a NUL byte
 * ends it.  Shared by pdn-match and the test engine of tests/dxp/.
 * Private to the tools.
 */
#ifndef MATCH_DXP_H
#define MATCH_DXP_H

#include <stddef.h>

#include <pdn/pdn.h>

/* The longest message, its NUL not counted. */
#define DXP_MSG_MAX	127
/* Enough for any message and its NUL. */
#define DXP_MSG_LEN	(DXP_MSG_MAX + 1)
/* A name in a request or an acceptance: 32 characters, blank padded. */
#define DXP_NAME_LEN	32

/* A game request (R). */
struct dxp_req {
	char name[DXP_NAME_LEN + 1];	/* the initiator's, trimmed */
	pdn_colour follower;	/* the colour the follower plays */
	int minutes, moves;	/* minutes for that many moves (0: all) */
	int setup;		/* 1: pos below, 0: the start position */
	pdn_position pos;
};

/*
 * Writes the game request of r into buf (DXP_MSG_LEN bytes): "R01",
 * the name, the follower's colour W or Z, minutes and moves (three
 * digits each, clamped to 0..999), then "A" for the start position or
 * "B", the side to move and the 50 squares (e empty, w z men, W Z
 * kings).
 */
void dxp_req_str(char *buf, const struct dxp_req *r);

/* Reads a game request.  Returns 0, or -1 when msg is none. */
int dxp_req_read(struct dxp_req *r, const char *msg);

/*
 * Writes an acceptance: "A", the name, then the code (0 yes, 1 not this
 * version, 2 not this game, 3 no more games).
 */
void dxp_acc_str(char *buf, const char *name, int code);

/*
 * Reads an acceptance: its name (blanks trimmed) into name
 * (DXP_NAME_LEN + 1 bytes) and its code.  Returns 0, or -1.
 */
int dxp_acc_read(char *name, int *code, const char *msg);

/*
 * Writes move m after `seconds` of thought: "M", the seconds (four
 * digits, clamped), from, to, the number of pieces captured and each
 * captured square, two digits each.
 */
void dxp_move_str(char *buf, const pdn_move *m, double seconds);

/*
 * The move of a move message as the Hub notation writes it ("6-11",
 * "28x19x23") into hub (HUB_MOVE_LEN bytes), for hub_move_find(), and
 * the seconds the sender says it used into *seconds (may be NULL).
 * Returns 0, or -1 when msg is no move message.
 */
int dxp_move_hub(char *hub, size_t size, const char *msg, int *seconds);

/* Writes a game end: "E", the reason (0 none, 1 I resign, 2 draw, 3 I
 * win), then 0 (more games) or 1 (stop). */
void dxp_end_str(char *buf, int reason, int stop);

/* Reads a game end.  Returns 0, or -1. */
int dxp_end_read(const char *msg, int *reason, int *stop);

#endif /* MATCH_DXP_H */
