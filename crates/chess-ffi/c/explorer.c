/* explorer: the opening explorer of a PGN collection, for a position: the
 * moves played from it, how often, how they scored, how strong the
 * players were and when it was last played; then the best-rated games
 * that reached it.
 *
 *   explorer FILE [FEN | MOVE...] [--index PATH]
 *
 *   explorer games.pgn.zst                      the start position
 *   explorer games.pgn e4 c5 Nf3                after 1. e4 c5 2. Nf3
 *   explorer games.pgn "8/8/4k3/8/8/4K3/4P3/8 w - - 0 1"
 *
 * FILE is a .pgn, or compressed (.pgn.zst, .pgn.gz, .pgn.bz2). The first
 * run indexes it (on every core, with progress on stderr); the index is a
 * cache in the user's cache directory (or at --index PATH), used as it is
 * afterwards, so later runs answer at once.
 */
#include <chess.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Progress on stderr while the index builds (`shown`: something was). */
static void on_progress(const ChessDbProgress *p, void *user) {
  int *shown = user;
  if (p->bytes_total > 0 && p->bytes_read < p->bytes_total) {
    *shown = 1;
    fprintf(stderr, "\rindexing: %3u%%, %llu games", (unsigned)(100 * p->bytes_read / p->bytes_total),
            (unsigned long long)p->games);
  }
}

static double percent(uint64_t part, uint64_t whole) { return whole ? 100.0 * (double)part / (double)whole : 0.0; }

static const char *result_text(ChessOutcome result) {
  switch (result) {
    case CHESS_OUTCOME_WHITE_WINS:
      return "1-0";
    case CHESS_OUTCOME_BLACK_WINS:
      return "0-1";
    case CHESS_OUTCOME_DRAW:
      return "1/2-1/2";
    default:
      return "*";
  }
}

/* The position the arguments give: a FEN, or moves from the start. */
static ChessGame *position_of(int count, char **args) {
  if (count == 1 && strchr(args[0], '/') != NULL) {
    ChessGame *game = chess_game_from_fen(args[0]);
    if (game == NULL) fprintf(stderr, "explorer: bad FEN: %s\n", chess_last_error());
    return game;
  }
  ChessGame *game = chess_game_new();
  for (int i = 0; i < count; i++) {
    if (chess_game_play_san(game, args[i]) != CHESS_OK) {
      fprintf(stderr, "explorer: %s\n", chess_last_error());
      chess_game_free(game);
      return NULL;
    }
  }
  return game;
}

int main(int argc, char **argv) {
  const char *file = NULL, *index = NULL;
  char **rest = calloc((size_t)argc, sizeof *rest);
  int count = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--index") == 0 && i + 1 < argc) {
      index = argv[++i];
    } else if (file == NULL) {
      file = argv[i];
    } else {
      rest[count++] = argv[i];
    }
  }
  if (file == NULL) {
    fprintf(stderr, "usage: explorer FILE [FEN | MOVE...] [--index PATH]\n");
    free(rest);
    return 2;
  }
  ChessGame *game = position_of(count, rest);
  free(rest);
  if (game == NULL) return 2;

  int shown = 0;
  ChessDb *db = chess_db_open(file, index, on_progress, &shown, NULL);
  if (shown) fprintf(stderr, "\r%*s\r", 40, "");
  if (db == NULL) {
    fprintf(stderr, "explorer: %s\n", chess_last_error());
    chess_game_free(game);
    return 1;
  }
  const ChessPosition *pos = chess_game_position(game);
  char fen[CHESS_MAX_FEN_LENGTH + 1];
  chess_position_to_fen(pos, fen, sizeof fen);
  printf("%s: %llu games (%llu unreadable)\n", file, (unsigned long long)chess_db_game_count(db),
         (unsigned long long)chess_db_unreadable_count(db));
  printf("position: %s\n", fen);

  ChessDbExplorer *ex = chess_db_explore(db, pos, NULL);
  if (ex == NULL) {
    fprintf(stderr, "explorer: %s\n", chess_last_error());
    chess_db_free(db);
    chess_game_free(game);
    return 1;
  }
  uint64_t white, draws, black;
  uint64_t games = chess_db_explorer_games(ex, &white, &draws, &black);
  printf("%llu games: White %.1f%%, draws %.1f%%, Black %.1f%%\n\n", (unsigned long long)games,
         percent(white, games), percent(draws, games), percent(black, games));

  printf("%-8s %8s %7s %7s %7s %8s %5s\n", "move", "games", "white", "draws", "black", "avg-elo", "last");
  for (size_t i = 0, n = chess_db_explorer_move_count(ex); i < n; i++) {
    ChessDbMoveStats row;
    char san[CHESS_MAX_MOVE_TEXT_LENGTH + 1];
    chess_db_explorer_move(ex, i, &row);
    chess_db_explorer_move_san(ex, i, san, sizeof san);
    printf("%-8s %8llu %6.1f%% %6.1f%% %6.1f%% ", san, (unsigned long long)row.games, percent(row.white, row.games),
           percent(row.draws, row.games), percent(row.black, row.games));
    if (row.average_elo) printf("%8u ", row.average_elo); else printf("%8s ", "-");
    if (row.last_year) printf("%5u\n", row.last_year); else printf("%5s\n", "-");
  }

  size_t top = chess_db_explorer_top_count(ex);
  if (top > 0) printf("\ntop games:\n");
  for (size_t i = 0; i < top; i++) {
    ChessDbTopGame g;
    char w[64], b[64];
    chess_db_explorer_top(ex, i, &g);
    chess_db_explorer_top_white(ex, i, w, sizeof w);
    chess_db_explorer_top_black(ex, i, b, sizeof b);
    printf("%8llu  %s (%u) - %s (%u)  %s", (unsigned long long)g.game, w, g.white_elo, b, g.black_elo,
           result_text(g.result));
    if (g.year) printf("  %u", g.year);
    printf("\n");
  }

  chess_db_explorer_free(ex);
  chess_db_free(db);
  chess_game_free(game);
  return 0;
}
