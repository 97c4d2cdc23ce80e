/*
 * Players' names (cmd/games/player.c), as every tool that groups or
 * selects by player compares them: folding (case, accents in UTF-8 and
 * Latin-1, blanks by commas, dots), the players met and the name each is
 * shown by, spelling files and their mistakes, transliteration
 * skeletons and the suggestions of pdn-standings --suggest-aliases.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "player.h"

static const char *
fold(const char *s)
{
	static char buf[PLAYER_MAX];

	player_fold(buf, sizeof(buf), s, strlen(s));
	return buf;
}

static void
test_fold(void **state)
{
	(void)state;
	assert_string_equal(fold("Heusdens, R."), "heusdens,r");
	assert_string_equal(fold("Heusdens,R."), "heusdens,r");
	assert_string_equal(fold("Heusdens ,R"), "heusdens,r");
	assert_string_equal(fold("  Heusdens,   R . "), "heusdens,r");
	assert_string_equal(fold("Ndjofang, J.M."), "ndjofang,j m");
	assert_string_equal(fold("Ndjofang,J. M."), "ndjofang,j m");
	/* UTF-8 and Latin-1 alike. */
	assert_string_equal(fold("G\xc3\xa9rard Jansen"), "gerard jansen");
	assert_string_equal(fold("G\xe9rard Jansen"), "gerard jansen");
	assert_string_equal(fold("GERARD\tJANSEN"), "gerard jansen");
	assert_string_equal(fold("M\xc3\xbcller, \xc3\x9f"), "muller,ss");
	assert_string_equal(fold("M\xfcller"), "muller");
	/* A no-break space is a blank; other letters stay as they are. */
	assert_string_equal(fold("Jan\xc2\xa0" "Ekke"), "jan ekke");
	/* Cyrillic in lower case: "ИВАНОВ, Ё." */
	assert_string_equal(fold("\xd0\x98\xd0\x92\xd0\x90\xd0\x9d\xd0\x9e"
	    "\xd0\x92, \xd0\x81."), "\xd0\xb8\xd0\xb2\xd0\xb0\xd0\xbd\xd0\xbe"
	    "\xd0\xb2,\xd1\x91");
	/* Other letters stay as they are. */
	assert_string_equal(fold("\xce\x91\xe2\x82\xac"), "\xce\x91\xe2\x82\xac");
	assert_string_equal(fold(""), "");
	assert_string_equal(fold(" . "), "");
}

static void
test_fold_text(void **state)
{
	char buf[64];

	(void)state;
	player_fold_text(buf, sizeof(buf), "Caf\xc3\xa9, X.", 9);
	assert_string_equal(buf, "cafe, x.");
	player_fold_text(buf, sizeof(buf), "Caf\xe9", 4);
	assert_string_equal(buf, "cafe");
	/* Truncated to fit. */
	player_fold_text(buf, 4, "ABCDEF", 6);
	assert_string_equal(buf, "abc");
}

static void
test_trim(void **state)
{
	char buf[64];

	(void)state;
	assert_int_equal(player_trim(buf, sizeof(buf), " Sijbrands,  T. ",
	    16), 13);
	assert_string_equal(buf, "Sijbrands, T.");
}

static void
test_roster(void **state)
{
	struct player_roster r;
	long a, b, c, d;

	(void)state;
	player_roster_init(&r, NULL);
	a = player_add(&r, "Gerard Jansen", 13);
	b = player_add(&r, "G\xc3\xa9rard Jansen", 14);
	c = player_add(&r, "Gerard Jansen", 13);
	d = player_add(&r, "Heusdens,R.", 11);
	assert_int_equal(a, 0);
	assert_int_equal(b, 0);
	assert_int_equal(c, 0);
	assert_int_equal(d, 1);
	assert_int_equal(player_add(&r, "Heusdens, R.", 12), 1);
	assert_int_equal(player_count(&r), 2);
	assert_int_equal(player_find(&r, "GERARD JANSEN"), 0);
	assert_int_equal(player_find(&r, "Nobody"), -1);
	/* The most frequent spelling; of equal counts, the first in bytes. */
	assert_string_equal(player_name(&r, 0), "Gerard Jansen");
	assert_string_equal(player_name(&r, 1), "Heusdens, R.");
	assert_null(player_name(&r, 2));
	player_roster_free(&r);
}

