/* libchess from C: the traps a C programmer falls into stay closed, and the
 * API C users reach for works. Built and run (also under valgrind) by
 * tests/tests/c_library.rs; exits 0 when every check passes. */
#define _POSIX_C_SOURCE 200809L /* setenv, mkdir, rmdir, opendir */
#include <chess.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>   /* the test's cache folder, emptied */
#include <sys/stat.h> /* mkdir */
#include <unistd.h>   /* rmdir */

static int failures = 0;

#define CHECK(cond)                                                          \
  do {                                                                       \
    if (!(cond)) {                                                           \
      fprintf(stderr, "%s:%d: check failed: %s (last error: %s)\n", __FILE__, \
              __LINE__, #cond, chess_last_error());                          \
      failures++;                                                            \
    }                                                                        \
  } while (0)

#define CHECK_STR(got, want)                                                        \
  do {                                                                              \
    if (strcmp((got), (want)) != 0) {                                               \
      fprintf(stderr, "%s:%d: got \"%s\", want \"%s\"\n", __FILE__, __LINE__, (got), \
              (want));                                                              \
      failures++;                                                                   \
    }                                                                               \
  } while (0)

/* ---- traps ---------------------------------------------------------------- */

static void last_error_outlives_the_next_failure(void) {
  ChessGame *g = chess_game_new();
  char line[512];
  /* C may evaluate either argument first: the pointer read before the
     failure must still be readable after it (valgrind checks the reads). */
  snprintf(line, sizeof line, "%d %s", chess_game_play_san(g, "Ke3"), chess_last_error());
  CHECK(strncmp(line, "-3 ", 3) == 0);
  const char *before = chess_last_error();
  CHECK(chess_game_play_san(g, "Qh5") == CHESS_ERR_ILLEGAL_MOVE);
  CHECK(strstr(before, "Qh5") != NULL); /* the same buffer, the newer message */
  CHECK(chess_position_from_fen("not a fen") == NULL);
  CHECK(strlen(before) > 0);
  chess_game_free(g);
}

static void failed_string_functions_write_an_empty_string(void) {
  char buf[32];
  ChessGame *g = chess_game_new();
  ChessPosition *pos = chess_position_new();
  ChessMove illegal = {12, 36, CHESS_NO_PIECE, 0}; /* e2e5 */

  memset(buf, 'x', sizeof buf);
  CHECK(chess_game_tag(g, "Nope", buf, sizeof buf) == 0);
  CHECK_STR(buf, "");
  memset(buf, 'x', sizeof buf);
  CHECK(chess_position_move_to_san(pos, illegal, buf, sizeof buf) == 0);
  CHECK_STR(buf, "");
  memset(buf, 'x', sizeof buf);
  CHECK(chess_position_to_fen(NULL, buf, sizeof buf) == 0);
  CHECK_STR(buf, "");
  memset(buf, 'x', sizeof buf);
  CHECK(chess_game_san_at(g, 0, buf, sizeof buf) == 0);
  CHECK_STR(buf, "");
  memset(buf, 'x', sizeof buf);
  CHECK(chess_square_name(64, buf, sizeof buf) == 0);
  CHECK_STR(buf, "");
  memset(buf, 'x', sizeof buf);
  CHECK(chess_game_tag_name_at(g, 99, buf, sizeof buf) == 0);
  CHECK_STR(buf, "");
  chess_position_free(pos);
  chess_game_free(g);
}

static void indexes_are_checked_before_arithmetic(void) {
  ChessGame *g = chess_game_new();
  ChessMove m;
  char buf[8];
  CHECK(chess_game_play_san(g, "e4") == CHESS_OK);
  CHECK(chess_game_move_at(g, SIZE_MAX, &m) == CHESS_ERR_INVALID_ARG);
  CHECK(chess_game_move_at(g, SIZE_MAX - 1, &m) == CHESS_ERR_INVALID_ARG);
  CHECK(chess_game_move_at(g, 1, &m) == CHESS_ERR_INVALID_ARG);
  CHECK(chess_game_move_at(g, 0, &m) == CHESS_OK && m.from == 12 && m.to == 28);
  CHECK(chess_game_san_at(g, SIZE_MAX, buf, sizeof buf) == 0);
  CHECK(chess_game_warning_at(g, SIZE_MAX, NULL, NULL, buf, sizeof buf) == 0);
  CHECK(chess_game_tag_value_at(g, SIZE_MAX, buf, sizeof buf) == 0);
  CHECK(chess_game_node_child(g, 0, SIZE_MAX) == CHESS_NO_NODE);
  CHECK(chess_game_node_parent(g, UINT32_MAX) == CHESS_NO_NODE);
  chess_game_free(g);
}

static void null_and_bad_colours_are_errors(void) {
  ChessGame *g = chess_game_new();
  CHECK(chess_game_play_san(g, "e4") == CHESS_OK); /* leaves the last error as it was */
  CHECK(chess_position_turn(NULL) == CHESS_WHITE);
  CHECK_STR(chess_last_error(), "the position is NULL");
  CHECK(chess_game_resign(g, (ChessColor)7) == CHESS_ERR_INVALID_ARG);
  CHECK(chess_game_outcome(g) == CHESS_OUTCOME_ONGOING);
  CHECK(chess_game_resign(g, CHESS_BLACK) == CHESS_OK);
  CHECK(chess_game_outcome(g) == CHESS_OUTCOME_WHITE_WINS);
  chess_game_free(g);
}

static void a_result_tag_is_the_result(void) {
  ChessGame *g = chess_game_new();
  char pgn[512], buf[16];
  CHECK(chess_game_play_san(g, "e4") == CHESS_OK);
  CHECK(chess_game_set_tag(g, "Result", "1-0") == CHESS_OK);
  CHECK(chess_game_outcome(g) == CHESS_OUTCOME_WHITE_WINS);
  chess_game_to_pgn(g, pgn, sizeof pgn);
  CHECK(strstr(pgn, "[Result \"1-0\"]") != NULL);
  CHECK(strstr(pgn, "1. e4 1-0") != NULL);
  chess_game_tag(g, "Result", buf, sizeof buf);
  CHECK_STR(buf, "1-0");
  CHECK(chess_game_set_tag(g, "Result", "*") == CHESS_OK);
  CHECK(chess_game_outcome(g) == CHESS_OUTCOME_ONGOING);
  CHECK(chess_game_set_tag(g, "Result", "2-0") == CHESS_ERR_INVALID_ARG);
  /* The start position is the game's, not a tag's. */
  CHECK(chess_game_set_tag(g, "FEN", "8/8/8/8/8/8/8/K6k w - - 0 1") == CHESS_ERR_INVALID_ARG);
  chess_game_free(g);
  /* Checkmate decides: a contradicting result is refused. */
  g = chess_game_new();
  const char *mate[] = {"f3", "e5", "g4", "Qh4#"};
  for (int i = 0; i < 4; i++) CHECK(chess_game_play_san(g, mate[i]) == CHESS_OK);
  CHECK(chess_game_set_tag(g, "Result", "1-0") == CHESS_ERR_INVALID_ARG);
  CHECK(chess_game_set_tag(g, "Result", "0-1") == CHESS_OK);
  chess_game_free(g);
  /* A "*" tag and a 0-1 marker: read as 0-1, and written back as 0-1, so
     a game read, written and read again keeps its result. */
  g = chess_game_from_pgn("[Event \"x\"]\n[Result \"*\"]\n\n1. e4 e5 0-1\n");
  CHECK(g != NULL && chess_game_outcome(g) == CHESS_OUTCOME_BLACK_WINS);
  chess_game_to_pgn(g, pgn, sizeof pgn);
  CHECK(strstr(pgn, "[Result \"0-1\"]") != NULL && strstr(pgn, "1. e4 e5 0-1") != NULL);
  chess_game_free(g);
  g = chess_game_from_pgn(pgn);
  CHECK(g != NULL && chess_game_outcome(g) == CHESS_OUTCOME_BLACK_WINS);
  chess_game_free(g);
}

/* ---- the API C users reach for --------------------------------------------- */

static void squares_by_name(void) {
  char buf[3];
  CHECK(chess_square_from_name("e4") == 28);
  CHECK(chess_square_from_name("a1") == 0);
  CHECK(chess_square_from_name("h8") == 63);
  CHECK(chess_square_from_name("i9") == 0xFF);
  CHECK(chess_square_from_name(NULL) == 0xFF);
  CHECK(chess_square_name(28, buf, sizeof buf) == 2);
  CHECK_STR(buf, "e4");
  CHECK(chess_square_name(63, buf, sizeof buf) == 2);
  CHECK_STR(buf, "h8");
}

static void pieces_by_name(void) {
  ChessPosition *pos = chess_position_new();
  uint8_t p = chess_position_piece_at(pos, chess_square_from_name("d8"));
  ChessPieceKind kind = CHESS_PIECE_KIND(p);
  CHECK(kind == CHESS_QUEEN);
  CHECK(CHESS_PIECE_COLOR(p) == CHESS_BLACK);
  p = chess_position_piece_at(pos, chess_square_from_name("g1"));
  CHECK(CHESS_PIECE_KIND(p) == CHESS_KNIGHT && CHESS_PIECE_COLOR(p) == CHESS_WHITE);
  CHECK(CHESS_PIECE_KIND(chess_position_piece_at(pos, 28)) == CHESS_NO_PIECE);
  chess_position_free(pos);
}

static void every_tag_listed(void) {
  ChessGame *g = chess_game_from_pgn(
      "[Event \"Club\"]\n[Site \"Here\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"1/2-1/2\"]\n"
      "[ECO \"C20\"]\n\n1. e4 e5 1/2-1/2\n");
  char name[32], value[32];
  CHECK(g != NULL);
  size_t n = chess_game_tag_count(g);
  CHECK(n == 6);
  int seen_eco = 0;
  for (size_t i = 0; i < n; i++) {
    CHECK(chess_game_tag_name_at(g, i, name, sizeof name) > 0);
    chess_game_tag_value_at(g, i, value, sizeof value);
    if (strcmp(name, "ECO") == 0) seen_eco = strcmp(value, "C20") == 0;
    if (strcmp(name, "Result") == 0) CHECK_STR(value, "1/2-1/2");
  }
  CHECK(seen_eco);
  chess_game_free(g);
}

static void the_game_tree(void) {
  const char *pgn =
      "[Event \"Tree\"]\n\n"
      "{ Before } 1. e4 { [%clk 0:03:00] best } ( 1. d4 $1 { [%clk 0:02:59] } d5 ) "
      "1... e5 $2 { [%clk 0:02:58.5] } 2. Nf3 *\n";
  ChessGame *g = chess_game_from_pgn(pgn);
  char buf[64];
  uint64_t ms = 0;
  uint8_t nags[4];
  CHECK(g != NULL);
  ChessNode root = 0;
  chess_game_node_comment(g, root, buf, sizeof buf);
  CHECK_STR(buf, "Before");
  CHECK(chess_game_node_parent(g, root) == CHESS_NO_NODE);
  CHECK(chess_game_node_child_count(g, root) == 2);
  ChessNode e4 = chess_game_node_child(g, root, 0);
  ChessNode d4 = chess_game_node_child(g, root, 1);
  chess_game_node_san(g, e4, buf, sizeof buf);
  CHECK_STR(buf, "e4");
  chess_game_node_san(g, d4, buf, sizeof buf);
  CHECK_STR(buf, "d4");
  CHECK(chess_game_node_parent(g, d4) == root);
  CHECK(chess_game_node_clock(g, e4, &ms) && ms == 180000);
  CHECK(chess_game_node_clock(g, d4, &ms) && ms == 179000);
  CHECK(chess_game_node_nags(g, d4, nags, sizeof nags) == 1 && nags[0] == 1);
  ChessNode e5 = chess_game_node_child(g, e4, 0);
  CHECK(chess_game_node_clock(g, e5, &ms) && ms == 178500);
  CHECK(chess_game_node_nags(g, e5, NULL, 0) == 1);
  CHECK(chess_game_node_ply(g, e5) == 2);
  ChessNode nf3 = chess_game_node_child(g, e5, 0);
  CHECK(!chess_game_node_clock(g, nf3, &ms));
  CHECK(chess_game_current_node(g) == nf3);
  ChessMove m;
  CHECK(chess_game_node_move(g, nf3, &m) == CHESS_OK && m.from == 6 && m.to == 21);
  CHECK(chess_game_node_move(g, root, &m) == CHESS_ERR_INVALID_ARG);
  /* The position of a node, borrowed from the game. */
  const ChessPosition *after_d4 = chess_game_node_position(g, d4);
  CHECK(after_d4 != NULL && chess_position_turn(after_d4) == CHESS_BLACK);
  CHECK(chess_position_piece_at(after_d4, 27) != 0);

  /* Editing: a new variation after 1. e4, a comment, a NAG; then it is
     promoted to the main line and written back. */
  ChessMove c5;
  CHECK(chess_position_parse_san(chess_game_node_position(g, e4), "c5", &c5) == CHESS_OK);
  ChessNode sicilian = CHESS_NO_NODE;
  CHECK(chess_game_node_add_move(g, e4, c5, &sicilian) == CHESS_OK);
  CHECK(chess_game_node_child_count(g, e4) == 2);
  CHECK(chess_game_current_node(g) == nf3); /* adding does not move */
  CHECK(chess_game_node_set_comment(g, sicilian, "sharper") == CHESS_OK);
  CHECK(chess_game_node_set_comment(g, sicilian, "a } b") == CHESS_ERR_INVALID_ARG);
  CHECK(chess_game_node_add_nag(g, sicilian, 5) == CHESS_OK);
  CHECK(chess_game_node_add_nag(g, sicilian, 0) == CHESS_ERR_INVALID_ARG);
  size_t len = chess_game_to_pgn(g, NULL, 0);
  char *out = malloc(len + 1);
  chess_game_to_pgn(g, out, len + 1);
  CHECK(strstr(out, "{sharper}") != NULL);
  CHECK(strstr(out, "(1. d4 $1") != NULL);
  /* Read back, the variation is there with its notes. */
  ChessGame *back = chess_game_from_pgn(out);
  free(out);
  CHECK(back != NULL && chess_game_node_child_count(back, chess_game_node_child(back, 0, 0)) == 2);
  ChessNode c5_back = chess_game_node_child(back, chess_game_node_child(back, 0, 0), 1);
  CHECK(chess_game_node_nags(back, c5_back, nags, sizeof nags) == 1 && nags[0] == 5);
  chess_game_node_comment(back, c5_back, buf, sizeof buf);
  CHECK_STR(buf, "sharper");
  chess_game_free(back);
  CHECK(chess_game_node_promote(g, sicilian) == CHESS_OK);
  CHECK(chess_game_node_child(g, e4, 0) == sicilian);
  /* Playing from another node: go there, play, the line follows. */
  CHECK(chess_game_go_to(g, d4) == CHESS_OK);
  CHECK(chess_game_move_count(g) == 1);
  CHECK(chess_game_play_san(g, "d5") == CHESS_OK);         /* follows the existing child */
  CHECK(chess_game_node_child_count(g, d4) == 1);
  CHECK(chess_game_play_san(g, "c4") == CHESS_OK);         /* adds a move */
  CHECK(chess_game_move_count(g) == 3);
  /* Deleting the current line moves the current position back. */
  ChessNode d5 = chess_game_node_child(g, d4, 0);
  CHECK(chess_game_node_delete(g, d5) == CHESS_OK);
  CHECK(chess_game_current_node(g) == d4);
  CHECK(chess_game_node_delete(g, root) == CHESS_ERR_INVALID_ARG);
  CHECK(chess_game_node_san(g, d5, buf, sizeof buf) == 0); /* gone */
  chess_game_free(g);
}

static void attacks(void) {
  /* Black to move, in check from the rook on e2; the knight on d7 is
     pinned by the bishop on b5. */
  ChessPosition *pos = chess_position_from_fen("4k3/3n4/8/1B6/8/8/4R3/4K3 b - - 0 1");
  uint8_t squares[8];
  CHECK(pos != NULL);
  CHECK(chess_position_checkers(pos, squares, 8) == 1 && squares[0] == chess_square_from_name("e2"));
  CHECK(chess_position_pinned(pos, squares, 8) == 1 && squares[0] == chess_square_from_name("d7"));
  /* Who attacks f6: the knight on d7 (pinned, still attacking). */
  CHECK(chess_position_attackers(pos, chess_square_from_name("f6"), CHESS_BLACK, squares, 8) == 1);
  CHECK(squares[0] == chess_square_from_name("d7"));
  CHECK(chess_position_attackers(pos, chess_square_from_name("e5"), CHESS_WHITE, squares, 8) == 1);
  CHECK(squares[0] == chess_square_from_name("e2"));
  CHECK(chess_position_attackers(pos, 64, CHESS_WHITE, squares, 8) == 0);
  CHECK(chess_position_attackers(pos, 0, (ChessColor)2, squares, 8) == 0);
  chess_position_free(pos);
}

struct progress {
  int calls;
  uint32_t deepest;
  uint32_t lines_at_depth_3;
  ChessEngine *engine;
  uint32_t stop_at;
};

static void on_info(const ChessSearchInfo *info, void *user_data) {
  struct progress *p = user_data;
  p->calls++;
  if (info->depth > p->deepest) p->deepest = info->depth;
  if (info->depth == 3) p->lines_at_depth_3++;
  if (p->stop_at && info->depth >= p->stop_at) chess_engine_stop(p->engine);
}

static void the_engine_reports_as_it_thinks(void) {
  ChessEngine *engine = chess_engine_new(16);
  CHECK(engine != NULL);
  CHECK(chess_engine_new(0) == NULL);
  /* Mate in one: Qxf7#. */
  ChessPosition *pos =
      chess_position_from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
  ChessSearchLimits limits = {0};
  limits.depth = 4;
  limits.multipv = 3;
  struct progress progress = {0};
  ChessSearchInfo best;
  CHECK(chess_engine_search(engine, pos, &limits, on_info, &progress, &best) == CHESS_OK);
  CHECK(progress.deepest == 4);
  CHECK(progress.lines_at_depth_3 == 3); /* MultiPV */
  CHECK(best.mate == 1);
  CHECK(best.pv_length >= 1 && best.pv[0].from == 39 && best.pv[0].to == 53);
  char uci[8];
  chess_move_to_uci(best.pv[0], uci, sizeof uci);
  CHECK_STR(uci, "h5f7");

  /* No limit: the callback stops it. */
  ChessPosition *start = chess_position_new();
  struct progress stopper = {0};
  stopper.engine = engine;
  stopper.stop_at = 3;
  CHECK(chess_engine_search(engine, start, NULL, on_info, &stopper, &best) == CHESS_OK);
  CHECK(stopper.deepest >= 3 && stopper.deepest <= 4);
  CHECK(chess_position_is_legal(start, best.pv[0]));
  chess_engine_stop(NULL); /* does nothing */
  CHECK(chess_engine_new_game(engine) == CHESS_OK);

  /* Checkmated: nothing to search. */
  ChessPosition *mated = chess_position_from_fen("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
  CHECK(mated != NULL);
  chess_position_free(mated);
  mated = chess_position_from_fen("R3k3/8/4K3/8/8/8/8/8 b - - 0 1");
  CHECK(chess_engine_search(engine, mated, &limits, NULL, NULL, NULL) == CHESS_ERR_INVALID_ARG);
  chess_position_free(mated);
  chess_position_free(start);
  chess_position_free(pos);
  chess_engine_free(engine);
  chess_engine_free(NULL);
}

static void games_copied_and_made_from_positions(void) {
  ChessGame *g = chess_game_new();
  CHECK(chess_game_play_san(g, "e4") == CHESS_OK);
  CHECK(chess_game_set_tag(g, "White", "Ann") == CHESS_OK);
  ChessGame *copy = chess_game_clone(g);
  CHECK(copy != NULL && chess_game_move_count(copy) == 1);
  CHECK(chess_game_play_san(copy, "e5") == CHESS_OK);
  CHECK(chess_game_move_count(g) == 1); /* the original is untouched */
  char buf[16];
  chess_game_tag(copy, "White", buf, sizeof buf);
  CHECK_STR(buf, "Ann");
  ChessGame *from = chess_game_from_position(chess_game_position(copy));
  CHECK(from != NULL && chess_game_move_count(from) == 0);
  CHECK(chess_position_turn(chess_game_position(from)) == CHESS_WHITE);
  CHECK(chess_game_play_san(from, "Nf3") == CHESS_OK);
  CHECK(chess_game_clone(NULL) == NULL && chess_game_from_position(NULL) == NULL);
  chess_game_free(from);
  chess_game_free(copy);
  chess_game_free(g);
}

static void chess960(void) {
  /* Start 0 is BBQNNRKR; 518 the normal start; 960 does not exist. */
  ChessPosition *pos = chess_position_new_960(0);
  char fen[CHESS_MAX_FEN_LENGTH + 1];
  CHECK(pos != NULL && chess_position_is_960(pos));
  chess_position_to_fen(pos, fen, sizeof fen);
  CHECK_STR(fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  CHECK(chess_position_perft(pos, 3) == 9006); /* as shakmaty counts it */
  chess_position_free(pos);
  CHECK(chess_position_new_960(960) == NULL);
  CHECK(!chess_position_is_960(NULL));

  /* Castling is the king onto its own rook: b1 king, a1 rook, O-O-O. */
  pos = chess_position_from_fen_960("rk6/8/8/8/8/8/8/RK6 w Aa - 0 1");
  CHECK(pos != NULL);
  ChessMove castle;
  CHECK(chess_position_parse_san(pos, "O-O-O", &castle) == CHESS_OK);
  CHECK(castle.from == 1 && castle.to == 0 && (castle.flags & CHESS_MOVE_CASTLE));
  char uci[8];
  chess_move_to_uci(castle, uci, sizeof uci);
  CHECK_STR(uci, "b1a1");
  ChessMove parsed;
  CHECK(chess_position_parse_uci(pos, "b1a1", &parsed) == CHESS_OK && parsed.to == 0);
  CHECK(chess_position_play(pos, castle) == CHESS_OK);
  chess_position_to_fen(pos, fen, sizeof fen);
  CHECK_STR(fen, "rk6/8/8/8/8/8/8/2KR4 b q - 1 1");
  chess_position_free(pos);
  /* Standard FEN reading stays standard. */
  CHECK(chess_position_from_fen("rk6/8/8/8/8/8/8/RK6 w Aa - 0 1") == NULL);

  /* A game keeps the variant, in PGN too. */
  ChessGame *game = chess_game_new_960(518);
  CHECK(game != NULL);
  const char *moves[] = {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"};
  for (int i = 0; i < 7; i++) CHECK(chess_game_play_san(game, moves[i]) == CHESS_OK);
  ChessMove last;
  CHECK(chess_game_move_at(game, 6, &last) == CHESS_OK && last.from == 4 && last.to == 7);
  size_t len = chess_game_to_pgn(game, NULL, 0);
  char *pgn = malloc(len + 1);
  chess_game_to_pgn(game, pgn, len + 1);
  CHECK(strstr(pgn, "[Variant \"Chess960\"]") != NULL);
  ChessGame *back = chess_game_from_pgn(pgn);
  free(pgn);
  CHECK(back != NULL && chess_position_is_960(chess_game_position(back)));
  CHECK(chess_game_move_count(back) == 7);
  chess_game_free(back);
  chess_game_free(game);
}

/* A Polyglot entry: big-endian key, move, weight, learn. */
static void put_entry(FILE *f, uint64_t key, uint16_t move, uint16_t weight) {
  unsigned char b[16] = {0};
  for (int i = 0; i < 8; i++) b[i] = (unsigned char)(key >> (56 - 8 * i));
  b[8] = (unsigned char)(move >> 8);
  b[9] = (unsigned char)move;
  b[10] = (unsigned char)(weight >> 8);
  b[11] = (unsigned char)weight;
  fwrite(b, 1, sizeof b, f);
}

static void books_and_opening_names(void) {
  const char *path = "api_test_book.bin";
  FILE *f = fopen(path, "wb");
  CHECK(f != NULL);
  /* The start position's Polyglot key; moves as to | from << 6. */
  put_entry(f, 0x463b96181691fc9cULL, 27 | 11 << 6, 10); /* d2d4 */
  put_entry(f, 0x463b96181691fc9cULL, 28 | 12 << 6, 30); /* e2e4 */
  fclose(f);
  ChessBook *book = chess_book_open(path);
  CHECK(book != NULL);
  ChessPosition *pos = chess_position_new();
  ChessBookEntry entries[8];
  CHECK(chess_book_entries(book, pos, entries, 8) == 2);
  CHECK(entries[0].move.from == 12 && entries[0].move.to == 28 && entries[0].weight == 30);
  CHECK(entries[1].move.to == 27 && entries[1].weight == 10);
  CHECK(chess_book_entries(book, pos, NULL, 0) == 2);
  chess_book_free(book);
  chess_book_free(NULL);

  /* Cut short: refused, saying why. */
  f = fopen(path, "ab");
  fputc(0, f);
  fclose(f);
  CHECK(chess_book_open(path) == NULL);
  CHECK(strstr(chess_last_error(), "cut short") != NULL);
  remove(path);
  CHECK(chess_book_open("/no/such/book.bin") == NULL);

  /* Opening names. */
  char eco[8], name[128];
  CHECK(chess_position_opening(pos, eco, sizeof eco, name, sizeof name) == 0);
  CHECK_STR(eco, "");
  CHECK_STR(name, "");
  ChessGame *g = chess_game_new();
  const char *ruy[] = {"e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6"};
  for (int i = 0; i < 6; i++) CHECK(chess_game_play_san(g, ruy[i]) == CHESS_OK);
  CHECK(chess_position_opening(chess_game_position(g), eco, sizeof eco, name, sizeof name) > 0);
  CHECK_STR(eco, "C65");
  CHECK_STR(name, "Ruy Lopez: Berlin Defense");
  chess_game_free(g);
  chess_position_free(pos);
}

/* ---- game collections ------------------------------------------------------ */

static const char *COLLECTION =
    "[Event \"Rated blitz\"]\n[White \"Carlsen\"]\n[Black \"Nakamura\"]\n[WhiteElo \"2850\"]\n"
    "[BlackElo \"2800\"]\n[Date \"2024.03.05\"]\n[ECO \"C20\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    "[Event \"Club\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Date \"2019.??.??\"]\n[Result \"1/2-1/2\"]\n\n"
    "1. e4 c5 2. Nf3 d6 1/2-1/2\n\n"
    "[Event \"Broken\"]\n\n1. e4 e5 2. Ke3 *\n\n"
    "[Event \"Endgame\"]\n[White \"Nakamura\"]\n[Black \"Ann\"]\n[FEN \"4k2r/8/8/8/8/8/R7/4K3 w - - 0 1\"]\n"
    "[SetUp \"1\"]\n[Result \"0-1\"]\n\n1. Ra8+ Kd7 2. Ra7+ Kc6 0-1\n";

static int progress_calls = 0;

static void on_progress(const ChessDbProgress *p, void *user) {
  progress_calls++;
  CHECK(p != NULL && p->bytes_read <= p->bytes_total);
  if (user != NULL) *(int32_t *)user = 1; /* cancel from the callback */
}

static void write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  CHECK(f != NULL);
  fputs(text, f);
  fclose(f);
}

/* `after_e4`: the position after 1. e4, which games 1 and 2 of COLLECTION
   reach. */
static void folder_collections(const ChessPosition *after_e4) {
  mkdir("api_test_folder", 0700);
  write_file("api_test_folder/a.pgn", COLLECTION);
  write_file("api_test_folder/b.pgn", COLLECTION);
  /* The folder's indexes in a cache of the test's own. */
  setenv("CHESS_DB_CACHE", "api_test_cache", 1);
  CHECK(chess_db_open("api_test_folder", "one.sqlite", NULL, NULL, NULL) == NULL); /* no one index for many files */
  ChessDb *db = chess_db_open("api_test_folder", NULL, NULL, NULL, NULL);
  CHECK(db != NULL);
  CHECK(chess_db_game_count(db) == 8);
  CHECK(chess_db_unreadable_count(db) == 2);
  ChessDbGames *found = chess_db_search_position(db, after_e4, -1, NULL);
  CHECK(chess_db_games_count(found) == 4);
  ChessDbMatch m = {0, 0};
  CHECK(chess_db_games_at(found, 3, &m) == CHESS_OK && m.game == 6 && m.ply == 1);
  chess_db_games_free(found);
  uint64_t in_file = 0;
  char file[4096];
  size_t len = chess_db_game_file(db, 6, &in_file, file, sizeof file);
  CHECK(len > 0 && len == strlen(file) && in_file == 2);
  CHECK(strstr(file, "api_test_folder/b.pgn") != NULL);
  CHECK(chess_db_game_file(db, 6, NULL, NULL, 0) == len);
  CHECK(chess_db_game_file(db, 9, &in_file, file, sizeof file) == 0 && in_file == 0);
  CHECK_STR(file, "");
  CHECK(chess_db_game_file(NULL, 1, &in_file, file, sizeof file) == 0);
  ChessGame *g = chess_db_read_game(db, 8);
  CHECK(g != NULL && chess_game_move_count(g) == 4);
  chess_game_free(g);
  chess_db_free(db);
  remove("api_test_folder/a.pgn");
  remove("api_test_folder/b.pgn");
  rmdir("api_test_folder");
  DIR *cache = opendir("api_test_cache");
  CHECK(cache != NULL);
  for (struct dirent *e = readdir(cache); e != NULL; e = readdir(cache)) {
    char path[512];
    snprintf(path, sizeof path, "api_test_cache/%s", e->d_name);
    if (e->d_name[0] != '.') remove(path);
  }
  closedir(cache);
  rmdir("api_test_cache");
  unsetenv("CHESS_DB_CACHE");
}

static void game_collections(void) {
  const char *pgn = "api_test_games.pgn", *index = "api_test_games.sqlite";
  FILE *f = fopen(pgn, "wb");
  CHECK(f != NULL);
  fputs(COLLECTION, f);
  fclose(f);
  remove(index);

  /* Cancelled: NULL, CHESS_ERR_CANCELLED, and the next open goes on. */
  int32_t cancel = 0;
  CHECK(chess_db_open(pgn, index, on_progress, &cancel, &cancel) == NULL);
  CHECK(strstr(chess_last_error(), "cancelled") != NULL);
  CHECK(progress_calls == 1);

  ChessDb *db = chess_db_open(pgn, index, on_progress, NULL, NULL);
  CHECK(db != NULL);
  CHECK(chess_db_game_count(db) == 4);
  CHECK(chess_db_unreadable_count(db) == 1);

  /* Position: after 1. e4 (games 1 and 2, at ply 1; the broken game is
     left out). */
  ChessGame *line = chess_game_new();
  CHECK(chess_game_play_san(line, "e4") == CHESS_OK);
  ChessDbGames *found = chess_db_search_position(db, chess_game_position(line), -1, NULL);
  CHECK(chess_db_games_count(found) == 2);
  ChessDbMatch m = {0, 0};
  CHECK(chess_db_games_at(found, 1, &m) == CHESS_OK && m.game == 2 && m.ply == 1);
  CHECK(chess_db_games_at(found, 2, &m) == CHESS_ERR_INVALID_ARG);
  CHECK(chess_db_games_at(found, SIZE_MAX, &m) == CHESS_ERR_INVALID_ARG);
  CHECK(chess_db_games_at(found, 0, NULL) == CHESS_ERR_NULL);
  chess_db_games_free(found);
  /* Not within the first 0 plies. */
  found = chess_db_search_position(db, chess_game_position(line), 0, NULL);
  CHECK(chess_db_games_count(found) == 0);
  chess_db_games_free(found);

  /* Filters, alone and with a position. */
  ChessDbFilter *filter = chess_db_filter_new();
  CHECK(chess_db_filter_set(filter, "player", "NAKA") == CHESS_OK);
  CHECK(chess_db_filter_set(filter, "min-elo", "strong") == CHESS_ERR_INVALID_ARG);
  CHECK(strstr(chess_last_error(), "min-elo") != NULL);
  CHECK(chess_db_filter_set(filter, "colour", "white") == CHESS_ERR_INVALID_ARG);
  CHECK(chess_db_filter_set(NULL, "player", "x") == CHESS_ERR_NULL);
  CHECK(chess_db_filter_set(filter, NULL, "x") == CHESS_ERR_NULL);
  found = chess_db_filter(db, filter);
  CHECK(chess_db_games_count(found) == 2);
  CHECK(chess_db_games_at(found, 1, &m) == CHESS_OK && m.game == 4 && m.ply == 0);
  chess_db_games_free(found);
  found = chess_db_search_position(db, chess_game_position(line), -1, filter);
  CHECK(chess_db_games_count(found) == 1);
  chess_db_games_free(found);
  found = chess_db_filter(db, NULL);
  CHECK(chess_db_games_count(found) == 3);
  chess_db_games_free(found);

  /* Material: rook against rook, then the king and rook alone for Black. */
  found = chess_db_search_material(db, "KRkr", 1, NULL);
  CHECK(chess_db_games_count(found) == 1);
  chess_db_games_free(found);
  CHECK(chess_db_search_material(db, "KRZ", 1, NULL) == NULL);
  CHECK(chess_db_search_material(db, NULL, 1, NULL) == NULL);

  /* The explorer at the start: 1. e4 twice (a win and a draw). */
  ChessPosition *start = chess_position_new();
  ChessDbExplorer *ex = chess_db_explore(db, start, NULL);
  CHECK(ex != NULL);
  uint64_t white = 0, draws = 0, black = 0;
  CHECK(chess_db_explorer_games(ex, &white, &draws, &black) == 2);
  CHECK(white == 1 && draws == 1 && black == 0);
  CHECK(chess_db_explorer_move_count(ex) == 1);
  ChessDbMoveStats row;
  CHECK(chess_db_explorer_move(ex, 0, &row) == CHESS_OK);
  CHECK(row.move.from == 12 && row.move.to == 28 && row.games == 2 && row.last_year == 2024);
  CHECK(row.average_elo == 2825);
  char san[16];
  CHECK(chess_db_explorer_move_san(ex, 0, san, sizeof san) == 2);
  CHECK_STR(san, "e4");
  CHECK(chess_db_explorer_move_san(ex, 1, san, sizeof san) == 0);
  CHECK_STR(san, "");
  CHECK(chess_db_explorer_top_count(ex) == 1);
  ChessDbTopGame top;
  CHECK(chess_db_explorer_top(ex, 0, &top) == CHESS_OK);
  CHECK(top.game == 1 && top.result == CHESS_OUTCOME_WHITE_WINS && top.year == 2024 && top.white_elo == 2850);
  char name[8];
  CHECK(chess_db_explorer_top_white(ex, 0, name, sizeof name) == 7);
  CHECK_STR(name, "Carlsen");
  CHECK(chess_db_explorer_top_black(ex, 0, name, 4) == 8); /* cut, NUL-terminated */
  CHECK_STR(name, "Nak");
  chess_db_explorer_free(ex);
  CHECK(chess_db_explore(db, NULL, NULL) == NULL);
  CHECK(chess_db_explore(NULL, start, NULL) == NULL);

  /* Games back: read, and as written. */
  ChessGame *g = chess_db_read_game(db, 4);
  CHECK(g != NULL && chess_game_move_count(g) == 4);
  chess_game_free(g);
  CHECK(chess_db_read_game(db, 3) == NULL); /* the broken one */
  CHECK(chess_db_read_game(db, 0) == NULL);
  CHECK(chess_db_read_game(db, 5) == NULL);
  size_t len = chess_db_game_text(db, 2, NULL, 0);
  char *text = malloc(len + 1);
  CHECK(chess_db_game_text(db, 2, text, len + 1) == len);
  CHECK(strncmp(text, "[Event \"Club\"]", 14) == 0);
  free(text);

  /* A folder: its files are one collection, each game named by its file. */
  folder_collections(chess_game_position(line));

  /* NULL everywhere: errors, never crashes. */
  CHECK(chess_db_open(NULL, index, NULL, NULL, NULL) == NULL);
  CHECK(chess_db_open("/no/such/file.pgn", index, NULL, NULL, NULL) == NULL);
  CHECK(strstr(chess_last_error(), "/no/such/file.pgn") != NULL);
  CHECK(chess_db_game_count(NULL) == 0);
  CHECK(chess_db_games_count(NULL) == 0);
  CHECK(chess_db_explorer_move_count(NULL) == 0);
  chess_db_free(NULL);
  chess_db_filter_free(NULL);
  chess_db_games_free(NULL);
  chess_db_explorer_free(NULL);

  chess_db_filter_free(filter);
  chess_position_free(start);
  chess_game_free(line);
  chess_db_free(db);
  remove(pgn);
  remove(index);
}

int main(void) {
  last_error_outlives_the_next_failure();
  failed_string_functions_write_an_empty_string();
  indexes_are_checked_before_arithmetic();
  null_and_bad_colours_are_errors();
  a_result_tag_is_the_result();
  squares_by_name();
  pieces_by_name();
  every_tag_listed();
  the_game_tree();
  attacks();
  the_engine_reports_as_it_thinks();
  games_copied_and_made_from_positions();
  chess960();
  books_and_opening_names();
  game_collections();
  if (failures) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return 1;
  }
  printf("all checks passed\n");
  return 0;
}
