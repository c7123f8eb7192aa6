/* Three versions of a CSV file merged the way a person expects: what the
 * editor's copy changed is applied over the file as it is on disk now,
 * when the two changed different lines (or, on one row, different
 * fields); where both changed the same row's same field, or rows that
 * overlap, the merge stops and says which lines of the copy those are.
 * Lines are matched by a longest common subsequence (Myers' O(ND) diff
 * after the common start and end are set aside), so 10^6 rows with a few
 * edits cost a few passes over the bytes. No file access here.
 *
 * The same line matching gives the rows an edit replaced one for one
 * (csv_lines_pairs), which an edit of offers.csv dates as edited. */
#ifndef GPUPLAN_CSVMERGE_H
#define GPUPLAN_CSVMERGE_H

#include <stdbool.h>
#include <stddef.h>

/* A buffer's lines (each with its line end): line i is bytes
 * [at[i], at[i + 1]); at[n] is the buffer's length. */
struct csv_lines {
	const char *buf;
	size_t n;
	size_t *at;
};

bool csv_lines_split(struct csv_lines *l, const char *buf, size_t len);
void csv_lines_free(struct csv_lines *l);

/* For each line of a, the line of b it is matched to, or CSV_NO_LINE. */
#define CSV_NO_LINE ((size_t)-1)
bool csv_lines_match(const struct csv_lines *a, const struct csv_lines *b, size_t *match);

/* Calls pair(ctx, i, j) for each line i of a replaced by line j of b in a
 * change of as many lines on both sides (a row edited in place). */
bool csv_lines_pairs(const struct csv_lines *a, const struct csv_lines *b,
		     void (*pair)(void *ctx, size_t i, size_t j), void *ctx);

#define CSV_MERGE_SHOWN 8

struct csv_merge {
	char *data; /* the merged file (malloc'd), when nconflicts is 0 */
	size_t len;
	size_t nconflicts;
	size_t lines[CSV_MERGE_SHOWN]; /* the first lines of mine that conflict, 1-based */
};

/* base: the file when the copy was made; mine: the copy; theirs: the file
 * now. False only when out of memory. */
bool csv_merge3(const char *base, size_t base_len, const char *mine, size_t mine_len,
		const char *theirs, size_t theirs_len, struct csv_merge *m);
void csv_merge_free(struct csv_merge *m);

#endif