/* A spelling file of text, read into *a: its status. */
static int
read_file(struct player_aliases *a, const char *text)
{
	char path[] = "/tmp/test_player.XXXXXX";
	int fd = mkstemp(path), st;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (long)strlen(text));
	close(fd);
	st = player_aliases_read(a, path);
	unlink(path);
	return st;
}

static void
test_aliases(void **state)
{
	struct player_aliases a;
	struct player_roster r;
	long m;

	(void)state;
	assert_int_equal(read_file(&a,
	    "% a comment\n"
	    "@PLAYER\n"
	    "Milshin, V.\n"
	    "= Milsjin,W.\n"
	    "  =Milshin,A\n"
	    "\n"
	    "# another comment\n"
	    "Koifman, I.\n"
	    "=Koyfman,I\n"
	    "Sijbrands,T.\tTon Sijbrands\n"
	    "@EVENT\n"
	    "WK 2003\n"
	    "= World Championship 2003\n"), 0);
	assert_int_equal(a.nblocks, 3);
	assert_string_equal(a.canon[0], "Milshin, V.");
	assert_string_equal(a.canon[2], "Ton Sijbrands");
	player_roster_init(&r, &a);
	m = player_add(&r, "Milsjin, W", 10);
	assert_int_equal(player_add(&r, "Milshin,V.", 10), m);
	assert_int_equal(player_add(&r, "MILSHIN, A.", 11), m);
	assert_true(player_add(&r, "Koyfman, I.", 11) != m);
	m = player_add(&r, "Sijbrands, T", 12);
	assert_int_equal(player_find(&r, "ton sijbrands"), m);
	m = player_find(&r, "milshin,v");
	assert_true(m >= 0);
	/* The block's canonical name, whatever was met. */
	assert_string_equal(player_name(&r, (size_t)m), "Milshin, V.");
	assert_string_equal(player_name(&r, 1), "Koifman, I.");
	/* An event's spellings are no player's. */
	assert_int_equal(player_alias(&a, "wk 2003", 7), -1);
	player_roster_free(&r);
	player_aliases_free(&a);
}

static void
test_aliases_mistakes(void **state)
{
	struct player_aliases a;

	(void)state;
	assert_int_equal(read_file(&a, "= Milsjin,W.\n"), 2);
	player_aliases_free(&a);
	assert_int_equal(read_file(&a, "Milshin\n=\n"), 2);
	player_aliases_free(&a);
	/* One spelling in two blocks. */
	assert_int_equal(read_file(&a, "A, B.\n= C\nD\n= c.\n"), 2);
	player_aliases_free(&a);
	assert_int_equal(read_file(&a, "@PLAYERS\n"), 2);
	player_aliases_free(&a);
	assert_int_equal(read_file(&a, "a\tb\tc\n"), 2);
	player_aliases_free(&a);
	/* A name again goes on with its block. */
	assert_int_equal(read_file(&a, "A\n= B\nC\na\n= D\n"), 0);
	assert_int_equal(a.nblocks, 2);
	assert_int_equal(player_alias(&a, "d", 1), 0);
	player_aliases_free(&a);
	assert_int_equal(player_aliases_read(&a, "/nonexistent/x"), 2);
	player_aliases_free(&a);
}

/* Two calls a check: each its own buffer. */
static const char *
skel(const char *s)
{
	static char buf[2][64];
	static int at;

	at = !at;
	player_skeleton(buf[at], sizeof(buf[at]), s, strlen(s));
	return buf[at];
}

static void
test_skeleton(void **state)
{
	(void)state;
	assert_string_equal(skel("milsjin"), skel("milshin"));
	assert_string_equal(skel("tsjizjow"), skel("chizhov"));
	assert_string_equal(skel("boezjinski"), skel("buzhinski"));
	assert_string_equal(skel("weitsman"), skel("veytsman"));
	assert_string_equal(skel("koyfman"), skel("koifman"));
	assert_string_equal(skel("aleksandrov"), skel("alexandrow"));
	assert_string_equal(skel("getmanskij"), skel("getmanski"));
	assert_string_equal(skel("gantwarg"), skel("gantvarg"));
	assert_string_equal(skel("o'grady"), skel("ogrady"));
	assert_string_not_equal(skel("sijbrands"), skel("jansen"));
	assert_string_not_equal(skel("baljakin"), skel("valneris"));
}

/* The suggestions for the spellings given, NULL-ended, as one string. */
static char *
suggest(const char *const *names)
{
	struct player_roster r;
	char *text = NULL;
	size_t len = 0;
	FILE *fp;

	player_roster_init(&r, NULL);
	for (; *names != NULL; names++)
		assert_true(player_add(&r, *names, strlen(*names)) >= 0);
	fp = open_memstream(&text, &len);
	assert_non_null(fp);
	assert_int_equal(player_suggest(fp, &r), 0);
	fclose(fp);
	player_roster_free(&r);
	return text;
}

static void
test_suggest(void **state)
{
	static const char *const names[] = {
		"M Tinsley", "M Tinsley", "MF Tinsley", "Heusdens,R.",
		"Heusdens, R.", "Heusdens,R.", "Buzhinksi,E.", "Boezjinski,E",
		"Erdenebileg,A.", "Erdenebileg,D.", "Koyfman,I.", "Koifman,I",
		"Jansen,G.", "Jansen,H.", "Jansen", "Sijbrands,T.", NULL
	};
	static const char *const none[] = { "A", "B", NULL };
	static const char *const caps[] = {
		"SIJBRANDS, TON", "SIJBRANDS, TON", "Sijbrands T", "Sijbrands, Theo",
		"Tinsley MF", "M Tinsley", "M Tinsley", "BORGHETTI Michele",
		"MAIJNELLI Michele", "\xd0\x9a\xd0\xbe\xd0\xb3\xd0\xb0\xd0\xbd "
		"\xd0\x9c", "\xd0\xa6\xd0\xb5\xd1\x86 \xd0\x9c.", NULL
	};
	char *t = suggest(names);
	const char *fold_at, *same_at, *trans_at, *swap_at, *other_at;

	(void)state;
	/* Most likely first. */
	fold_at = strstr(t, "Heusdens,R.\n= Heusdens, R.\n");
	same_at = strstr(t, "M Tinsley\n= MF Tinsley\n");
	trans_at = strstr(t, "Koifman,I\n= Koyfman,I.\n");
	swap_at = strstr(t, "Boezjinski,E\n= Buzhinksi,E.\n");
	other_at = strstr(t, "Erdenebileg,A.\n= Erdenebileg,D.\n");
	assert_non_null(fold_at);
	assert_non_null(same_at);
	assert_non_null(trans_at);
	assert_non_null(swap_at);
	assert_non_null(other_at);
	assert_true(fold_at < same_at && same_at < trans_at &&
	    trans_at < swap_at && swap_at < other_at);
	/* The games of each spelling. */
	assert_non_null(strstr(t, "%       2 games: Heusdens,R.\n"
	    "%       1 game:  Heusdens, R.\n"));
	/* "Jansen" goes with one of G. and H., never both in one block. */
	assert_null(strstr(t, "= Jansen,H.\n= Jansen"));
	assert_null(strstr(t, "= Jansen,G.\n= Jansen"));
	assert_null(strstr(t, "Sijbrands"));
	free(t);
	/* A name in capitals: "TON" is a name, not initials T, O, N. */
	t = suggest(caps);
	assert_non_null(strstr(t, "SIJBRANDS, TON\n= Sijbrands T\n"));
	assert_null(strstr(t, "Sijbrands, Theo"));
	/* A name without a comma that ends in initials: surname first. */
	assert_non_null(strstr(t, "M Tinsley\n= Tinsley MF\n"));
	/* The surname in capitals; a Cyrillic initial is no surname. */
	assert_null(strstr(t, "Michele\n="));
	assert_null(strstr(t, "\xd0\x9c\n="));
	assert_null(strstr(t, "\xd0\x9c.\n="));
	free(t);
	t = suggest(none);
	assert_non_null(strstr(t, "% None.\n"));
	free(t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fold),
		cmocka_unit_test(test_fold_text),
		cmocka_unit_test(test_trim),
		cmocka_unit_test(test_roster),
		cmocka_unit_test(test_aliases),
		cmocka_unit_test(test_aliases_mistakes),
		cmocka_unit_test(test_skeleton),
		cmocka_unit_test(test_suggest),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
